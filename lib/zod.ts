// zod as the extension uses it: every schema module imports `z` from here, never from 'zod', so
// the jitless setting is applied before any schema exists, in every context, and no page that
// uses no schema loads zod at all.
//
// It is zod/mini, the functional API (`z.optional(s)`, `s.check(z.minLength(1))`, `z.pipe(a, b)`):
// the same parser core as the chained API, but a bundle keeps only the functions it calls, which
// roughly halves what the service worker loads. Mini loads no locale either; that costs nothing,
// since every message a person reads is ours (browser.i18n) and no schema shows zod's own words.
import * as z from 'zod/mini';

// zod probes `new Function` and compiles parsers with it unless told not to; the extension CSP
// forbids both.
z.config({ jitless: true });

export { z };
