// The mention store's storage format: the names of its storage.local keys, the meta item (format
// version, synced projects, service offset), the stored form of records and floors as they are
// read back, and the migration of an older format to the current one. How a store is spread over
// these keys, and why, is shards.ts's. The key names are stored data: changing one loses what
// existing users have stored.

import { fieldwise, keptList } from '@/lib/zod';
import { EXCLUDED_BOUND, floorAtNewest } from '@/lib/mentions/floors';
import { isStoredRecord, type StoredRecord } from '@/lib/mentions/mention-record';
import {
  isUtcOffset,
  type MentionKey,
  type MentionStore,
  type ProjectFloor,
} from '@/lib/mentions/store';
import { lazySchema, z } from '@/lib/zod';

/** One mention's record: `mention:<project id>:<id>`. */
const RECORD_PREFIX = 'mention:';
/** A project's read ids: `mentionRead:<project id>`. */
export const READ_PREFIX = 'mentionRead:';
/** A project's floor: `mentionFloor:<project id>`. */
export const FLOOR_PREFIX = 'mentionFloor:';
/**
 * Format 1 (before floors): a project's pruned ids. Read only by the migration (below), which
 * turns them into the project's floor and removes them.
 */
const LEGACY_PRUNED_PREFIX = 'mentionPruned:';
export const META_KEY = 'mentionMeta';

export function recordKey(projectId: number, id: number): string {
  return `${RECORD_PREFIX}${projectId}:${id}`;
}

export function readKey(projectId: number): string {
  return `${READ_PREFIX}${projectId}`;
}

export function floorKey(projectId: number): string {
  return `${FLOOR_PREFIX}${projectId}`;
}

function safeInteger(text: string | undefined): number | null {
  if (text === undefined || !/^-?\d+$/.test(text)) return null;
  const value = Number(text);
  return Number.isSafeInteger(value) ? value : null;
}

/** The mention a record key names, or null for any other key. */
function parseRecordKey(key: string): MentionKey | null {
  if (!key.startsWith(RECORD_PREFIX)) return null;
  const [project, id, ...rest] = key.slice(RECORD_PREFIX.length).split(':');
  const projectId = safeInteger(project);
  const mentionId = safeInteger(id);
  return projectId === null || mentionId === null || rest.length > 0
    ? null
    : { projectId, id: mentionId };
}

/** The project a per-project key (read ids, floor, legacy pruned ids) names, or null. */
export function parseProjectKey(key: string, prefix: string): number | null {
  return key.startsWith(prefix) ? safeInteger(key.slice(prefix.length)) : null;
}

/** Whether a storage.local key belongs to the mention store (records, lists, floors or meta). */
export function isStoreKey(key: string): boolean {
  return (
    key === META_KEY ||
    key.startsWith(RECORD_PREFIX) ||
    key.startsWith(READ_PREFIX) ||
    key.startsWith(FLOOR_PREFIX) ||
    key.startsWith(LEGACY_PRUNED_PREFIX)
  );
}

/**
 * 1: records, read ids, `mentionPruned:<project>` id lists, meta without a version.
 * 2: pruned ids replaced by per-project floors (`mentionFloor:<project>`); meta has the version
 *    and the service offset.
 */
export const STORE_FORMAT_VERSION = 2;

/** The safe integers of a list, each once, in their order (`+ 0`: -0 is 0, as in JSON). */
const idList = lazySchema(() =>
  keptList(
    z.pipe(
      z.int(),
      z.transform((id) => id + 0),
    ),
    { idOf: (id) => id },
  ),
);

export const safeIds = (value: unknown): number[] => idList().parse(value);

// The meta is parsed as input: damage gives defaults. A missing version is format 1 (it had none).
const metaSchema = lazySchema(() =>
  fieldwise(
    { version: z.int(), syncedProjects: idList(), utcOffsetMinutes: z.custom<number>(isUtcOffset) },
    { version: 1, utcOffsetMinutes: 0 },
  ),
);

type StoreMeta = z.output<ReturnType<typeof metaSchema>>;

/** The meta as stored. */
export const parseMeta = (value: unknown): StoreMeta => metaSchema().parse(value);

export function metaOf(store: MentionStore): StoreMeta {
  return {
    version: STORE_FORMAT_VERSION,
    syncedProjects: [...store.syncedProjects],
    utcOffsetMinutes: store.utcOffsetMinutes,
  };
}

const orderKey = lazySchema(() => z.object({ addedAt: z.number(), id: z.int() }));

// seenId and idsUnordered are read together: a floor without them (the format before them), or with
// either damaged, reads as one that does not know its ids yet: the date floor decides until the
// project's next merge sets seenId again (floors.ts, floorJudge).
const storedFloorSchema = lazySchema(() =>
  z.pipe(
    z.object({
      key: z.nullable(orderKey()),
      zonedKey: z.optional(orderKey()),
      excluded: z.optional(z.pipe(z.array(z.unknown()), idList())),
      seenId: z.optional(z.unknown()),
      idsUnordered: z.optional(z.unknown()),
    }),
    z.transform(({ key, zonedKey, excluded = [], seenId, idsUnordered }): ProjectFloor => {
      const sorted = excluded.sort((a, b) => a - b).slice(-EXCLUDED_BOUND);
      const ids =
        idsUnordered === true
          ? { idsUnordered: true as const }
          : idsUnordered === undefined && Number.isSafeInteger(seenId)
            ? { seenId: seenId as number }
            : {};
      return {
        key,
        ...(zonedKey ? { zonedKey } : {}),
        ...(sorted.length > 0 ? { excluded: sorted } : {}),
        ...ids,
      };
    }),
  ),
);

/** A floor as stored, or undefined when it is not one (storage is input). */
export const parseStoredFloor = (value: unknown): ProjectFloor | undefined =>
  storedFloorSchema().safeParse(value).data;

/**
 * The records storage holds (`entries`: items of storage.local), per project: each sound record
 * under the key of the very mention it is. The store and its migration read them so.
 */
export function recordsByProject(entries: Record<string, unknown>): Map<number, StoredRecord[]> {
  const byProject = new Map<number, StoredRecord[]>();
  for (const [key, value] of Object.entries(entries)) {
    const named = parseRecordKey(key);
    if (!named || !isStoredRecord(value)) continue;
    if (value.project_id !== named.projectId || value.id !== named.id) continue;
    let list = byProject.get(named.projectId);
    if (!list) byProject.set(named.projectId, (list = []));
    list.push(value);
  }
  return byProject;
}

// Moving what storage.local holds to the current format (mention-storage.ts writes it:
// migrateStoredMentions; storeOfShards reads storage through it, so the store looks the same before
// and after the migration is written).
//
// 1 → 2: every record and read id stays as it is. A project's pruned ids (a bounded list: ids past
// the last 1,000 were forgotten, which is how read mentions came back) become its floor: their
// dates were not kept, so the floor is the newest key the project still stores (nothing older that
// is not stored comes in again), and the ids themselves are kept as the floor's permanent
// exclusions (any of them newer than that key stays out too).

interface MigrationWrites {
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
    const floor = existing ?? floorAtNewest(records.get(projectId) ?? [], meta.utcOffsetMinutes);
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
