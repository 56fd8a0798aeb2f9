// What the service's replies are made of, read liberally: single values (numbers as strings, null
// for empty text), where a list or record sits inside a reply, and the mention record built from
// them (docs/service/notes.md, "number types").

import { lazySchema, z } from '@/lib/zod';

// Liberal readers for single values in service replies. PHP back ends send numbers as strings
// ("12", "-1"), booleans as "1"/"true", and null for empty text (docs/service/notes.md, "number
// types"); these schemas accept all of that and produce the one form we store.
//
// Each reads its value with a transform first: a transform is what zod gives a missing object
// member to (as undefined), so a missing member is read by the same rule as a null one.

const NUMERIC = /^\s*[-+]?\d+(?:\.\d+)?\s*$/;

/** A number from a number or a numeric string; anything else is left for the schema to refuse. */
function numberish(value: unknown): unknown {
  if (typeof value === 'string' && NUMERIC.test(value)) return Number(value);
  return value;
}

function isPrimitive(value: unknown): value is string | number | boolean {
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';
}

/** `read` rewrites the raw value (missing included), then `schema` checks what it gave. */
const preprocess = <T extends z.ZodMiniType>(read: (value: unknown) => unknown, schema: T) =>
  z.pipe(z.transform(read), schema);

/** A record identifier: a non-negative safe integer, sent as a number or a string. */
export const idValue = lazySchema(() => preprocess(numberish, z.int().check(z.nonnegative())));

/** An identifier that may be absent (null and "" count as absent). */
export const optionalIdValue = lazySchema(() =>
  preprocess(
    (value) => (value === null || value === '' ? undefined : value),
    z.optional(idValue()),
  ),
);

/**
 * One of the contract's opaque integers (sentiment, relevance_score, status, favorites). Missing,
 * null or "" is 0 (docs/service/notes.md says so for sentiment; the others have no better default);
 * a boolean is 1/0; text that is not a number makes the record unreadable.
 */
export const opaqueNumber = lazySchema(() => preprocess(opaqueNumberish, z.number()));

/** opaqueNumber's reading before its check: the number it stands for, or the value as sent. */
export function opaqueNumberish(value: unknown): unknown {
  if (value === undefined || value === null || value === '') return 0;
  if (typeof value === 'boolean') return value ? 1 : 0;
  return numberish(value);
}

/** The text form of a value, for textValue (anything else is left for the schema to refuse). */
function asText(value: unknown): unknown {
  if (value === undefined || value === null) return '';
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value) && value.every(isPrimitive)) return value.map(String).join(', ');
  return value;
}

/**
 * Text: missing or null is "", numbers and booleans become their text, a list of plain values is
 * joined with ", " (the way the contract writes lists inside one string). Objects are refused.
 */
export const textValue = lazySchema(() => preprocess(asText, z.string()));

/** Text where null means something ("no summary"): null and a missing member stay null. */
const nullableTextValue = lazySchema(() =>
  preprocess((value) => (value == null ? null : asText(value)), z.nullable(z.string())),
);

/**
 * A comma-separated list (language, source, location): text as sent, or a JSON list joined with
 * ","; absent when missing or null.
 */
export const optionalCsvValue = lazySchema(() =>
  preprocess((value) => {
    if (value === undefined || value === null) return undefined;
    if (typeof value === 'number') return String(value);
    if (Array.isArray(value) && value.every(isPrimitive)) return value.map(String).join(',');
    return value;
  }, z.optional(z.string())),
);

const TRUE_WORDS = new Set(['true', 'yes', 'on']);
const FALSE_WORDS = new Set(['false', 'no', 'off']);

/**
 * A 0|1 flag from 1/0, "1"/"0", true/false, "true"/"false" (any non-zero number is on). Anything
 * unreadable is treated as absent rather than failing the whole project.
 */
export const optionalFlagValue = lazySchema(() =>
  preprocess(
    (value): 0 | 1 | undefined => {
      if (typeof value === 'boolean') return value ? 1 : 0;
      const n = numberish(value);
      if (typeof n === 'number' && Number.isFinite(n)) return n === 0 ? 0 : 1;
      if (typeof value === 'string') {
        const word = value.trim().toLowerCase();
        if (TRUE_WORDS.has(word)) return 1;
        if (FALSE_WORDS.has(word)) return 0;
      }
      return undefined;
    },
    z.optional(z.literal([0, 1])),
  ),
);

/**
 * A member kept verbatim as text in a project's `fields`: strings as sent, numbers and booleans as
 * their text, keyword lists sent as JSON arrays in the contract's wire form (joined with "\n").
 * Undefined for values that are not text in any sense (null, objects).
 */
export function fieldText(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value) && value.every(isPrimitive)) return value.map(String).join('\n');
  return undefined;
}

// Where the payload sits in a reply. docs/service/api.md shows bare arrays; a PHP service may also
// wrap them (`{"projects":[...]}`, `{"data":{...}}`, `{"result":[...]}`) or send a PHP array with
// gaps in its keys, which json_encode turns into an object (`{"0":{...},"2":{...}}`).

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** `{"0":{...},"3":{...}}`: an object whose keys are all array indexes, and not empty. */
function isIndexedObject(value: Record<string, unknown>): boolean {
  const keys = Object.keys(value);
  return keys.length > 0 && keys.every((key) => /^\d+$/.test(key));
}

const MAX_WRAPPING = 2;

/**
 * The list in `body`: the body itself, an indexed object, or the list under one of `keys`, looked
 * for at most two wrappers deep (`{"data":{"projects":[...]}}`). A wrapper key holding null means
 * an empty list. Undefined when there is no list.
 */
export function findList(
  body: unknown,
  keys: readonly string[],
  depth = MAX_WRAPPING,
): unknown[] | undefined {
  if (Array.isArray(body)) return body;
  if (!isRecord(body)) return undefined;
  if (isIndexedObject(body)) return Object.values(body);
  if (depth === 0) return undefined;
  for (const key of keys) {
    if (!(key in body)) continue;
    const inner = body[key];
    if (inner === null) return [];
    const found = findList(inner, keys, depth - 1);
    if (found) return found;
  }
  return undefined;
}

/**
 * The single object in `body`: the body itself when it `isItem`, a one-element list, the element
 * a `pick` chooses from a longer list, or the same under one of `keys` (two wrappers deep at most).
 */
export function findItem(
  body: unknown,
  keys: readonly string[],
  isItem: (value: Record<string, unknown>) => boolean,
  pick: (list: unknown[]) => unknown,
  depth = MAX_WRAPPING,
): Record<string, unknown> | undefined {
  if (Array.isArray(body)) {
    const chosen = body.length === 1 ? body[0] : pick(body);
    return isRecord(chosen) ? chosen : undefined;
  }
  if (!isRecord(body)) return undefined;
  if (isItem(body)) return body;
  if (depth > 0) {
    for (const key of keys) {
      if (!(key in body)) continue;
      const found = findItem(body[key], keys, isItem, pick, depth - 1);
      if (found) return found;
    }
  }
  return undefined;
}

// A mention as the service sends it and as we keep it after decoding: every field of
// docs/service/api.md, "Mention", with numbers as numbers. The schema is the owner; the type is
// what it produces.

/** A mention record; `project_id` may be missing (the caller knows which project it asked for). */
export const mentionRecordSchema = lazySchema(() =>
  z.object({
    id: idValue(),
    project_id: optionalIdValue(),
    /** Project type of the owning project. */
    type: textValue(),
    /** Sub-kind of a reddit item (post, comment, ...); empty for other sources. */
    reddit_type: textValue(),
    source: textValue(),
    relevance_score: opaqueNumber(),
    /** Opaque integer; below 0 / 0 / above 0 reads as negative / neutral / positive. Missing is 0. */
    sentiment: opaqueNumber(),
    title: textValue(),
    /** null means "no summary". */
    text_summary: nullableTextValue(),
    snippet: textValue(),
    url: textValue(),
    keywords: textValue(),
    excluded_keywords: textValue(),
    status: opaqueNumber(),
    favorites: opaqueNumber(),
    author: textValue(),
    /** `YYYY-MM-DD HH:MM:SS`, the service's local time. */
    created: textValue(),
    /** `YYYY-MM-DD HH:MM:SS`, the service's local time. */
    date_added: textValue(),
    product_description: textValue(),
  }),
);

/** A decoded mention: the record as its schema reads it, always with its owner's id. */
export type Mention = Omit<z.output<ReturnType<typeof mentionRecordSchema>>, 'project_id'> & {
  project_id: number;
};
