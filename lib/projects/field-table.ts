// The field table: the one place that lists every field a project has, common and type-specific:
// its name on the wire, its kind, its limits and which types have it; and each field's label. The
// input schema (schema.ts), the request body (encode.ts), the service record's schema
// (lib/service/replies.ts), the cached project list (project-cache.ts) and the forms (fields.ts,
// components/form/) are derived from it, so a field added here is one row, and every one of them
// follows.
//
// What only a form shows of a field (the options form's hint under it, what the site form fills
// it with) is fields.ts's, keyed by the names below. The service worker checks, sends and reads
// projects by this table and shows no form: it carries none of those words, and the labels are a
// map of their own (FIELD_LABELS), which only what calls fieldLabel loads.

import { t, type MessageKey } from '@/lib/i18n';
import type { Flag, ProjectType, Source } from '@/lib/projects/types';

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

/**
 * Limits from docs/service/api.md, "Project" (name, domains) and our own (descriptions: it says
 * "short").
 */
export const NAME_MAX_CHARS = 100;
export const DOMAIN_MAX_CHARS = 255;
const DESCRIPTION_MAX_CHARS = 1000;

/** One row of the table. Its label is FIELD_LABELS's, looked up when read (fieldLabel). */
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
  /** At most this many characters (by kind: KIND_MAX; a domain's limit is field-text.ts's). */
  readonly max?: number;
  /** Flags: a new project's value. */
  readonly initial?: Flag;
}

// Limits by kind: the contract's for a name, ours for a description.
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
  extra: Pick<FieldRow, 'initial'> = {},
): FieldRow<N, K, T> => ({ name, kind, types, max: KIND_MAX[kind], ...extra });

/** One type's own fields: wire name → kind. */
const own = <const T extends ProjectType, const R extends Record<string, FieldKind>>(
  type: T,
  rows: R,
) =>
  Object.entries(rows).map(([name, kind]) =>
    row(name as keyof R & string, kind as R[keyof R], type),
  );

// Common fields first, in the contract's order; then each type's own, in the contract's order.
// The encoder sends a project's fields in exactly this order. (One row a line: a table.)
// prettier-ignore
export const FIELD_TABLE = [
  row('name', 'name', 'all'),
  row('type', 'type', 'all'),
  row('language', 'languages', 'all'),
  row('source', 'sources', 'all'),
  row('location', 'locations', 'all'),
  // Email off and browser notifications on for a new project.
  row('email_notification', 'flag', 'all', { initial: 0 }),
  row('browser_notification', 'flag', 'all', { initial: 1 }),
  ...own('backlinks', {
    backlinks_url: 'domain',
  }),
  ...own('brandMonitoring', {
    brand_url: 'domain',
    brand_name: 'keywords',
    brand_excluded_keywords: 'keywords',
  }),
  ...own('competitiveMonitoring', {
    competitor_url: 'domain',
    // The contract misspells the next two names; the service knows them only this way.
    competitior_name: 'keywords',
    competitior_excluded_keywords: 'keywords',
  }),
  ...own('topicMonitoring', {
    topic_keywords: 'keywords',
    topic_excluded_keywords: 'keywords',
  }),
  ...own('leadsSalesOpportunities', {
    sales_product_description: 'description',
    sales_keywords: 'keywords',
    sales_competitors: 'keywords',
    sales_excluded_keywords: 'keywords',
  }),
  ...own('startup', {
    startup_keywords: 'keywords',
    startup_product_description: 'description',
    startup_competitors: 'keywords',
    startup_excluded_keywords: 'keywords',
  }),
] as const;

type AnyRow = (typeof FIELD_TABLE)[number];
/** Every field name in the table, common and type-specific. */
export type FieldName = AnyRow['name'];
/** The rows every project has, with their literal names and kinds (for the derived types). */
export type CommonRow = Extract<AnyRow, { types: 'all' }>;
export type CommonField = CommonRow['name'];
/** The common fields of one kind (`flag`: the two notification switches). */
type CommonFieldOf<K extends CommonKind> = Extract<CommonRow, { kind: K }>['name'];

/** A ProjectInput's common fields, each typed by its kind. */
export type CommonInput = { -readonly [R in CommonRow as R['name']]: CommonValues[R['kind']] };

/** The flag that lets a project's mentions raise desktop notifications (the service's field). */
export const DESKTOP_NOTIFICATION_FIELD = 'browser_notification' satisfies CommonFieldOf<'flag'>;

/** A record's desktop-notification flag, which a record from the service may lack. */
export type DesktopNotificationFlag = Partial<Pick<CommonInput, typeof DESKTOP_NOTIFICATION_FIELD>>;

/**
 * Whether a project lets its mentions notify: only an explicit 0 silences it, a missing flag means
 * on (docs/service/notes.md, "project records").
 */
export function notifiesOnDesktop(project: DesktopNotificationFlag): boolean {
  return project[DESKTOP_NOTIFICATION_FIELD] !== 0;
}

/** A type's own row, as the checks read it. */
type OwnRow = FieldRow<FieldName, FieldKind, ProjectType>;

/** Every common row, for what is derived kind by kind (schemas, encoding, record readers). */
export const COMMON_ROWS: readonly CommonRow[] = FIELD_TABLE.filter(
  (r): r is CommonRow => r.types === 'all',
);

/** The common fields in the contract's order (pure: a bundle that never names them leaves it out). */
const COMMON_FIELDS: readonly CommonField[] = /* @__PURE__ */ COMMON_ROWS.map((r) => r.name);

/** A type's own rows, in the contract's order. */
export function ownRowsOf(type: ProjectType): readonly OwnRow[] {
  return (FIELD_TABLE as readonly FieldRow<FieldName>[]).filter(
    (r): r is OwnRow => r.types === type,
  );
}

/** The type's website field (its own field of kind `domain`), if it has one (at most one per type). */
export function domainRowOf(type: ProjectType): OwnRow | undefined {
  return ownRowsOf(type).find((r) => r.kind === 'domain');
}

/** The row of a common field, or of one of `type`'s own; undefined for other types' fields. */
export function rowOf(type: ProjectType, name: string): FieldRow | undefined {
  return FIELD_TABLE.find((r) => r.name === name && (r.types === 'all' || r.types === type));
}

export function isCommonField(name: string): name is CommonField {
  return (COMMON_FIELDS as readonly string[]).includes(name);
}

/**
 * Every field's label, a catalogue key, row by row in the table's order. Apart from the table so
 * the worker, which shows no field, leaves them out; a list rather than a map by name, which would
 * spell every name a second time in the pages that label fields (the popup's site form).
 * field-table.test.ts checks that each row has its own.
 */
const FIELD_LABELS: readonly MessageKey[] = [
  // The common fields.
  'optionsFieldName',
  'optionsFieldType',
  'optionsFieldLanguage',
  'optionsFieldSource',
  'optionsFieldLocation',
  'optionsFieldEmailNotification',
  'optionsFieldBrowserNotification',
  // backlinks
  'optionsFieldWebsite',
  // brandMonitoring
  'optionsFieldBrandWebsite',
  'optionsFieldBrandNames',
  'optionsFieldExcluded',
  // competitiveMonitoring
  'optionsFieldCompetitorWebsite',
  'optionsFieldCompetitorNames',
  'optionsFieldExcluded',
  // topicMonitoring
  'optionsFieldTopicKeywords',
  'optionsFieldExcluded',
  // leadsSalesOpportunities
  'optionsFieldProductDescription',
  'optionsFieldSalesKeywords',
  'optionsFieldCompetitors',
  'optionsFieldExcluded',
  // startup
  'optionsFieldStartupKeywords',
  'optionsFieldProductDescription',
  'optionsFieldCompetitors',
  'optionsFieldExcluded',
];

/** The label of a common field or of any type's own field; the raw name for anything else. */
export function fieldLabel(name: string): string {
  const index = FIELD_TABLE.findIndex((r) => r.name === name);
  return index < 0 ? name : t(FIELD_LABELS[index]);
}
