// The mention store's meta item (`mentionMeta`): the storage format's version, the synced projects
// and the service offset the stored times were read at. Parsed as input: damage gives defaults.

import { fieldwise, keptList, lazySchema, z } from '@/lib/zod';
import type { MentionStore } from '@/lib/mentions/store';

/**
 * 1: records, read ids, `mentionPruned:<project>` id lists, meta without a version.
 * 2: pruned ids replaced by per-project floors (`mentionFloor:<project>`); meta has the version
 *    and the service offset.
 */
export const STORE_FORMAT_VERSION = 2;

/** UTC−12 to UTC+14, the offsets in use on Earth. */
const utcOffset = lazySchema(() => z.int().check(z.gte(-720), z.lte(840)));

export const isUtcOffset = (value: unknown): value is number =>
  utcOffset().safeParse(value).success;

/** The safe integers of a list, each once, in their order (`+ 0`: -0 is 0, as in JSON). */
export const idList = lazySchema(() =>
  keptList(
    z.pipe(
      z.int(),
      z.transform((id) => id + 0),
    ),
    { idOf: (id) => id },
  ),
);

export const safeIds = (value: unknown): number[] => idList().parse(value);

// A missing version is format 1 (it had none).
const metaSchema = lazySchema(() =>
  fieldwise(
    { version: z.int(), syncedProjects: idList(), utcOffsetMinutes: utcOffset() },
    { version: 1, utcOffsetMinutes: 0 },
  ),
);

export type StoreMeta = z.output<ReturnType<typeof metaSchema>>;

/** The meta as stored. */
export const parseMeta = (value: unknown): StoreMeta => metaSchema().parse(value);

export function metaOf(store: MentionStore): StoreMeta {
  return {
    version: STORE_FORMAT_VERSION,
    syncedProjects: [...store.syncedProjects],
    utcOffsetMinutes: store.utcOffsetMinutes,
  };
}
