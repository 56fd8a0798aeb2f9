// The field table: the one place that lists every field a project has, common and type-specific:
// its name on the wire, its kind, its words, its limits, which types have it and whether the
// "monitor this site" form fills it from the site. The input schema (schema.ts), the request body
// (encode.ts), the form's state (form-state.ts), the service record's schema
// (lib/service/schemas.ts) and both forms (components/form/) are derived from it, so a field
// added here is one row, and every one of them follows.

import { t, type MessageKey } from '@/lib/i18n';
import { PROJECT_TYPES, type Flag, type ProjectType, type Source } from '@/lib/projects/types';

/** How a type's own field is entered, checked and sent: optional text, in its wire form. */
export type FieldKind = 'domain' | 'keywords' | 'description';
/** How a field every project has is entered, checked, sent and read back from the service. */
export type CommonKind = 'name' | 'type' | 'languages' | 'sources' | 'locations' | 'flag';

/** A common field's value in a ProjectInput, by kind. */
export interface CommonValues {
  name: string;
  type: ProjectType;
  /** Comma-separated language codes, or `all`. */
  languages: string;
  sources: Source[];
  /** Comma-separated location codes, or `all`. */
  locations: string;
  flag: Flag;
}

/** Limits from the contract (name, domains) and our own (descriptions: the contract says "short"). */
export const NAME_MAX_CHARS = 100;
export const DOMAIN_MAX_CHARS = 255;
export const DESCRIPTION_MAX_CHARS = 1000;

/** One row of the table. Words are catalogue keys, looked up when read (see FieldSpec). */
export interface FieldRow<
  N extends string = string,
  K extends CommonKind | FieldKind = CommonKind | FieldKind,
  T extends 'all' | ProjectType = 'all' | ProjectType,
> {
  /** The contract's field name, spelled exactly as the service expects it. */
  readonly name: N;
  readonly kind: K;
  /** Every type (`all`, a common field), or the one type that has it. */
  readonly types: T;
  readonly label: MessageKey;
  /** The options form's hint under the field. */
  readonly help?: MessageKey;
  /** At most this many characters (by kind: KIND_MAX; a domain's limit is domain.ts's). */
  readonly max?: number;
  /** Flags: a new project's value. */
  readonly initial?: Flag;
  /** The site form fills it with the current site's host, or with the site's name as a keyword. */
  readonly site?: 'host' | 'name';
}

// Limits by kind, where a row sets none: the contract's for a name, ours for a description.
const KIND_MAX: Partial<Record<CommonKind | FieldKind, number>> = {
  name: NAME_MAX_CHARS,
  description: DESCRIPTION_MAX_CHARS,
};

const row = <
  const N extends string,
  const K extends CommonKind | FieldKind,
  const T extends 'all' | ProjectType,
>(
  name: N,
  kind: K,
  types: T,
  label: MessageKey,
  help?: MessageKey,
  extra: Pick<FieldRow, 'max' | 'initial' | 'site'> = {},
): FieldRow<N, K, T> => ({ name, kind, types, label, help, max: KIND_MAX[kind], ...extra });

type OwnRow = [FieldKind, MessageKey, MessageKey, ('host' | 'name')?];

/** One type's own fields: wire name → kind, label, help and what the site form fills it with. */
const own = <const T extends ProjectType>(type: T, rows: Record<string, OwnRow>) =>
  Object.entries(rows).map(([name, [kind, label, help, site]]) =>
    row(name, kind, type, label, help, { site }),
  );

// Common fields first, in the contract's order; then each type's own, in the contract's order.
// The encoder sends a project's fields in exactly this order. (One row a line: a table.)
// prettier-ignore
export const FIELD_TABLE = [
  row('name', 'name', 'all', 'optionsFieldName', 'optionsNameHint'),
  row('type', 'type', 'all', 'optionsFieldType'),
  row('language', 'languages', 'all', 'optionsFieldLanguage', 'optionsLanguageHint'),
  row('source', 'sources', 'all', 'optionsFieldSource', 'optionsSourcesHint'),
  row('location', 'locations', 'all', 'optionsFieldLocation', 'optionsLocationHint'),
  // Email off and browser notifications on for a new project.
  row('email_notification', 'flag', 'all', 'optionsFieldEmailNotification', 'optionsEmailNotificationHint', { initial: 0 }),
  row('browser_notification', 'flag', 'all', 'optionsFieldBrowserNotification', 'optionsBrowserNotificationHint', { initial: 1 }),
  ...own('backlinks', {
    backlinks_url: ['domain', 'optionsFieldWebsite', 'optionsHelpBacklinksUrl', 'host'],
  }),
  ...own('brandMonitoring', {
    brand_url: ['domain', 'optionsFieldBrandWebsite', 'optionsHelpDomain', 'host'],
    brand_name: ['keywords', 'optionsFieldBrandNames', 'optionsHelpBrandNames', 'name'],
    brand_excluded_keywords: ['keywords', 'optionsFieldExcluded', 'optionsHelpExcluded'],
  }),
  ...own('competitiveMonitoring', {
    competitor_url: ['domain', 'optionsFieldCompetitorWebsite', 'optionsHelpDomain', 'host'],
    // The contract misspells the next two names; the service knows them only this way.
    competitior_name: ['keywords', 'optionsFieldCompetitorNames', 'optionsHelpCompetitorNames', 'name'],
    competitior_excluded_keywords: ['keywords', 'optionsFieldExcluded', 'optionsHelpExcluded'],
  }),
  ...own('topicMonitoring', {
    topic_keywords: ['keywords', 'optionsFieldTopicKeywords', 'optionsHelpTopicKeywords'],
    topic_excluded_keywords: ['keywords', 'optionsFieldExcluded', 'optionsHelpExcluded'],
  }),
  ...own('leadsSalesOpportunities', {
    sales_product_description: ['description', 'optionsFieldProductDescription', 'optionsHelpSalesDescription'],
    sales_keywords: ['keywords', 'optionsFieldSalesKeywords', 'optionsHelpSalesKeywords'],
    sales_competitors: ['keywords', 'optionsFieldCompetitors', 'optionsHelpCompetitors'],
    sales_excluded_keywords: ['keywords', 'optionsFieldExcluded', 'optionsHelpExcluded'],
  }),
  ...own('startup', {
    startup_keywords: ['keywords', 'optionsFieldStartupKeywords', 'optionsHelpStartupKeywords'],
    startup_product_description: ['description', 'optionsFieldProductDescription', 'optionsHelpStartupDescription'],
    startup_competitors: ['keywords', 'optionsFieldCompetitors', 'optionsHelpCompetitors'],
    startup_excluded_keywords: ['keywords', 'optionsFieldExcluded', 'optionsHelpExcluded'],
  }),
] as const;

type AnyRow = (typeof FIELD_TABLE)[number];
/** The rows every project has, with their literal names and kinds (for the derived types). */
export type CommonRow = Extract<AnyRow, { types: 'all' }>;
export type CommonField = CommonRow['name'];
/** The common fields of one kind (`flag`: the two notification switches). */
export type CommonFieldOf<K extends CommonKind> = Extract<CommonRow, { kind: K }>['name'];

/** A ProjectInput's common fields, each typed by its kind. */
export type CommonInput = { -readonly [R in CommonRow as R['name']]: CommonValues[R['kind']] };

/** A row as forms and messages read it: its words in the UI language, looked up when read. */
export interface FieldSpec<K extends CommonKind | FieldKind = FieldKind> {
  readonly name: string;
  readonly kind: K;
  readonly label: string;
  readonly help: string;
  readonly max?: number;
  readonly site?: 'host' | 'name';
  readonly initial?: Flag;
  readonly common: boolean;
}
export type AnyFieldSpec = FieldSpec<CommonKind | FieldKind>;

// Words are looked up when read, never at import: this module also loads where no browser.i18n
// exists yet (the build evaluates the background's imports), and the UI language is the browser's.
function toSpec(r: FieldRow): AnyFieldSpec {
  const { name, kind, max, site, initial, label, help } = r;
  return {
    name,
    kind,
    max,
    site,
    initial,
    common: r.types === 'all',
    get label() {
      return t(label);
    },
    get help() {
      // A description's help names its limit.
      return help ? t(help, max === undefined ? undefined : String(max)) : '';
    },
  };
}

const SPECS: readonly AnyFieldSpec[] = FIELD_TABLE.map(toSpec);
/** The common fields as forms and messages read them, in the contract's order. */
export const COMMON_SPECS: readonly AnyFieldSpec[] = SPECS.filter((spec) => spec.common);
const OWN_SPECS = Object.fromEntries(
  PROJECT_TYPES.map((type) => [type, SPECS.filter((_, i) => FIELD_TABLE[i].types === type)]),
) as unknown as Record<ProjectType, readonly FieldSpec[]>;

/** The common fields in the contract's order. */
export const COMMON_FIELDS: readonly CommonField[] = FIELD_TABLE.filter(
  (r): r is CommonRow => r.types === 'all',
).map((r) => r.name);

/** Every common row, for what is derived kind by kind (schemas, encoding, record readers). */
export const COMMON_ROWS: readonly CommonRow[] = FIELD_TABLE.filter(
  (r): r is CommonRow => r.types === 'all',
);

/** The names of the common fields of one kind, in table order. */
export function commonFieldsOf<K extends CommonKind>(kind: K): readonly CommonFieldOf<K>[] {
  return COMMON_ROWS.filter((r) => r.kind === kind).map((r) => r.name as CommonFieldOf<K>);
}

/** A type's own fields, in the contract's order. */
export function fieldsOf(type: ProjectType): readonly FieldSpec[] {
  return OWN_SPECS[type];
}

/** Every field a project of `type` has, common ones first: the order the encoder sends them. */
export function allFieldsOf(type: ProjectType): readonly AnyFieldSpec[] {
  return [...COMMON_SPECS, ...OWN_SPECS[type]];
}

/** The spec of `name` if it is one of `type`'s own fields; undefined for other types' fields. */
export function fieldOf(type: ProjectType, name: string): FieldSpec | undefined {
  return OWN_SPECS[type].find((f) => f.name === name);
}

/** The type's website field, if it has one (at most one per type). */
export function domainFieldOf(type: ProjectType): FieldSpec | undefined {
  return OWN_SPECS[type].find((f) => f.kind === 'domain');
}

/** The type's field the site form fills from the site: its host, or its name as a keyword. */
export function siteFieldOf(type: ProjectType, fill: 'host' | 'name'): FieldSpec | undefined {
  return OWN_SPECS[type].find((f) => f.site === fill);
}

/** A common field's spec, or one of `type`'s own; undefined for other types' fields. */
export function specOf(type: ProjectType, name: string): AnyFieldSpec | undefined {
  return COMMON_SPECS.find((spec) => spec.name === name) ?? fieldOf(type, name);
}

export function isCommonField(name: string): name is CommonField {
  return (COMMON_FIELDS as readonly string[]).includes(name);
}

/** The label of a common field or of any type's own field; the raw name for anything else. */
export function fieldLabel(name: string): string {
  return SPECS.find((spec) => spec.name === name)?.label ?? name;
}

// The words for the values of `type` and `source`, which forms list as choices.
export { SOURCE_OPTIONS, TYPE_OPTIONS, sourceLabel, typeLabel } from '@/lib/projects/labels';
