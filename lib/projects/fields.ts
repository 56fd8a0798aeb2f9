// The field table: the one place that says which fields a project type has, what they are called on
// the wire, and how a form shows them. Forms, validation and request encoding all read it, so a
// field added or renamed here changes every one of them together.

import { t, type MessageKey } from '../i18n';
import { PROJECT_TYPES, SOURCES, type ProjectType, type Source } from './types';

/** How a type-specific field is entered, checked and sent. */
export type FieldKind = 'domain' | 'keywords' | 'description';

export interface FieldSpec {
  /** The contract's field name, spelled exactly as the service expects it. */
  readonly name: string;
  /** In the UI language (browser.i18n), looked up when read. */
  readonly label: string;
  readonly kind: FieldKind;
  /** In the UI language, looked up when read. */
  readonly help: string;
}

/** Limits from the contract (name, domains) and our own (descriptions: the contract says "short"). */
export const NAME_MAX_CHARS = 100;
export const DOMAIN_MAX_CHARS = 255;
export const DESCRIPTION_MAX_CHARS = 1000;

// Words are looked up when read, never at import: this module also loads where no browser.i18n
// exists yet (the build evaluates the background's imports), and the UI language is the browser's.
function field(name: string, kind: FieldKind, label: MessageKey, help: MessageKey): FieldSpec {
  const substitution = kind === 'description' ? String(DESCRIPTION_MAX_CHARS) : undefined;
  return {
    name,
    kind,
    get label() {
      return t(label);
    },
    get help() {
      return t(help, substitution);
    },
  };
}

// Each type's fields in the contract's order; the encoder sends them in this order too.
const FIELDS: Readonly<Record<ProjectType, readonly FieldSpec[]>> = {
  backlinks: [field('backlinks_url', 'domain', 'optionsFieldWebsite', 'optionsHelpBacklinksUrl')],
  brandMonitoring: [
    field('brand_url', 'domain', 'optionsFieldBrandWebsite', 'optionsHelpDomain'),
    field('brand_name', 'keywords', 'optionsFieldBrandNames', 'optionsHelpBrandNames'),
    field('brand_excluded_keywords', 'keywords', 'optionsFieldExcluded', 'optionsHelpExcluded'),
  ],
  competitiveMonitoring: [
    field('competitor_url', 'domain', 'optionsFieldCompetitorWebsite', 'optionsHelpDomain'),
    // The contract misspells the next two names; the service knows them only this way.
    field(
      'competitior_name',
      'keywords',
      'optionsFieldCompetitorNames',
      'optionsHelpCompetitorNames',
    ),
    field(
      'competitior_excluded_keywords',
      'keywords',
      'optionsFieldExcluded',
      'optionsHelpExcluded',
    ),
  ],
  topicMonitoring: [
    field('topic_keywords', 'keywords', 'optionsFieldTopicKeywords', 'optionsHelpTopicKeywords'),
    field('topic_excluded_keywords', 'keywords', 'optionsFieldExcluded', 'optionsHelpExcluded'),
  ],
  leadsSalesOpportunities: [
    field(
      'sales_product_description',
      'description',
      'optionsFieldProductDescription',
      'optionsHelpSalesDescription',
    ),
    field('sales_keywords', 'keywords', 'optionsFieldSalesKeywords', 'optionsHelpSalesKeywords'),
    field('sales_competitors', 'keywords', 'optionsFieldCompetitors', 'optionsHelpCompetitors'),
    field('sales_excluded_keywords', 'keywords', 'optionsFieldExcluded', 'optionsHelpExcluded'),
  ],
  startup: [
    field(
      'startup_keywords',
      'keywords',
      'optionsFieldStartupKeywords',
      'optionsHelpStartupKeywords',
    ),
    field(
      'startup_product_description',
      'description',
      'optionsFieldProductDescription',
      'optionsHelpStartupDescription',
    ),
    field('startup_competitors', 'keywords', 'optionsFieldCompetitors', 'optionsHelpCompetitors'),
    field('startup_excluded_keywords', 'keywords', 'optionsFieldExcluded', 'optionsHelpExcluded'),
  ],
};

const TYPE_LABELS: Readonly<Record<ProjectType, MessageKey>> = {
  backlinks: 'optionsType_backlinks',
  brandMonitoring: 'optionsType_brandMonitoring',
  competitiveMonitoring: 'optionsType_competitiveMonitoring',
  topicMonitoring: 'optionsType_topicMonitoring',
  leadsSalesOpportunities: 'optionsType_leadsSalesOpportunities',
  startup: 'optionsType_startup',
};

const SOURCE_LABELS: Readonly<Record<Source, MessageKey>> = {
  twitter: 'optionsSource_twitter',
  linkedin: 'optionsSource_linkedin',
  social: 'optionsSource_social',
  youtube: 'optionsSource_youtube',
  reddit: 'optionsSource_reddit',
  web: 'optionsSource_web',
  blogs: 'optionsSource_blogs',
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

const COMMON_LABELS: Readonly<Record<CommonField, MessageKey>> = {
  name: 'optionsFieldName',
  type: 'optionsFieldType',
  language: 'optionsFieldLanguage',
  source: 'optionsFieldSource',
  location: 'optionsFieldLocation',
  email_notification: 'optionsFieldEmailNotification',
  browser_notification: 'optionsFieldBrowserNotification',
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
  return t(TYPE_LABELS[type]);
}

export function sourceLabel(source: Source): string {
  return t(SOURCE_LABELS[source]);
}

export function isCommonField(name: string): name is CommonField {
  return (COMMON_FIELDS as readonly string[]).includes(name);
}

/** The label of a common field or of any type's own field; the raw name for anything else. */
export function fieldLabel(name: string): string {
  if (isCommonField(name)) return t(COMMON_LABELS[name]);
  for (const type of PROJECT_TYPES) {
    const spec = fieldOf(type, name);
    if (spec) return spec.label;
  }
  return name;
}

/**
 * Every source with its label, in the contract's order: what a form lists as checkboxes. Marked
 * pure so that a bundle which never lists sources (the service worker) leaves it out.
 */
export const SOURCE_OPTIONS: readonly { readonly value: Source; readonly label: string }[] =
  /* @__PURE__ */ SOURCES.map((value) => ({
    value,
    get label() {
      return sourceLabel(value);
    },
  }));

/** Every type with its label, in the contract's order: what a form lists as choices. */
export const TYPE_OPTIONS: readonly { readonly value: ProjectType; readonly label: string }[] =
  PROJECT_TYPES.map((value) => ({
    value,
    get label() {
      return typeLabel(value);
    },
  }));
