// Moving what storage.local holds to the current format of the mention store (store-meta.ts lists
// the formats). Pure: mention-storage.ts applies it (migrateStoredMentions), and storeOfShards reads
// storage through it, so the store looks the same before and after the migration is written.
//
// 1 → 2: every record and read id stays as it is. A project's pruned ids (a bounded list: ids past
// the last 1,000 were forgotten, which is how read mentions came back) become its floor: their
// dates were not kept, so the floor is the newest key the project still stores (nothing older that
// is not stored comes in again), and the ids themselves are kept as the floor's permanent
// exclusions (any of them newer than that key stays out too).

import { parseStoredFloor, raiseFloor } from '@/lib/mentions/floors';
import { LEGACY_PRUNED_PREFIX, META_KEY, floorKey } from '@/lib/storage/keys';
import { isStoreKey, parseProjectKey } from '@/lib/mentions/shard-keys';
import {
  STORE_FORMAT_VERSION,
  parseMeta,
  safeIds,
  type StoreMeta,
} from '@/lib/mentions/store-meta';
import { recordsByProject } from '@/lib/mentions/stored-record';

export interface MigrationWrites {
  set: Record<string, unknown>;
  remove: string[];
}

/** Whether storage holds a mention store in an older format (or the leftovers of one). */
export function needsMigration(entries: Record<string, unknown>): boolean {
  const keys = Object.keys(entries);
  if (keys.some((key) => key.startsWith(LEGACY_PRUNED_PREFIX))) return true;
  const { version } = parseMeta(entries[META_KEY]);
  return version < STORE_FORMAT_VERSION && keys.some(isStoreKey);
}

/**
 * The writes that bring `entries` (all of storage.local) to the current format: one set, then one
 * remove. Nothing when it is current already; a newer format than this code knows is left alone.
 */
export function migrateMentionStorage(entries: Record<string, unknown>): MigrationWrites {
  const set: Record<string, unknown> = {};
  const remove: string[] = [];
  if (!needsMigration(entries)) return { set, remove };
  const meta = parseMeta(entries[META_KEY]);
  if (meta.version > STORE_FORMAT_VERSION) return { set, remove };

  const records = recordsByProject(entries);
  for (const [key, value] of Object.entries(entries)) {
    if (!key.startsWith(LEGACY_PRUNED_PREFIX)) continue;
    remove.push(key);
    const projectId = parseProjectKey(key, LEGACY_PRUNED_PREFIX);
    if (projectId === null) continue;
    // A floor written by a migration that stopped before its removal stays as it is (raising it
    // again to what is stored now could refuse mentions that arrived since): only the ids join.
    const existing = parseStoredFloor(entries[floorKey(projectId)]);
    const floor = existing ??
      raiseFloor(undefined, records.get(projectId) ?? [], meta.utcOffsetMinutes) ?? { key: null };
    const excluded = [...new Set([...(floor.excluded ?? []), ...safeIds(value)])].sort(
      (a, b) => a - b,
    );
    set[floorKey(projectId)] = excluded.length > 0 ? { ...floor, excluded } : floor;
  }
  const next: StoreMeta = { ...meta, version: STORE_FORMAT_VERSION };
  set[META_KEY] = next;
  return { set, remove };
}

/** `entries` as they read after the migration's writes (for reading a store not yet migrated). */
export function migratedView(entries: Record<string, unknown>): Record<string, unknown> {
  const { set, remove } = migrateMentionStorage(entries);
  if (remove.length === 0 && Object.keys(set).length === 0) return entries;
  const view = { ...entries, ...set };
  for (const key of remove) delete view[key];
  return view;
}
