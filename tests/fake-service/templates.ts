// Text for generated mentions, one bank per project type, so seeded data reads like the real thing
// (a person looking at the demo should recognise a brand mention from a sales lead). `{name}` is the
// project's main keyword (brand, competitor, topic...), `{domain}` its website, if any.
// The banks themselves sit by kind of project: templates-own-site.ts (brand, backlinks),
// templates-market.ts (competitor, topic) and templates-sales.ts (leads, startup).

import { backlinks, brand } from './templates-own-site';
import { competitor, topic } from './templates-market';
import { leads, startup } from './templates-sales';

export interface MentionTemplate {
  title: string;
  snippet: string;
  summary: string;
  /** The sentiment this text carries: -1, 0 or 1. */
  sentiment: number;
}

export const TEMPLATES_BY_TYPE: Record<string, MentionTemplate[]> = {
  brandMonitoring: brand,
  backlinks,
  competitiveMonitoring: competitor,
  topicMonitoring: topic,
  leadsSalesOpportunities: leads,
  startup,
};
