// The field table: the one place that says which fields a project type has, what they are called on
// the wire, and how a form shows them. Forms, validation and request encoding all read it, so a
// field added or renamed here changes every one of them together.

import { PROJECT_TYPES, SOURCES, type ProjectType, type Source } from './types';

/** How a type-specific field is entered, checked and sent. */
export type FieldKind = 'domain' | 'keywords' | 'description';

export interface FieldSpec {
  /** The contract's field name, spelled exactly as the service expects it. */
  readonly name: string;
  readonly label: string;
  readonly kind: FieldKind;
  readonly help: string;
}

/** Limits from the contract (name, domains) and our own (descriptions: the contract says "short"). */
export const NAME_MAX_CHARS = 100;
export const DOMAIN_MAX_CHARS = 255;
export const DESCRIPTION_MAX_CHARS = 1000;

const KEYWORDS_HELP = 'One per line.';
const EXCLUDED_HELP = 'One per line. Mentions containing any of these are left out.';
const DOMAIN_HELP = 'A domain such as example.com; a pasted link is reduced to its domain.';
const DESCRIPTION_HELP = `A short description, at most ${DESCRIPTION_MAX_CHARS} characters.`;

// Each type's fields in the contract's order; the encoder sends them in this order too.
const FIELDS: Readonly<Record<ProjectType, readonly FieldSpec[]>> = {
  backlinks: [
    {
      name: 'backlinks_url',
      label: 'Website',
      kind: 'domain',
      help: `The site whose backlinks to find. ${DOMAIN_HELP}`,
    },
  ],
  brandMonitoring: [
    { name: 'brand_url', label: 'Brand website', kind: 'domain', help: DOMAIN_HELP },
    {
      name: 'brand_name',
      label: 'Brand names',
      kind: 'keywords',
      help: `Names and spellings of the brand. ${KEYWORDS_HELP}`,
    },
    {
      name: 'brand_excluded_keywords',
      label: 'Excluded keywords',
      kind: 'keywords',
      help: EXCLUDED_HELP,
    },
  ],
  competitiveMonitoring: [
    { name: 'competitor_url', label: 'Competitor website', kind: 'domain', help: DOMAIN_HELP },
    // The contract misspells the next two names; the service knows them only this way.
    {
      name: 'competitior_name',
      label: 'Competitor names',
      kind: 'keywords',
      help: `Names of the competitor. ${KEYWORDS_HELP}`,
    },
    {
      name: 'competitior_excluded_keywords',
      label: 'Excluded keywords',
      kind: 'keywords',
      help: EXCLUDED_HELP,
    },
  ],
  topicMonitoring: [
    {
      name: 'topic_keywords',
      label: 'Topic keywords',
      kind: 'keywords',
      help: `Words and phrases that define the topic. ${KEYWORDS_HELP}`,
    },
    {
      name: 'topic_excluded_keywords',
      label: 'Excluded keywords',
      kind: 'keywords',
      help: EXCLUDED_HELP,
    },
  ],
  leadsSalesOpportunities: [
    {
      name: 'sales_product_description',
      label: 'Product description',
      kind: 'description',
      help: `What you sell. ${DESCRIPTION_HELP}`,
    },
    {
      name: 'sales_keywords',
      label: 'Sales keywords',
      kind: 'keywords',
      help: `Words people use when looking for what you sell. ${KEYWORDS_HELP}`,
    },
    {
      name: 'sales_competitors',
      label: 'Competitors',
      kind: 'keywords',
      help: `Competing products or companies. ${KEYWORDS_HELP}`,
    },
    {
      name: 'sales_excluded_keywords',
      label: 'Excluded keywords',
      kind: 'keywords',
      help: EXCLUDED_HELP,
    },
  ],
  startup: [
    {
      name: 'startup_keywords',
      label: 'Startup keywords',
      kind: 'keywords',
      help: `Words that describe your startup and its market. ${KEYWORDS_HELP}`,
    },
    {
      name: 'startup_product_description',
      label: 'Product description',
      kind: 'description',
      help: `What your startup makes. ${DESCRIPTION_HELP}`,
    },
    {
      name: 'startup_competitors',
      label: 'Competitors',
      kind: 'keywords',
      help: `Competing products or companies. ${KEYWORDS_HELP}`,
    },
    {
      name: 'startup_excluded_keywords',
      label: 'Excluded keywords',
      kind: 'keywords',
      help: EXCLUDED_HELP,
    },
  ],
};

const TYPE_LABELS: Readonly<Record<ProjectType, string>> = {
  backlinks: 'Backlinks',
  brandMonitoring: 'Brand monitoring',
  competitiveMonitoring: 'Competitive monitoring',
  topicMonitoring: 'Topic monitoring',
  leadsSalesOpportunities: 'Leads and sales opportunities',
  startup: 'Startup',
};

const SOURCE_LABELS: Readonly<Record<Source, string>> = {
  twitter: 'Twitter',
  linkedin: 'LinkedIn',
  social: 'Social',
  youtube: 'YouTube',
  reddit: 'Reddit',
  web: 'Web',
  blogs: 'Blogs',
};

/** The fields every project has, in the contract's order, with the labels error messages use. */
export const COMMON_FIELDS = [
  'name',
  'type',
  'language',
  'source',
  'location',
  'email_notification',
  'browser_notification',
] as const;
export type CommonField = (typeof COMMON_FIELDS)[number];

const COMMON_LABELS: Readonly<Record<CommonField, string>> = {
  name: 'Name',
  type: 'Project type',
  language: 'Languages',
  source: 'Sources',
  location: 'Locations',
  email_notification: 'Email notifications',
  browser_notification: 'Browser notifications',
};

export function fieldsOf(type: ProjectType): readonly FieldSpec[] {
  return FIELDS[type];
}

/** The spec of `name` if it is one of `type`'s own fields; undefined for other types' fields. */
export function fieldOf(type: ProjectType, name: string): FieldSpec | undefined {
  return FIELDS[type].find((f) => f.name === name);
}

/** The type's website field, if it has one (at most one per type). */
export function domainFieldOf(type: ProjectType): FieldSpec | undefined {
  return FIELDS[type].find((f) => f.kind === 'domain');
}

export function typeLabel(type: ProjectType): string {
  return TYPE_LABELS[type];
}

export function sourceLabel(source: Source): string {
  return SOURCE_LABELS[source];
}

export function isCommonField(name: string): name is CommonField {
  return (COMMON_FIELDS as readonly string[]).includes(name);
}

/** The label of a common field or of any type's own field; the raw name for anything else. */
export function fieldLabel(name: string): string {
  if (isCommonField(name)) return COMMON_LABELS[name];
  for (const type of PROJECT_TYPES) {
    const spec = fieldOf(type, name);
    if (spec) return spec.label;
  }
  return name;
}

/** Every source with its label, in the contract's order: what a form lists as checkboxes. */
export const SOURCE_OPTIONS: readonly { readonly value: Source; readonly label: string }[] =
  SOURCES.map((value) => ({ value, label: SOURCE_LABELS[value] }));

/** Every type with its label, in the contract's order: what a form lists as choices. */
export const TYPE_OPTIONS: readonly { readonly value: ProjectType; readonly label: string }[] =
  PROJECT_TYPES.map((value) => ({ value, label: TYPE_LABELS[value] }));
