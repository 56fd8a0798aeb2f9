// zod as the extension uses it, and how its schemas read stored data back leniently.

import * as z from 'zod/mini';

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

z.config({ jitless: true });

export { z };

/** A schema made by `build` the first time it is asked for, the same one every time after. */
export function lazySchema<T extends z.ZodMiniType>(build: () => T): () => T {
  let schema: T | undefined;
  return () => (schema ??= build());
}

// How schemas read data back from storage: whatever is stored (an older format, damage, a hand
// edit), a usable value. Most stored data only steers what a page shows or when a poll runs, so a
// damaged part falls back on its own and never costs the rest: a member reads as its default, a
// list or a record keeps its sound entries.

type Shape = Record<string, z.ZodMiniType>;

/**
 * `shape` read member by member: a member that is missing or fails reads as its default, and a
 * value that is no object at all reads as every default. A member without a default must read
 * anything (a fieldwise or kept one); a default is used as it is, the same value every time.
 */
export function fieldwise<S extends Shape>(
  shape: S,
  defaults: { [K in keyof S]?: z.output<S[K]> },
) {
  const members: Shape = { ...shape };
  for (const key in defaults) {
    members[key] = z.catch(shape[key], defaults[key] as z.output<S[typeof key]>);
  }
  const object = z.object(members) as z.ZodMiniObject<S>;
  return z.catch(object, () => object.parse({}));
}

/** An optional member that is left out when it fails (see leftOut). */
export const droppable = <T extends z.ZodMiniType>(schema: T) =>
  z.catch(z.optional(schema), undefined);

/** `object` without the members its droppable ones left undefined: as if they were never stored. */
export const leftOut = <T extends z.ZodMiniType<object>>(object: T) =>
  z.pipe(
    object,
    z.transform((value: z.output<T>) => {
      for (const [key, member] of Object.entries(value)) {
        if (member === undefined) delete (value as Record<string, unknown>)[key];
      }
      return value;
    }),
  );

interface ListBounds<T> {
  /** Only so many entries are read: a longer list is damage. */
  first?: number;
  /** The list ends once so many are kept. */
  most?: number;
  /** An entry is dropped when an earlier kept one has its id. */
  idOf?: (entry: T) => unknown;
}

/** A list read entry by entry: an entry that fails is dropped; what is no list reads as empty. */
export function keptList<T extends z.ZodMiniType>(
  entry: T,
  { first, most, idOf }: ListBounds<z.output<T>> = {},
) {
  const whole = z.array(entry);
  const kept = (list: unknown[]) => {
    const raw = first === undefined ? list : list.slice(0, first);
    // A sound list is the rule: read whole, and entry by entry only when one fails.
    const sound = whole.safeParse(raw);
    const read = sound.success
      ? sound.data
      : raw.flatMap((value) => {
          const one = entry.safeParse(value);
          return one.success ? [one.data] : [];
        });
    if (!idOf) return most === undefined ? read : read.slice(0, most);
    const out: z.output<T>[] = [];
    const ids = new Set<unknown>();
    for (const value of read) {
      const id = idOf(value);
      if (ids.has(id)) continue;
      ids.add(id);
      if (out.push(value) === most) break;
    }
    return out;
  };
  return z.catch(z.pipe(z.array(z.unknown()), z.transform(kept)), () => []);
}

/**
 * An object of entries read one by one: an entry whose key or value fails is dropped, and what is
 * no object reads as empty. `key` may rewrite the key (a later entry of the same key wins).
 */
export function keptRecord<K extends z.ZodMiniType<string, string>, V extends z.ZodMiniType>(
  key: K,
  value: V,
  most = Infinity,
) {
  const kept = (entries: Record<string, unknown>) => {
    const out: Record<string, z.output<V>> = {};
    let count = 0;
    for (const [name, raw] of Object.entries(entries)) {
      if (count === most) break;
      const id = key.safeParse(name);
      const read = value.safeParse(raw);
      if (!id.success || !read.success) continue;
      out[id.data] = read.data;
      count += 1;
    }
    return out;
  };
  return z.catch(z.pipe(z.record(z.string(), z.unknown()), z.transform(kept)), () => ({}));
}
