// Mention texts for projects that look for business: sales leads, and a startup's problem space.
// The banks by project type, and what `{name}` and `{domain}` stand for: templates.ts.

import type { MentionTemplate } from './templates';

export const leads: MentionTemplate[] = [
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

export const startup: MentionTemplate[] = [
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
