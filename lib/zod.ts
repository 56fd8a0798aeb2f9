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

/** Text, as zod's string kind takes it; `error` words its failure. */
export const text = (params?: Parameters<typeof z.custom>[1]) =>
  z.custom<string>((value) => typeof value === 'string', params);

/** A number as zod's number kind takes it: finite (NaN and the infinities are refused). */
export const finiteNumber = () => z.custom<number>(Number.isFinite);

/** A safe integer of at least `min` (any safe integer by default). */
export const safeInteger = (min = Number.MIN_SAFE_INTEGER) =>
  z.custom<number>((n) => Number.isSafeInteger(n) && (n as number) >= min);

/** A check that text or a list is at most `max` long (UTF-16 units for text). */
export const atMost = (max: number) =>
  z.refine<{ readonly length: number }>((value) => value.length <= max);

/** A boolean (a refine: zod's boolean kind would load for this rule alone). */
export const boolean = () => z.custom<boolean>((value) => typeof value === 'boolean');

/**
 * A list whose every item passes `item`, as parsed (zod's array kind would load for the two
 * lists the background reads). Any item that fails fails the list.
 */
export const listOf = <T>(item: z.ZodMiniType<T>) =>
  z.pipe(
    z.custom<unknown[]>(Array.isArray),
    z.transform((list: unknown[], ctx) => {
      const parsed: T[] = [];
      for (const value of list) {
        const result = item.safeParse(value);
        if (!result.success) {
          ctx.issues.push({ code: 'custom', input: value });
          return z.NEVER;
        }
        parsed.push(result.data);
      }
      return parsed;
    }),
  );
