// The server's view of project fields, written from docs/service/api.md on purpose and
// not imported from lib/: the fake models the service, so a typo in the client's field table must
// be caught here rather than copied.

export const PROJECT_TYPES = [
  'backlinks',
  'brandMonitoring',
  'competitiveMonitoring',
  'topicMonitoring',
  'leadsSalesOpportunities',
  'startup',
] as const;

/** The contract's "the service" source is reddit (docs/service/notes.md). */
export const SOURCES = [
  'twitter',
  'linkedin',
  'social',
  'youtube',
  'reddit',
  'web',
  'blogs',
] as const;

/** Fields every add/edit must carry, in the order errors are reported. */
export const BASE_FIELDS = [
  'name',
  'type',
  'language',
  'source',
  'location',
  'email_notification',
  'browser_notification',
] as const;

export type TypeFieldFormat = 'domain' | 'keywords' | 'text';

/** Type-specific fields, each valid only for its own type. Spelling exactly as the contract. */
export const TYPE_FIELDS: Record<string, Record<string, TypeFieldFormat>> = {
  backlinks: { backlinks_url: 'domain' },
  brandMonitoring: {
    brand_url: 'domain',
    brand_name: 'keywords',
    brand_excluded_keywords: 'keywords',
  },
  competitiveMonitoring: {
    competitor_url: 'domain',
    competitior_name: 'keywords',
    competitior_excluded_keywords: 'keywords',
  },
  topicMonitoring: { topic_keywords: 'keywords', topic_excluded_keywords: 'keywords' },
  leadsSalesOpportunities: {
    sales_product_description: 'text',
    sales_keywords: 'keywords',
    sales_competitors: 'keywords',
    sales_excluded_keywords: 'keywords',
  },
  startup: {
    startup_keywords: 'keywords',
    startup_product_description: 'text',
    startup_competitors: 'keywords',
    startup_excluded_keywords: 'keywords',
  },
};

/** The type a type-specific field belongs to, or undefined for a field of no type. */
export function typeOfField(field: string): string | undefined {
  return Object.keys(TYPE_FIELDS).find((type) => Object.hasOwn(TYPE_FIELDS[type], field));
}

export const NAME_MAX_CHARS = 100;
export const DOMAIN_MAX_CHARS = 255;
