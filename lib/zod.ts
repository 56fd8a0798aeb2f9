// zod as the extension uses it: the `zod/mini` entry, so a bundle keeps only the kinds it calls,
// and jitless, because the extension's CSP forbids compiling code from strings. Every schema module
// imports `z` from here, never from 'zod' itself, so that setting is in force wherever a schema
// runs.
//
// Schemas are built on first use (`lazySchema`): building one costs about as much as running it
// many times, and a worker woken for one alarm should pay only for the schemas that alarm touches.
//
// No message of zod's reaches a person: a schema that can fail in front of one names its own words
// (`{ error: () => t('…') }`), and every other failure is turned into our words by its caller.
import * as z from 'zod/mini';

z.config({ jitless: true });

export { z };

/** A schema made by `build` the first time it is asked for, the same one every time after. */
export function lazySchema<T extends z.ZodMiniType>(build: () => T): () => T {
  let schema: T | undefined;
  return () => (schema ??= build());
}
