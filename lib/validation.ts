// Validation as the extension does it: schemas typed as valibot's, run by a few kinds of our own
// (validation-kinds.ts), and the schema makers every schema module builds from. Schemas import `v`
// and the makers from here, never from 'valibot', so the rules of the kit (below) hold in every
// context.
//
// Why this shape: zod/mini's parser core cost the service worker about 4.5 KB gzip whichever kinds
// were used (issue 16); valibot's separate functions cost under 1.5 KB, and its runtime built every
// issue with English words nobody reads, 0.5 KB of that, which the worker's 27 KB budget (issue
// 19) could not spare: the kinds' few lines are ours, valibot's types (InferOutput) and its own
// parse (in the kit's tests) stay. Nothing is compiled from strings, which the extension CSP
// forbids. No schema shows a library's words to a person: every message anyone reads is ours
// (browser.i18n).
//
// `object` gives each member's schema the member as sent, and `undefined` when it is missing, so a
// schema that reads a missing member as '' or 0 (the service's liberal readers,
// lib/service/values.ts) does so. valibot's object refuses a missing member unless its schema is
// optional-with-default, which would split every such rule in two.
//
// The kit is built from few kinds (custom, pipe, rawTransform, safeParse, and its parts step): a
// rule is `rule` (a custom schema), a rewrite is `transform` (a raw transform), and `optional` and
// `preprocess` are made of the same kinds. Schemas use these, not valibot's check, transform or
// optional.
import { isRecord } from '@/lib/service/envelope';

// The kinds the kit is made of are our own (validation-kinds.ts), typed as valibot's. A namespace,
// as valibot's was, so a bundle keeps only the kinds it calls.
import * as v from '@/lib/validation-kinds';
import { ofParts } from '@/lib/validation-kinds';

export { v };

/** A schema from an input (what is sent) to an output (what a parse gives). */
export type Schema<Output = unknown, Input = unknown> = v.GenericSchema<Input, Output>;

type Members = Record<string, Schema<unknown, unknown>>;

/** Members whose input may be undefined are optional keys, as a sender writes them. */
type OptionalKeys<T> = { [K in keyof T]: undefined extends T[K] ? K : never }[keyof T];
type Keyed<T> = { [K in Exclude<keyof T, OptionalKeys<T>>]: T[K] } & {
  [K in OptionalKeys<T>]?: T[K];
};
type Flat<T> = { [K in keyof T]: T[K] } & {};

export type ObjectInput<M extends Members> = Flat<Keyed<{ [K in keyof M]: v.InferInput<M[K]> }>>;
export type ObjectOutput<M extends Members> = Flat<Keyed<{ [K in keyof M]: v.InferOutput<M[K]> }>>;

/** Any value at all, as it is (what the kit's own steps start from). */
export const anything = <T = unknown>() => v.custom<T>(() => true);

/** A pipe step that rewrites the value with `fn` (it never fails). */
export const transform = <I, O>(fn: (value: I) => O) =>
  v.rawTransform<I, O>(({ dataset }) => fn(dataset.value));

/** A pipe step: the value passes when `test` accepts it; `message` words its failure. */
export const rule = <T>(test: (value: T) => boolean, message?: v.ErrorMessage<v.CustomIssue>) =>
  v.custom<T>((value) => test(value as T), message);

/**
 * An object whose every member passes its schema (a missing member is given as undefined). Members
 * not named are dropped, or kept as sent with `loose`. A member whose output is undefined is left
 * out, so a parsed object has no `key: undefined`.
 */
export const object = <M extends Members>(members: M, options: { loose?: boolean } = {}) =>
  ofParts<ObjectInput<M>, ObjectOutput<M>>(isRecord, (input, part) => {
    const whole = input as Record<string, unknown>;
    const out: Record<string, unknown> = options.loose ? { ...whole } : {};
    for (const key of Object.keys(members)) {
      const value = part(members[key], whole[key]);
      if (value === undefined) delete out[key];
      else out[key] = value;
    }
    return out as ObjectOutput<M>;
  });

/** `schema`, or undefined (a missing member). */
export const optional = <T, I>(schema: Schema<T, I>) =>
  ofParts<I | undefined, T | undefined>(
    () => true,
    (value, part) => (value === undefined ? undefined : part(schema, value)),
  );

/** Text (any string); `message` words its failure. */
export const text = (message?: v.ErrorMessage<v.CustomIssue>) =>
  v.custom<string>((value) => typeof value === 'string', message);

/** A finite number (NaN and the infinities are refused). */
export const finiteNumber = () => v.custom<number>(Number.isFinite);

/** A safe integer of at least `min` (any safe integer by default). */
export const safeInteger = (min = Number.MIN_SAFE_INTEGER) =>
  v.custom<number>((n) => Number.isSafeInteger(n) && (n as number) >= min);

/** A boolean. */
export const boolean = () => v.custom<boolean>((value) => typeof value === 'boolean');

/** Text or a list at most `max` long (UTF-16 units for text): a pipe step. */
export const atMost = <T extends { readonly length: number }>(max: number) =>
  rule<T>((value) => value.length <= max);

/** A list whose every item passes `item`, as parsed; any item that fails fails the list. */
export const listOf = <T, I = T>(item: Schema<T, I>) =>
  ofParts<I[], T[]>(Array.isArray, (list, part) => list.map((value) => part(item, value)));

/** Rewrites the raw value with `fn`, then checks it with `schema` (zod's preprocess). */
export const preprocess = <T>(fn: (value: unknown) => unknown, schema: Schema<T, unknown>) =>
  v.pipe(anything(), transform(fn), schema) as unknown as Schema<T, unknown>;

/** The first message of a failed parse, or undefined when it passed. */
export function firstIssue(schema: Schema, value: unknown): string | undefined {
  const result = v.safeParse(schema, value);
  return result.success ? undefined : result.issues[0].message;
}
