// The seeded demo account: projects of every type around one fictional e-bike maker (Acme, whose
// site is acme.test) and about fifty mentions spread over all seven sources and the last month.

import type { Rng } from './prng';
import { DAY_MS, HOUR_MS, MINUTE_MS } from './time';
import type { ProjectData } from './validation';

export const DEMO_API_KEY = 'demo-key-0123456789';

/** First ids handed out; real services rarely start at 1, and clients must not assume they do. */
export const FIRST_PROJECT_ID = 1201;
export const FIRST_MENTION_ID = 58001;

export interface SeedProject {
  data: ProjectData;
  /** How many mentions the seed gives this project. */
  mentions: number;
}

const ALL_SOURCES = 'twitter,linkedin,social,youtube,reddit,web,blogs';

export const SEED_PROJECTS: SeedProject[] = [
  {
    mentions: 14,
    data: {
      name: 'Acme',
      type: 'brandMonitoring',
      language: 'en,de,nl',
      source: ALL_SOURCES,
      location: 'all',
      email_notification: 1,
      browser_notification: 1,
      fields: {
        brand_url: 'acme.test',
        brand_name: 'Acme\nAcme Roadrunner\nAcme Cargo',
        brand_excluded_keywords: 'acme corp careers\nlooney tunes',
      },
    },
  },
  {
    mentions: 8,
    data: {
      name: 'Acme backlinks',
      type: 'backlinks',
      language: 'en,de',
      source: 'web,blogs',
      location: 'us,gb,de',
      email_notification: 0,
      browser_notification: 1,
      fields: { backlinks_url: 'acme.test' },
    },
  },
  {
    mentions: 10,
    data: {
      name: 'Competitor: Globex',
      type: 'competitiveMonitoring',
      language: 'en',
      source: 'twitter,reddit,web,youtube,linkedin',
      location: 'all',
      email_notification: 0,
      browser_notification: 0,
      fields: {
        competitor_url: 'globex.test',
        competitior_name: 'Globex\nGlobex Volt',
        competitior_excluded_keywords: 'globex careers',
      },
    },
  },
  {
    mentions: 10,
    data: {
      name: 'E-bike policy',
      type: 'topicMonitoring',
      language: 'all',
      source: 'web,blogs,reddit,social,twitter',
      location: 'all',
      email_notification: 1,
      browser_notification: 0,
      fields: {
        topic_keywords: 'e-bikes\nspeed pedelec\nbike lanes',
        topic_excluded_keywords: 'toy\nmotorcycle',
      },
    },
  },
  {
    mentions: 8,
    data: {
      name: 'Leads: delivery fleets',
      type: 'leadsSalesOpportunities',
      language: 'en,nl',
      source: 'reddit,linkedin,twitter,social',
      location: 'nl,be,de',
      email_notification: 1,
      browser_notification: 1,
      fields: {
        sales_product_description:
          'Electric cargo bikes for delivery fleets, with service included',
        sales_keywords: 'cargo bike supplier\nfleet leasing\nlast-mile delivery',
        sales_competitors: 'Globex\nInitech Mobility',
        sales_excluded_keywords: 'hiring\njob',
      },
    },
  },
  {
    // No mentions on purpose: an empty project is a state the client has to show too.
    mentions: 0,
    data: {
      name: 'Kickstand (side project)',
      type: 'startup',
      language: 'en',
      source: 'reddit,twitter,blogs',
      location: 'all',
      email_notification: 0,
      browser_notification: 0,
      fields: {
        startup_keywords: 'secure bike parking\nbike storage app',
        startup_product_description: 'An app that finds guarded bike parking nearby',
        startup_competitors: 'ParkMyBike',
        startup_excluded_keywords: 'car parking',
      },
    },
  },
];

/**
 * When the i-th seeded mention was found, relative to now. The bucket depends on i only, so every
 * seed has the same mix: 40% within the last day, 40% within the week, 20% older than seven days.
 */
export function seedAge(rng: Rng, index: number): number {
  const bucket = index % 10;
  if (bucket < 4) return rng.int(5 * MINUTE_MS, 20 * HOUR_MS);
  if (bucket < 8) return rng.int(DAY_MS + HOUR_MS, 7 * DAY_MS - HOUR_MS);
  return rng.int(8 * DAY_MS, 40 * DAY_MS);
}
