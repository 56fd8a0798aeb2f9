// zod as the extension uses it: every schema module imports `z` from here, never from 'zod', so
// the jitless setting is applied before any schema exists, in every context, and no page that
// uses no schema loads zod at all.
//
// It is zod/mini, the functional API (`z.optional(s)`, `s.check(z.refine(f))`, `z.pipe(a, b)`): the
// same parser core as the chained API, but a bundle keeps only the functions it calls, which
// roughly halves what the service worker loads. Mini loads no locale either; that costs nothing,
// since every message a person reads is ours (browser.i18n) and no schema shows zod's own words.
//
// Each kind of schema or check adds its code once to every bundle that uses it, so one-off rules
// are refines (`z.refine`, `z.custom`, the helpers below) rather than zod's int, literal, union,
// enum or length checks, which the service worker would otherwise load for those rules alone.
import * as z from 'zod/mini';

// zod probes `new Function` and compiles parsers with it unless told not to; the extension CSP
// forbids both.
z.config({ jitless: true });

export { z };

/** A safe integer of at least `min` (any safe integer by default). */
export const safeInteger = (min = Number.MIN_SAFE_INTEGER) =>
  z.number().check(z.refine<number>((n) => Number.isSafeInteger(n) && n >= min));

/** A check that text or a list is at most `max` long (UTF-16 units for text). */
export const atMost = (max: number) =>
  z.refine<{ readonly length: number }>((value) => value.length <= max);
