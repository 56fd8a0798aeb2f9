// zod as the extension uses it: every schema module imports `z` from here, never from 'zod', so
// the jitless setting is applied before any schema exists, in every context, and no page that
// uses no schema loads zod at all.
import { z } from 'zod';

// zod probes `new Function` and compiles parsers with it unless told not to; the extension CSP
// forbids both.
z.config({ jitless: true });

export { z };
