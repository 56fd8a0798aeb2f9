// A project as the worker takes it from a page: checked for its shape only. The form's rules
// (lengths, language and location codes, domains, keyword lists: lib/projects/schema.ts) run on
// the page, which sends what they gave (checkForm's value); the worker re-ran all of them, 1.3 KB
// gzip of its bundle for a check that could not fail for a page of ours. What it keeps is what
// the request body needs (lib/projects/encode.ts sends the values as they are): every common field
// of its kind, a known type, the name not blank, the type's own fields as text. Anything else is
// refused before the service is asked, naming the first field that is wrong.
import { COMMON_ROWS, ownRowsOf, type CommonKind } from '@/lib/projects/field-table';
import { isProjectType, isSource, type ProjectInput } from '@/lib/projects/types';
import { isRecord } from '@/lib/service/envelope';

const KIND_OK: { readonly [K in CommonKind]: (value: unknown) => boolean } = {
  name: (name) => typeof name === 'string' && name.trim() !== '',
  type: isProjectType,
  languages: (codes) => typeof codes === 'string',
  sources: (list) => Array.isArray(list) && list.length > 0 && list.every(isSource),
  locations: (codes) => typeof codes === 'string',
  flag: (flag) => flag === 0 || flag === 1,
};

export type ProjectShape = { ok: true; value: ProjectInput } | { ok: false; field: string };

/** The project to send, or the first field (in the table's order) whose value is not of its kind. */
export function projectShape(raw: unknown): ProjectShape {
  const input = isRecord(raw) ? raw : {};
  const value: Record<string, unknown> = {};
  for (const { name, kind } of COMMON_ROWS) {
    if (!KIND_OK[kind](input[name])) return { ok: false, field: name };
    value[name] = input[name];
  }
  const sent = isRecord(input.fields) ? input.fields : {};
  const fields: Record<string, string> = {};
  for (const { name } of ownRowsOf(value.type as ProjectInput['type'])) {
    const text = sent[name];
    if (text === undefined) continue;
    if (typeof text !== 'string') return { ok: false, field: name };
    fields[name] = text;
  }
  return { ok: true, value: { ...value, fields } as ProjectInput };
}
