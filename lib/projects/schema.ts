// Validation of a project as a form (or a message from one) hands it over: the contract's rules,
// each failure a message that names the field, and the value normalized to the form it is sent in.
// The per-field schemas are shared by the whole-project check and the check-one-field-on-blur, so
// the two can never disagree.

import { rule, text, transform, v, type Schema } from '@/lib/validation';
import { t } from '@/lib/i18n';
import { parseLanguageList, parseLocationList, type CodeListResult } from '@/lib/projects/codes';
import { normalizeDomain } from '@/lib/projects/domain';
import {
  COMMON_ROWS,
  fieldLabel,
  ownRowsOf,
  rowOf,
  type CommonField,
  type CommonKind,
  type CommonValues,
  type FieldKind,
  type FieldRow,
} from '@/lib/projects/field-table';
import { normalizeKeywordList } from '@/lib/projects/keywords';
import { typeLabel } from '@/lib/projects/labels';
import {
  PROJECT_TYPES,
  SOURCES,
  isProjectType,
  isSource,
  type Flag,
  type ProjectInput,
  type ProjectType,
} from '@/lib/projects/types';
import { isRecord } from '@/lib/service/envelope';

/** Error messages keyed by the contract's field name (`name`, `source`, `brand_url`, ...). */
export type ProjectErrors = Partial<Record<string, string>>;
export type ProjectValidation =
  { ok: true; value: ProjectInput } | { ok: false; errors: ProjectErrors };
export type FieldValue = ProjectInput[CommonField] | string | undefined;
export type FieldValidation = { ok: true; value: FieldValue } | { ok: false; message: string };

// Lengths count characters as a person does (code points), not UTF-16 units, so an emoji is one.
const charCount = (text: string): number => Array.from(text).length;

// Messages are in the UI language (browser.i18n) and built when a check fails, never when the
// schemas are: they are built at import, before the browser's i18n may be reachable. So labels are
// passed as functions.
type Label = () => string;

const problem = (label: Label, what: string) => t('optionsRuleProblem', [label(), what]);

/** A transform that may fail with our own message: `step` gives the value, or a message. */
const transformOr = <I, O>(
  step: (value: I) => { ok: true; value: O } | { ok: false; message: string },
) =>
  v.rawTransform<I, O>(({ dataset, addIssue, NEVER }) => {
    const result = step(dataset.value);
    if (result.ok) return result.value;
    addIssue({ message: result.message });
    return NEVER;
  });

const requiredText = (label: Label) =>
  text((issue) =>
    issue.input == null ? t('optionsRuleEmpty', label()) : t('optionsRuleText', label()),
  );

// Type-specific fields are optional: missing, null and blank all mean "not set".
const optionalText = (label: Label) =>
  v.pipe(
    v.custom<string | null | undefined>(
      (text) => text == null || typeof text === 'string',
      () => t('optionsRuleText', label()),
    ),
    transform((text: string | null | undefined) =>
      text == null || text.trim() === '' ? undefined : text,
    ),
  );

const codeList = (label: Label, parse: (text: string) => CodeListResult) =>
  v.pipe(
    requiredText(label),
    transformOr((text: string) => {
      const result = parse(text);
      return result.ok
        ? { ok: true, value: result.value }
        : { ok: false, message: problem(label, result.problem) };
    }),
  );

type FlagInput = boolean | Flag | '0' | '1';
const FLAG_INPUTS: readonly unknown[] = [true, false, 0, 1, '0', '1'];

const flag = (label: Label) =>
  v.pipe(
    v.custom<FlagInput>(
      (value) => FLAG_INPUTS.includes(value),
      () => t('optionsRuleFlag', label()),
    ),
    transform((value: FlagInput): Flag => (value === true || value === 1 || value === '1' ? 1 : 0)),
  );

const sourceList = (label: Label) =>
  v.pipe(
    v.custom<string | unknown[]>(
      (value) => typeof value === 'string' || Array.isArray(value),
      () => t('optionsRuleSourceNone', label()),
    ),
    transformOr((value: string | unknown[]) => {
      // A form sends an array of checkbox values; a request body sends them comma-joined.
      const items = typeof value === 'string' ? value.split(',') : value;
      const chosen = new Set<string>();
      for (const item of items) {
        const source = typeof item === 'string' ? item.trim().toLowerCase() : undefined;
        if (source === '') continue;
        if (!isSource(source)) {
          const shown =
            typeof item === 'string' ? `"${item.trim().slice(0, 20)}"` : t('optionsRuleSomeValue');
          const known = SOURCES.join(', ');
          return { ok: false, message: t('optionsRuleSourceUnknown', [label(), shown, known]) };
        }
        chosen.add(source);
      }
      if (chosen.size === 0) return { ok: false, message: t('optionsRuleSourceNone', label()) };
      // Contract order, whatever order the boxes were ticked in, so equal choices compare equal.
      return { ok: true, value: SOURCES.filter((source) => chosen.has(source)) };
    }),
  );

const tooLong = (label: Label, max: number) => () =>
  t('optionsRuleMaxChars', [label(), String(max)]);

/** At most `max` characters when the row sets a limit (and the value is set). */
const withinLimit = <T extends string | undefined>(
  schema: Schema<T>,
  label: Label,
  max: number | undefined,
): Schema<T> =>
  max === undefined
    ? schema
    : v.pipe(
        schema,
        rule((value: T) => value === undefined || charCount(value) <= max, tooLong(label, max)),
      );

// The rule of each kind of common field; a row's label and limit fill it in.
const COMMON_KIND_SCHEMAS: {
  readonly [K in CommonKind]: (label: Label, max?: number) => Schema<CommonValues[K]>;
} = {
  name: (label, max) =>
    withinLimit(
      v.pipe(
        requiredText(label),
        transform((name: string) => name.trim()),
        rule(
          (name: string) => name !== '',
          () => t('optionsRuleEmpty', label()),
        ),
      ),
      label,
      max,
    ),
  type: (label) =>
    v.custom<ProjectType>(isProjectType, () =>
      t('optionsRuleType', [label(), PROJECT_TYPES.map(typeLabel).join(', ')]),
    ),
  languages: (label) => codeList(label, parseLanguageList),
  sources: sourceList,
  locations: (label) => codeList(label, parseLocationList),
  flag,
};

// The rule of each kind of type-specific field: optional, so missing, null and blank are "not set".
const OWN_KIND_SCHEMAS: {
  readonly [K in FieldKind]: (label: Label, max?: number) => Schema<string | undefined>;
} = {
  domain: (label) =>
    v.pipe(
      optionalText(label),
      transformOr((value: string | undefined) => {
        if (value === undefined) return { ok: true, value: undefined };
        const result = normalizeDomain(value);
        return result.ok
          ? { ok: true, value: result.host }
          : { ok: false, message: problem(label, result.message) };
      }),
    ),
  keywords: (label) =>
    v.pipe(
      optionalText(label),
      transform((value: string | undefined) =>
        value === undefined ? undefined : normalizeKeywordList(value) || undefined,
      ),
    ),
  description: (label, max) =>
    withinLimit(
      v.pipe(
        optionalText(label),
        transform((value: string | undefined) => value?.trim()),
      ),
      label,
      max,
    ),
};

function schemaFor(row: FieldRow): Schema<unknown> {
  const label: Label = () => fieldLabel(row.name);
  const kind = row.kind;
  return kind in COMMON_KIND_SCHEMAS
    ? COMMON_KIND_SCHEMAS[kind as CommonKind](label, row.max)
    : OWN_KIND_SCHEMAS[kind as FieldKind](label, row.max);
}

// Built once per field name: the table is fixed, and schemas are cheap to reuse. (Names are
// unique across the table, so one map serves every type.)
const SCHEMAS = new Map<string, Schema<unknown>>();
function schemaOf(row: FieldRow): Schema<unknown> {
  let schema = SCHEMAS.get(row.name);
  if (!schema) SCHEMAS.set(row.name, (schema = schemaFor(row)));
  return schema;
}

function check<T>(schema: Schema<T>, value: unknown) {
  const result = v.safeParse(schema, value);
  return result.success
    ? { ok: true as const, value: result.output }
    : { ok: false as const, message: result.issues[0]?.message ?? t('optionsRuleInvalid') };
}

/**
 * Checks a whole project. `raw` may carry the type-specific fields under `fields` (a ProjectInput
 * as the form keeps it) or at the top level (a decoded request body); `fields` wins. Fields of other
 * types and unknown members are dropped, so they can never be sent.
 */
export function validateProjectInput(raw: unknown): ProjectValidation {
  const record = isRecord(raw) ? raw : {};
  const nested = isRecord(record.fields) ? record.fields : {};
  const errors: ProjectErrors = {};
  const common: Partial<Record<CommonField, unknown>> = {};

  for (const row of COMMON_ROWS) {
    const name = row.name;
    const result = check(schemaOf(row), record[name]);
    if (result.ok) common[name] = result.value;
    else errors[name] = result.message;
  }

  // Without a valid type there is no telling which fields apply; the type's own error says why.
  const fields: Record<string, string> = {};
  const type = common.type as ProjectType | undefined;
  for (const row of type === undefined ? [] : ownRowsOf(type)) {
    const result = check(schemaOf(row), nested[row.name] ?? record[row.name]);
    if (!result.ok) errors[row.name] = result.message;
    else if (result.value !== undefined) fields[row.name] = result.value as string;
  }

  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, value: { ...(common as Omit<ProjectInput, 'fields'>), fields } };
}

/**
 * Checks one field as the user leaves it, with exactly the rule the whole check applies. A valid
 * value comes back normalized (a pasted link as its domain), `undefined` for an empty optional field.
 */
export function validateField(type: ProjectType, name: string, value: unknown): FieldValidation {
  const row = rowOf(type, name);
  if (row) return check(schemaOf(row), value) as FieldValidation;
  return { ok: false, message: t('optionsRuleNotAField', [fieldLabel(name), typeLabel(type)]) };
}
