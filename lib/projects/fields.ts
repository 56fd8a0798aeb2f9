// The field table: the one place that lists every field a project has, common and type-specific:
// its name on the wire, its kind, its words, its limits, which types have it and whether the
// "monitor this site" form fills it from the site. The input schema (schema.ts), the request body
// (encode.ts), the form's state (form-state.ts), the service record's schema
// (lib/service/schemas.ts) and both forms (components/form/) are derived from it, so a field
// added here is one row, and every one of them follows.

import { t, type MessageKey } from '../i18n';
import { PROJECT_TYPES, type Flag, type ProjectType, type Source } from './types';

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
  /** At most this many characters (name, description; a domain's limit is domain.ts's). */
  readonly max?: number;
  /** Flags: a new project's value. */
  readonly initial?: Flag;
  /** The site form fills it with the current site's host, or with the site's name as a keyword. */
  readonly site?: 'host' | 'name';
}

type Extra = Pick<FieldRow, 'help' | 'max' | 'initial' | 'site'>;

const row = <
  const N extends string,
  const K extends CommonKind | FieldKind,
  const T extends 'all' | ProjectType,
>(
  name: N,
  kind: K,
  types: T,
  label: MessageKey,
  extra: Extra = {},
): FieldRow<N, K, T> => ({ name, kind, types, label, ...extra });

// Common fields first, in the contract's order; then each type's own, in the contract's order.
// The encoder sends a project's fields in exactly this order.
export const FIELD_TABLE = [
  row('name', 'name', 'all', 'optionsFieldName', { help: 'optionsNameHint', max: NAME_MAX_CHARS }),
  row('type', 'type', 'all', 'optionsFieldType'),
  row('language', 'languages', 'all', 'optionsFieldLanguage', { help: 'optionsLanguageHint' }),
  row('source', 'sources', 'all', 'optionsFieldSource', { help: 'optionsSourcesHint' }),
  row('location', 'locations', 'all', 'optionsFieldLocation', { help: 'optionsLocationHint' }),
  row('email_notification', 'flag', 'all', 'optionsFieldEmailNotification', {
    help: 'optionsEmailNotificationHint',
    initial: 0,
  }),
  row('browser_notification', 'flag', 'all', 'optionsFieldBrowserNotification', {
    help: 'optionsBrowserNotificationHint',
    initial: 1,
  }),
  row('backlinks_url', 'domain', 'backlinks', 'optionsFieldWebsite', {
    help: 'optionsHelpBacklinksUrl',
    site: 'host',
  }),
  row('brand_url', 'domain', 'brandMonitoring', 'optionsFieldBrandWebsite', {
    help: 'optionsHelpDomain',
    site: 'host',
  }),
  row('brand_name', 'keywords', 'brandMonitoring', 'optionsFieldBrandNames', {
    help: 'optionsHelpBrandNames',
    site: 'name',
  }),
  row('brand_excluded_keywords', 'keywords', 'brandMonitoring', 'optionsFieldExcluded', {
    help: 'optionsHelpExcluded',
  }),
  row('competitor_url', 'domain', 'competitiveMonitoring', 'optionsFieldCompetitorWebsite', {
    help: 'optionsHelpDomain',
    site: 'host',
  }),
  // The contract misspells the next two names; the service knows them only this way.
  row('competitior_name', 'keywords', 'competitiveMonitoring', 'optionsFieldCompetitorNames', {
    help: 'optionsHelpCompetitorNames',
    site: 'name',
  }),
  row(
    'competitior_excluded_keywords',
    'keywords',
    'competitiveMonitoring',
    'optionsFieldExcluded',
    {
      help: 'optionsHelpExcluded',
    },
  ),
  row('topic_keywords', 'keywords', 'topicMonitoring', 'optionsFieldTopicKeywords', {
    help: 'optionsHelpTopicKeywords',
  }),
  row('topic_excluded_keywords', 'keywords', 'topicMonitoring', 'optionsFieldExcluded', {
    help: 'optionsHelpExcluded',
  }),
  row(
    'sales_product_description',
    'description',
    'leadsSalesOpportunities',
    'optionsFieldProductDescription',
    {
      help: 'optionsHelpSalesDescription',
      max: DESCRIPTION_MAX_CHARS,
    },
  ),
  row('sales_keywords', 'keywords', 'leadsSalesOpportunities', 'optionsFieldSalesKeywords', {
    help: 'optionsHelpSalesKeywords',
  }),
  row('sales_competitors', 'keywords', 'leadsSalesOpportunities', 'optionsFieldCompetitors', {
    help: 'optionsHelpCompetitors',
  }),
  row('sales_excluded_keywords', 'keywords', 'leadsSalesOpportunities', 'optionsFieldExcluded', {
    help: 'optionsHelpExcluded',
  }),
  row('startup_keywords', 'keywords', 'startup', 'optionsFieldStartupKeywords', {
    help: 'optionsHelpStartupKeywords',
  }),
  row('startup_product_description', 'description', 'startup', 'optionsFieldProductDescription', {
    help: 'optionsHelpStartupDescription',
    max: DESCRIPTION_MAX_CHARS,
  }),
  row('startup_competitors', 'keywords', 'startup', 'optionsFieldCompetitors', {
    help: 'optionsHelpCompetitors',
  }),
  row('startup_excluded_keywords', 'keywords', 'startup', 'optionsFieldExcluded', {
    help: 'optionsHelpExcluded',
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
export { SOURCE_OPTIONS, TYPE_OPTIONS, sourceLabel, typeLabel } from './labels';
