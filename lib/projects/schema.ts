// Validation of a project as a form (or a message from one) hands it over: the contract's rules,
// each failure a message that names the field, and the value normalized to the form it is sent in.
// The per-field schemas are shared by the whole-project check and the check-one-field-on-blur, so
// the two can never disagree.

import { text, z } from '@/lib/zod';
import { t } from '@/lib/i18n';
import { parseLanguageList, parseLocationList, type CodeListResult } from '@/lib/projects/codes';
import { normalizeDomain } from '@/lib/projects/domain';
import {
  COMMON_SPECS,
  TYPE_OPTIONS,
  fieldLabel,
  fieldsOf,
  specOf,
  typeLabel,
  type AnyFieldSpec,
  type CommonField,
  type CommonKind,
  type CommonValues,
  type FieldKind,
} from '@/lib/projects/fields';
import { normalizeKeywordList } from '@/lib/projects/keywords';
import {
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

/**
 * Fails a transform with our own message. zod/mini's transforms have no `ctx.addIssue`: an issue is
 * added to the parse payload, and the value returned is never used.
 */
function fail(ctx: z.core.ParsePayload, message: string, input: unknown): never {
  ctx.issues.push({ code: 'custom', message, input });
  return z.NEVER;
}

const requiredText = (label: Label) =>
  text({
    error: (issue) =>
      issue.input == null ? t('optionsRuleEmpty', label()) : t('optionsRuleText', label()),
  });

// Type-specific fields are optional: missing, null and blank all mean "not set". (Refines: zod's
// nullish kind would load for this rule alone.)
const optionalText = (label: Label) =>
  z.pipe(
    z.custom<string | null | undefined>((text) => text == null || typeof text === 'string', {
      error: () => t('optionsRuleText', label()),
    }),
    z.transform((text: string | null | undefined) =>
      text == null || text.trim() === '' ? undefined : text,
    ),
  );

const codeList = (label: Label, parse: (text: string) => CodeListResult) =>
  z.pipe(
    requiredText(label),
    z.transform((text: string, ctx) => {
      const result = parse(text);
      return result.ok ? result.value : fail(ctx, problem(label, result.problem), text);
    }),
  );

type FlagInput = boolean | Flag | '0' | '1';
const FLAG_INPUTS: readonly unknown[] = [true, false, 0, 1, '0', '1'];

const flag = (label: Label) =>
  z.pipe(
    z.custom<FlagInput>((value) => FLAG_INPUTS.includes(value), {
      error: () => t('optionsRuleFlag', label()),
    }),
    z.transform((value: FlagInput): Flag =>
      value === true || value === 1 || value === '1' ? 1 : 0,
    ),
  );

const sourceList = (label: Label) =>
  z.pipe(
    z.custom<string | unknown[]>((value) => typeof value === 'string' || Array.isArray(value), {
      error: () => t('optionsRuleSourceNone', label()),
    }),
    z.transform((value: string | unknown[], ctx) => {
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

const tooLong = (label: Label, max: number) => () =>
  t('optionsRuleMaxChars', [label(), String(max)]);

/** At most `max` characters when the row sets a limit (and the value is set). */
const withinLimit = <T extends string | undefined>(
  schema: z.ZodMiniType<T, unknown>,
  label: Label,
  max: number | undefined,
) =>
  max === undefined
    ? schema
    : z.pipe(
        schema,
        z.custom<T>((value) => value === undefined || charCount(value as string) <= max, {
          error: tooLong(label, max),
        }),
      );

type Schema<T> = z.ZodMiniType<T, unknown>;

// The rule of each kind of common field; a row's label and limit fill it in.
const COMMON_KIND_SCHEMAS: {
  readonly [K in CommonKind]: (label: Label, max?: number) => Schema<CommonValues[K]>;
} = {
  name: (label, max) =>
    withinLimit(
      z
        .pipe(
          requiredText(label),
          z.transform((name: string) => name.trim()),
        )
        .check(
          z.refine((name: string) => name !== '', { error: () => t('optionsRuleEmpty', label()) }),
        ),
      label,
      max,
    ),
  type: (label) =>
    z.custom<ProjectType>(isProjectType, {
      error: () => t('optionsRuleType', [label(), TYPE_OPTIONS.map((o) => o.label).join(', ')]),
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
      z.transform((value: string | undefined, ctx) => {
        if (value === undefined) return undefined;
        const result = normalizeDomain(value);
        return result.ok ? result.host : fail(ctx, problem(label, result.message), value);
      }),
    ),
  keywords: (label) =>
    z.pipe(
      optionalText(label),
      z.transform((value: string | undefined) =>
        value === undefined ? undefined : normalizeKeywordList(value) || undefined,
      ),
    ),
  description: (label, max) =>
    withinLimit(
      z.pipe(
        optionalText(label),
        z.transform((value: string | undefined) => value?.trim()),
      ),
      label,
      max,
    ),
};

function schemaFor(spec: AnyFieldSpec): Schema<unknown> {
  const label: Label = () => spec.label;
  const kind = spec.kind;
  return kind in COMMON_KIND_SCHEMAS
    ? COMMON_KIND_SCHEMAS[kind as CommonKind](label, spec.max)
    : OWN_KIND_SCHEMAS[kind as FieldKind](label, spec.max);
}

// Built once per field name: the table is fixed, and zod schemas are cheap to reuse. (Names are
// unique across the table, so one map serves every type.)
const SCHEMAS = new Map<string, Schema<unknown>>();
function schemaOf(spec: AnyFieldSpec): Schema<unknown> {
  let schema = SCHEMAS.get(spec.name);
  if (!schema) SCHEMAS.set(spec.name, (schema = schemaFor(spec)));
  return schema;
}

function check<T>(schema: z.ZodMiniType<T, unknown>, value: unknown) {
  const result = schema.safeParse(value);
  return result.success
    ? { ok: true as const, value: result.data }
    : { ok: false as const, message: result.error.issues[0]?.message ?? t('optionsRuleInvalid') };
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

  for (const spec of COMMON_SPECS) {
    const name = spec.name as CommonField;
    const result = check(schemaOf(spec), record[name]);
    if (result.ok) common[name] = result.value;
    else errors[name] = result.message;
  }

  // Without a valid type there is no telling which fields apply; the type's own error says why.
  const fields: Record<string, string> = {};
  const type = common.type as ProjectType | undefined;
  for (const spec of type === undefined ? [] : fieldsOf(type)) {
    const result = check(schemaOf(spec), nested[spec.name] ?? record[spec.name]);
    if (!result.ok) errors[spec.name] = result.message;
    else if (result.value !== undefined) fields[spec.name] = result.value as string;
  }

  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, value: { ...(common as Omit<ProjectInput, 'fields'>), fields } };
}

/**
 * Checks one field as the user leaves it, with exactly the rule the whole check applies. A valid
 * value comes back normalized (a pasted link as its domain), `undefined` for an empty optional field.
 */
export function validateField(type: ProjectType, name: string, value: unknown): FieldValidation {
  const spec = specOf(type, name);
  if (spec) return check(schemaOf(spec), value) as FieldValidation;
  return { ok: false, message: t('optionsRuleNotAField', [fieldLabel(name), typeLabel(type)]) };
}
