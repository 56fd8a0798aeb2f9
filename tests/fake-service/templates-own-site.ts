// Mention texts for projects that watch one's own name: a brand, and the links to its site. The
// banks by project type, and what `{name}` and `{domain}` stand for: templates.ts.

import type { MentionTemplate } from './templates';

export const brand: MentionTemplate[] = [
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

export const backlinks: MentionTemplate[] = [
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
