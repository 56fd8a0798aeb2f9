// Validation of a project as a form (or a message from one) hands it over: the rules of
// docs/service/api.md, each failure a message that names the field, and the value normalized to
// the form it is sent in.
// The per-field schemas are shared by the whole-project check and the check-one-field-on-blur, so
// the two can never disagree.

import { z } from '@/lib/zod';
import { t } from '@/lib/i18n';
import {
  parseLanguageList,
  parseLocationList,
  type CodeListResult,
  normalizeDomain,
  normalizeKeywordList,
} from '@/lib/projects/field-text';
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
import {
  typeLabel,
  PROJECT_TYPES,
  SOURCES,
  isSource,
  type Flag,
  type ProjectInput,
  type ProjectType,
} from '@/lib/projects/types';
import { isRecord } from '@/lib/service/values';

/** Error messages keyed by the contract's field name (`name`, `source`, `brand_url`, ...). */
export type ProjectErrors = Partial<Record<string, string>>;
type ProjectValidation = { ok: true; value: ProjectInput } | { ok: false; errors: ProjectErrors };
type FieldValue = ProjectInput[CommonField] | string | undefined;
type FieldValidation = { ok: true; value: FieldValue } | { ok: false; message: string };

type Schema<T> = z.ZodMiniType<T, unknown>;

// Lengths count characters as a person does (code points), not UTF-16 units, so an emoji is one.
const charCount = (text: string): number => Array.from(text).length;

// Messages are in the UI language (browser.i18n) and made when a check fails, never when the
// schemas are: a schema is built once and kept for the page's life. So labels are passed as
// functions.
type Label = () => string;

const problem = (label: Label, what: string) => t('optionsRuleProblem', [label(), what]);

/** Fails a transform with our own words (the value it returns is never used). */
function fail(ctx: z.core.ParsePayload, message: string, input: unknown): never {
  ctx.issues.push({ code: 'custom', message, input });
  return z.NEVER;
}

const requiredText = (label: Label) =>
  z.string({
    error: (issue) =>
      issue.input == null ? t('optionsRuleEmpty', label()) : t('optionsRuleText', label()),
  });

// Type-specific fields are optional: missing, null and blank all mean "not set".
const optionalText = (label: Label) =>
  z.pipe(
    z.nullish(z.string({ error: () => t('optionsRuleText', label()) })),
    z.transform((text) => (text == null || text.trim() === '' ? undefined : text)),
  );

const codeList = (label: Label, parse: (text: string) => CodeListResult) =>
  z.pipe(
    requiredText(label),
    z.transform((text, ctx) => {
      const result = parse(text);
      return result.ok ? result.value : fail(ctx, problem(label, result.problem), text);
    }),
  );

const flag = (label: Label) =>
  z.pipe(
    z.literal([true, false, 0, 1, '0', '1'], { error: () => t('optionsRuleFlag', label()) }),
    z.transform((value): Flag => (value === true || value === 1 || value === '1' ? 1 : 0)),
  );

const sourceList = (label: Label) =>
  z.pipe(
    z.union([z.string(), z.array(z.unknown())], {
      error: () => t('optionsRuleSourceNone', label()),
    }),
    z.transform((value, ctx) => {
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
          return fail(ctx, t('optionsRuleSourceUnknown', [label(), shown, known]), value);
        }
        chosen.add(source);
      }
      if (chosen.size === 0) return fail(ctx, t('optionsRuleSourceNone', label()), value);
      // Contract order, whatever order the boxes were ticked in, so equal choices compare equal.
      return SOURCES.filter((source) => chosen.has(source));
    }),
  );

/** At most `max` characters when the row sets a limit (and the value is set). */
const withinLimit = <T extends string | undefined>(
  schema: Schema<T>,
  label: Label,
  max: number | undefined,
): Schema<T> =>
  max === undefined
    ? schema
    : schema.check(
        z.refine((value) => value === undefined || charCount(value) <= max, {
          error: () => t('optionsRuleMaxChars', [label(), String(max)]),
        }),
      );

// The rule of each kind of common field; a row's label and limit fill it in.
const COMMON_KIND_SCHEMAS: {
  readonly [K in CommonKind]: (label: Label, max?: number) => Schema<CommonValues[K]>;
} = {
  name: (label, max) =>
    withinLimit(
      z
        .pipe(
          requiredText(label),
          z.transform((name) => name.trim()),
        )
        .check(z.refine((name) => name !== '', { error: () => t('optionsRuleEmpty', label()) })),
      label,
      max,
    ),
  type: (label) =>
    z.enum(PROJECT_TYPES, {
      error: () => t('optionsRuleType', [label(), PROJECT_TYPES.map(typeLabel).join(', ')]),
    }),
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
    z.pipe(
      optionalText(label),
      z.transform((value, ctx) => {
        if (value === undefined) return undefined;
        const result = normalizeDomain(value);
        return result.ok ? result.host : fail(ctx, problem(label, result.message), value);
      }),
    ),
  keywords: (label) =>
    z.pipe(
      optionalText(label),
      z.transform((value) =>
        value === undefined ? undefined : normalizeKeywordList(value) || undefined,
      ),
    ),
  description: (label, max) =>
    withinLimit(
      z.pipe(
        optionalText(label),
        z.transform((value) => value?.trim()),
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

// Built on first use, once per field name: the table is fixed, and a schema is reused for every
// check. (Names are unique across the table, so one map serves every type.)
const SCHEMAS = new Map<string, Schema<unknown>>();
function schemaOf(row: FieldRow): Schema<unknown> {
  let schema = SCHEMAS.get(row.name);
  if (!schema) SCHEMAS.set(row.name, (schema = schemaFor(row)));
  return schema;
}

// Every failure above has its own words; these are for one that might not.
const IN_OUR_WORDS = { error: () => t('optionsRuleInvalid') };

function check<T>(schema: Schema<T>, value: unknown) {
  const result = schema.safeParse(value, IN_OUR_WORDS);
  return result.success
    ? { ok: true as const, value: result.data }
    : { ok: false as const, message: result.error.issues[0].message };
}

/**
 * Checks a whole project. `raw` may carry the type-specific fields under `fields` (a ProjectInput
 * as the form keeps it) or at the top level (a decoded request body); `fields` wins. Fields of
 * other types and unknown members are dropped, so they can never be sent.
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
 * value comes back normalized (a pasted link as its domain), `undefined` for an empty optional
 * field.
 */
export function validateField(type: ProjectType, name: string, value: unknown): FieldValidation {
  const row = rowOf(type, name);
  if (row) return check(schemaOf(row), value) as FieldValidation;
  return { ok: false, message: t('optionsRuleNotAField', [fieldLabel(name), typeLabel(type)]) };
}
