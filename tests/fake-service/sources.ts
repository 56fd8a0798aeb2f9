// Who publishes a generated mention and where: the authors each source shows, and the subreddits and
// hosts its links point to, so seeded data reads like the real thing (see templates.ts for the text).

/** People and accounts per source, in the style each platform shows them. */
export const AUTHORS_BY_SOURCE: Record<string, string[]> = {
  twitter: [
    '@lena_rides',
    '@cyclingdan',
    '@urbanmobility_nl',
    '@kmeyer',
    '@bike_tom',
    '@greenfleet',
  ],
  linkedin: ['Maria Jensen', 'Tom Okafor', 'Sofia Brandt', 'Daniel Kim', 'Priya Raman'],
  reddit: ['throwaway_commuter', 'pedal_pusher88', 'MidwestCyclist', 'cargo_dad', 'ebike_nerd'],
  youtube: ['Bike Reviews Weekly', 'The Commute Lab', 'Two Wheels Garage', 'Urban Rider TV'],
  social: ['jonas@mastodon.social', 'Hannah Schulz', 'fietser@mastodon.nl', 'Lucia Romero'],
  web: ['Sarah Lindqvist', 'Editorial team', 'Mark Ellis', 'Nadia Haddad'],
  blogs: ['Jess Patel', 'Oliver Grant', 'Anna Novak', 'Ben Carter'],
};

export const SUBREDDITS = ['ebikes', 'bikecommuting', 'CargoBike', 'cycling', 'smallbusiness'];

/** Hosts of news sites and blogs (under .test, which the e2e browser maps to loopback). */
export const WEB_HOSTS = [
  'citycycling-news.test',
  'greencommute.test',
  'ridemag.test',
  'www.velonews-daily.test',
];
export const BLOG_HOSTS = [
  'medium.com',
  'blog.pedalpower.test',
  'annanovak.substack.com',
  'wheelsandcities.test',
];
