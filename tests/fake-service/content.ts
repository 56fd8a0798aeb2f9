// Text for generated mentions, one bank per project type, so seeded data reads like the real thing
// (a person looking at the demo should recognise a brand mention from a sales lead). `{name}` is the
// project's main keyword (brand, competitor, topic...), `{domain}` its website, if any.

export interface MentionTemplate {
  title: string;
  snippet: string;
  summary: string;
  /** The sentiment this text carries: -1, 0 or 1. */
  sentiment: number;
}

const brand: MentionTemplate[] = [
  {
    title: 'Finally picked up the {name} Roadrunner: first impressions',
    snippet:
      'Rode it 40 km on the first weekend. The torque sensor is smooth and the battery still showed 60%. Brakes squeal a bit in the rain.',
    summary: 'A new owner is happy with the {name} Roadrunner after a first long ride.',
    sentiment: 1,
  },
  {
    title: '{name} Roadrunner vs. commuting by car: one month in',
    snippet:
      'Saved about 120 EUR on fuel and parking this month. The {name} app ride log is surprisingly useful.',
    summary: 'Commuter compares a month on the {name} Roadrunner with driving.',
    sentiment: 1,
  },
  {
    title: "Anyone else having trouble with {name}'s app after the 3.2 update?",
    snippet:
      "Since yesterday the app won't pair with my bike. Support says a fix is coming this week.",
    summary: 'Users report pairing problems with the {name} app after an update.',
    sentiment: -1,
  },
  {
    title: '{name} announces Roadrunner 2 with a removable 720 Wh battery',
    snippet: 'The new model ships in spring; pre-orders open today on {domain}.',
    summary: '{name} announced a second-generation Roadrunner.',
    sentiment: 0,
  },
  {
    title: '{name} support actually fixed my issue in one day',
    snippet: 'Cracked fender, sent a photo, replacement arrived the next day. Impressed.',
    summary: 'Positive customer-support experience with {name}.',
    sentiment: 1,
  },
  {
    title: 'Is the {name} Cargo worth the price for a family of four?',
    snippet: 'Looking at the {name} Cargo for school runs. Two kids, hilly town. Opinions?',
    summary: 'A parent asks whether the {name} Cargo suits a family.',
    sentiment: 0,
  },
  {
    title: 'Review: {name} Cargo long-term test after six months',
    snippet:
      'After 2,300 km: chain replaced once, no electrical issues, the kickstand is the weak point.',
    summary: 'Long-term review of the {name} Cargo, mostly positive.',
    sentiment: 1,
  },
  {
    title: '{name} recalls a batch of chargers',
    snippet:
      '{name} is replacing chargers sold between March and May; check the serial on {domain}/recall.',
    summary: 'Charger recall announced by {name}.',
    sentiment: -1,
  },
  {
    title: 'Spotted a fleet of {name} bikes at the train station',
    snippet: 'Looks like the city bike-share is testing {name} bikes. Anyone tried them yet?',
    summary: 'A city bike-share appears to be trialling {name} bikes.',
    sentiment: 0,
  },
  {
    title: "{name}'s new store in Rotterdam is open",
    snippet: 'Test rides every Saturday, coffee included.',
    summary: '{name} opened a store in Rotterdam.',
    sentiment: 0,
  },
  {
    title: 'Disappointed with {name} delivery times',
    snippet: "Ordered six weeks ago, the order still says 'preparing shipment'. Not great.",
    summary: 'A customer complains about slow delivery from {name}.',
    sentiment: -1,
  },
  {
    title: 'How I service my {name} Roadrunner brakes at home',
    snippet: 'Walk-through: pads, bleeding, and adjusting the lever reach. Takes about 30 minutes.',
    summary: 'A DIY maintenance guide for {name} bikes.',
    sentiment: 0,
  },
  {
    title: '{name} Roadrunner unboxing and first ride',
    snippet: '',
    summary: 'Unboxing video of the {name} Roadrunner.',
    sentiment: 1,
  },
  {
    title: 'Thinking about returning my {name}: the motor hum drives me crazy',
    snippet: 'It is fine on flat roads but above 20 km/h there is a whine I cannot unhear.',
    summary: 'An owner is unhappy with motor noise on a {name} bike.',
    sentiment: -1,
  },
];

const backlinks: MentionTemplate[] = [
  {
    title: 'The 10 best e-bikes for city commuting',
    snippet:
      'Our top pick for most riders is the Roadrunner from {domain}: light, quiet and fairly priced.',
    summary: 'Buying guide that links to {domain} as its top pick.',
    sentiment: 1,
  },
  {
    title: 'Cargo bikes compared: what we learned after 3,000 km',
    snippet: 'Full specifications are on the makers\u2019 sites ({domain}, globex.test).',
    summary: 'Comparison article linking to {domain}.',
    sentiment: 0,
  },
  {
    title: 'Resources: bike-friendly employers and suppliers',
    snippet: 'A list of suppliers that offer fleet discounts, including {domain}.',
    summary: 'A resource page lists {domain}.',
    sentiment: 0,
  },
  {
    title: 'Interview: the team behind a small battery lab',
    snippet: 'Read more about their work at {domain}/about.',
    summary: 'Interview that links to the {domain} about page.',
    sentiment: 1,
  },
  {
    title: 'Weekend links: cycling, cities and climate',
    snippet: '5. A practical guide to winter riding ({domain}/blog/winter-riding).',
    summary: 'A link roundup includes a {domain} blog post.',
    sentiment: 0,
  },
  {
    title: 'How to choose a cargo bike for your kids',
    snippet: 'Check the load rating first; {domain} publishes theirs, most shops do not.',
    summary: 'Advice article citing {domain}.',
    sentiment: 0,
  },
  {
    title: 'Local dealer list: electric bikes',
    snippet: '',
    summary: 'Dealer directory with a link to {domain}.',
    sentiment: 0,
  },
  {
    title: 'Podcast episode 42: building bikes people keep',
    snippet: 'Show notes: {domain}, the repairability index, and our listener questions.',
    summary: 'Podcast show notes link to {domain}.',
    sentiment: 1,
  },
];

const competitor: MentionTemplate[] = [
  {
    title: '{name} Volt review: fast but heavy',
    snippet: 'At 31 kg the {name} Volt is a handful on stairs, but it flies on the flat.',
    summary: 'Mixed review of the {name} Volt.',
    sentiment: 0,
  },
  {
    title: '{name} cuts prices on the Volt by 15%',
    snippet: 'The discount runs until the end of the month on {domain} and at dealers.',
    summary: '{name} announced a price cut.',
    sentiment: 0,
  },
  {
    title: 'Switched from {name} to Acme, here is why',
    snippet: 'Two warranty claims in one year. The Acme shop fixed the same issue in a day.',
    summary: 'A customer left {name} for a competitor.',
    sentiment: -1,
  },
  {
    title: '{name} app outage leaves riders locked out',
    snippet: 'The app-based lock failed for about three hours this morning.',
    summary: 'Service outage at {name}.',
    sentiment: -1,
  },
  {
    title: '{name} opens an assembly plant in Poland',
    snippet: 'The plant will build 80,000 frames a year from 2026.',
    summary: '{name} expands production.',
    sentiment: 0,
  },
  {
    title: '{name} partners with DeliverNow for courier fleets',
    snippet: 'DeliverNow will lease 1,200 {name} cargo bikes across five cities.',
    summary: 'Fleet partnership announced by {name}.',
    sentiment: 1,
  },
  {
    title: 'Is the {name} warranty any good?',
    snippet: '',
    summary: 'A buyer asks about {name} warranty terms.',
    sentiment: 0,
  },
  {
    title: '{name} Volt 2: leaked photos',
    snippet: 'Integrated lights, a bigger display and what looks like a belt drive.',
    summary: 'Photos of an unreleased {name} model surfaced.',
    sentiment: 0,
  },
  {
    title: '{name} vs Acme: which cargo bike holds its value?',
    snippet: 'Looked at 200 second-hand listings. {name} bikes lose about 10% more in two years.',
    summary: 'Resale comparison between {name} and Acme.',
    sentiment: -1,
  },
  {
    title: 'Loving my new {name} Volt so far',
    snippet: 'Zero issues after 500 km, and the app finally works offline.',
    summary: 'Happy {name} owner.',
    sentiment: 1,
  },
];

const topic: MentionTemplate[] = [
  {
    title: 'City council votes to double protected bike lanes by 2027',
    snippet: 'The plan adds 45 km of separated lanes and prioritises school routes.',
    summary: 'Local government expands cycling infrastructure.',
    sentiment: 1,
  },
  {
    title: 'New EU rules for speed pedelecs: what changes',
    snippet: 'Number plates, helmets and insurance: a summary of the proposal on {name}.',
    summary: 'Overview of proposed EU regulation.',
    sentiment: 0,
  },
  {
    title: 'Insurance for e-bikes: is it mandatory?',
    snippet: 'Short answer: it depends on the motor power and your country.',
    summary: 'Explainer on e-bike insurance requirements.',
    sentiment: 0,
  },
  {
    title: 'Study: e-bike commuters get nearly as much exercise as cyclists',
    snippet: 'Riders made longer trips, which made up for the motor assistance.',
    summary: 'Research on the health effects of {name}.',
    sentiment: 1,
  },
  {
    title: 'Battery safety standards for e-bikes proposed after apartment fires',
    snippet: 'The draft requires certified chargers and cell-level fuses.',
    summary: 'New safety standards proposed.',
    sentiment: -1,
  },
  {
    title: 'Why e-bike thefts are rising, and what actually helps',
    snippet: 'Two locks, one of them a chain, and never the same spot every day.',
    summary: 'Advice on preventing theft.',
    sentiment: -1,
  },
  {
    title: 'Tax incentives for e-bikes: a country-by-country guide',
    snippet: '',
    summary: 'Guide to purchase incentives for {name}.',
    sentiment: 1,
  },
  {
    title: 'Should e-bikes be allowed on mountain trails?',
    snippet: 'Trail associations are split; most allow class 1 pedal-assist only.',
    summary: 'Debate on trail access.',
    sentiment: 0,
  },
  {
    title: 'Winter riding: how cold affects e-bike batteries',
    snippet: 'Expect 20 to 30% less range below freezing. Store the battery indoors.',
    summary: 'Practical advice about batteries in winter.',
    sentiment: 0,
  },
  {
    title: 'Our town tried free e-bike loans for a month',
    snippet: 'Car trips by participants dropped by a third; half of them bought a bike afterwards.',
    summary: 'A pilot programme reduced car trips.',
    sentiment: 1,
  },
];

const leads: MentionTemplate[] = [
  {
    title: 'Looking for a supplier of cargo e-bikes for our bakery deliveries',
    snippet:
      'We deliver bread to 30 cafes every morning. Vans are a pain downtown. Who sells {name}?',
    summary: 'A bakery is looking for a cargo bike supplier.',
    sentiment: 0,
  },
  {
    title: 'Recommendations for e-bike fleet leasing?',
    snippet: 'Need 10 to 15 bikes with service included, Benelux area.',
    summary: 'Company asks for fleet leasing options.',
    sentiment: 0,
  },
  {
    title: 'We need 20 cargo bikes for last-mile delivery: who should we talk to?',
    snippet: 'Budget approved, looking to sign before next quarter.',
    summary: 'Purchase intent for 20 cargo bikes.',
    sentiment: 1,
  },
  {
    title: 'Any experience with e-bike fleets for hospital couriers?',
    snippet: 'Lab samples between three sites, about 8 km apart.',
    summary: 'A hospital is exploring bike couriers.',
    sentiment: 0,
  },
  {
    title: 'RFP: electric cargo bikes for the municipal parks department',
    snippet: 'Tender documents are online; deadline in three weeks.',
    summary: 'Public tender for cargo bikes.',
    sentiment: 0,
  },
  {
    title: 'Which e-bike brands offer fleet maintenance contracts?',
    snippet: '',
    summary: 'Buyer researching maintenance contracts.',
    sentiment: 0,
  },
  {
    title: 'Our courier startup is switching from vans to bikes: advice?',
    snippet: 'Our current supplier keeps missing delivery dates. Open to alternatives.',
    summary: 'A courier startup is unhappy with its current supplier.',
    sentiment: -1,
  },
  {
    title: 'Fed up with our bike fleet vendor',
    snippet:
      'Three bikes out of service for a month waiting for parts. Looking for someone reliable.',
    summary: 'A fleet operator wants to switch vendors.',
    sentiment: -1,
  },
];

const startup: MentionTemplate[] = [
  {
    title: 'Where do you park your bike overnight in the city?',
    snippet: 'Lost two bikes already. Is there an app for secure parking spots?',
    summary: 'Someone is looking for secure bike parking.',
    sentiment: -1,
  },
  {
    title: 'Show HN: a map of guarded bike parking in 40 cities',
    snippet: 'Built it after my bike was stolen; feedback welcome.',
    summary: 'A similar product was launched.',
    sentiment: 0,
  },
  {
    title: 'Secure bike storage for apartment buildings: worth it?',
    snippet: 'Our building is considering lockers in the garage.',
    summary: 'Discussion about residential bike storage.',
    sentiment: 0,
  },
  {
    title: 'Finally found a guarded bike garage near the station',
    snippet: '',
    summary: 'A commuter found secure parking.',
    sentiment: 1,
  },
];

export const TEMPLATES_BY_TYPE: Record<string, MentionTemplate[]> = {
  brandMonitoring: brand,
  backlinks,
  competitiveMonitoring: competitor,
  topicMonitoring: topic,
  leadsSalesOpportunities: leads,
  startup,
};

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
