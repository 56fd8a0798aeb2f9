// Validation of a project as a form (or a message from one) hands it over: the contract's rules,
// each failure a message that names the field, and the value normalized to the form it is sent in.
// The per-field schemas are shared by the whole-project check and the check-one-field-on-blur, so
// the two can never disagree.

import { text, z } from '@/lib/zod';
import { t } from '../i18n';
import { parseLanguageList, parseLocationList, type CodeListResult } from './codes';
import { normalizeDomain } from './domain';
import {
  COMMON_FIELDS,
  DESCRIPTION_MAX_CHARS,
  NAME_MAX_CHARS,
  TYPE_OPTIONS,
  fieldLabel,
  fieldOf,
  fieldsOf,
  isCommonField,
  typeLabel,
  type CommonField,
  type FieldSpec,
} from './fields';
import { normalizeKeywordList } from './keywords';
import {
  PROJECT_TYPES,
  SOURCES,
  isProjectType,
  isSource,
  type Flag,
  type ProjectInput,
  type ProjectType,
} from './types';
import { isRecord } from '../service/envelope';

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

const labelOf =
  (name: CommonField): Label =>
  () =>
    fieldLabel(name);
const tooLong = (label: Label, max: number) => () =>
  t('optionsRuleMaxChars', [label(), String(max)]);

const COMMON_SCHEMAS: { readonly [F in CommonField]: z.ZodMiniType<ProjectInput[F], unknown> } = {
  name: z
    .pipe(
      requiredText(labelOf('name')),
      z.transform((name: string) => name.trim()),
    )
    .check(
      z.refine((name: string) => name !== '', {
        error: () => t('optionsRuleEmpty', fieldLabel('name')),
      }),
      z.refine((name: string) => charCount(name) <= NAME_MAX_CHARS, {
        error: tooLong(labelOf('name'), NAME_MAX_CHARS),
      }),
    ),
  type: z.custom<ProjectType>(isProjectType, {
    error: () =>
      t('optionsRuleType', [fieldLabel('type'), TYPE_OPTIONS.map((o) => o.label).join(', ')]),
  }),
  language: codeList(labelOf('language'), parseLanguageList),
  source: sourceList(labelOf('source')),
  location: codeList(labelOf('location'), parseLocationList),
  email_notification: flag(labelOf('email_notification')),
  browser_notification: flag(labelOf('browser_notification')),
};

function typeFieldSchema(spec: FieldSpec): z.ZodMiniType<string | undefined, unknown> {
  const label: Label = () => spec.label;
  const text = optionalText(label);
  switch (spec.kind) {
    case 'domain':
      return z.pipe(
        text,
        z.transform((value: string | undefined, ctx) => {
          if (value === undefined) return undefined;
          const result = normalizeDomain(value);
          return result.ok ? result.host : fail(ctx, problem(label, result.message), value);
        }),
      );
    case 'keywords':
      return z.pipe(
        text,
        z.transform((value: string | undefined) =>
          value === undefined ? undefined : normalizeKeywordList(value) || undefined,
        ),
      );
    case 'description':
      return z
        .pipe(
          text,
          z.transform((value: string | undefined) => value?.trim()),
        )
        .check(
          z.refine(
            (value: string | undefined) =>
              value === undefined || charCount(value) <= DESCRIPTION_MAX_CHARS,
            { error: tooLong(label, DESCRIPTION_MAX_CHARS) },
          ),
        );
  }
}

// Built once: the table is fixed, and zod schemas are cheap to reuse.
const TYPE_FIELD_SCHEMAS = new Map<FieldSpec, z.ZodMiniType<string | undefined, unknown>>(
  PROJECT_TYPES.flatMap((type) => fieldsOf(type)).map((spec) => [spec, typeFieldSchema(spec)]),
);

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

  for (const field of COMMON_FIELDS) {
    const result = check<unknown>(COMMON_SCHEMAS[field], record[field]);
    if (result.ok) common[field] = result.value;
    else errors[field] = result.message;
  }

  // Without a valid type there is no telling which fields apply; the type's own error says why.
  const fields: Record<string, string> = {};
  const type = common.type as ProjectType | undefined;
  for (const spec of type === undefined ? [] : fieldsOf(type)) {
    const result = check(schemaOf(spec), nested[spec.name] ?? record[spec.name]);
    if (!result.ok) errors[spec.name] = result.message;
    else if (result.value !== undefined) fields[spec.name] = result.value;
  }

  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, value: { ...(common as Omit<ProjectInput, 'fields'>), fields } };
}

/**
 * Checks one field as the user leaves it, with exactly the rule the whole check applies. A valid
 * value comes back normalized (a pasted link as its domain), `undefined` for an empty optional field.
 */
export function validateField(type: ProjectType, name: string, value: unknown): FieldValidation {
  if (isCommonField(name)) return check<unknown>(COMMON_SCHEMAS[name], value) as FieldValidation;
  const spec = fieldOf(type, name);
  if (spec) return check(schemaOf(spec), value);
  return { ok: false, message: t('optionsRuleNotAField', [fieldLabel(name), typeLabel(type)]) };
}

function schemaOf(spec: FieldSpec): z.ZodMiniType<string | undefined, unknown> {
  // Every spec comes from the table the map was built from.
  return TYPE_FIELD_SCHEMAS.get(spec)!;
}
