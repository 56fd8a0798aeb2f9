// The mention store as storage.local keys, and the smallest set of writes between two stores.
//
// Why split: storage writes whole values. As one item, a poll that brought 10 mentions would rewrite
// every stored mention (megabytes at 5,000), and marking one read would too. Split, a write touches only
// what changed:
//   mention:<project>:<id>   one record, without its read flag (written when it arrives or changes)
//   mentionRead:<project>    the ids read in that project (written when read state changes)
//   mentionFloor:<project>   the project's floor (store.ts, ProjectFloor), when it has one
//   mentionMeta              the format version, the synced projects, the service offset
// Read state lives apart from the records so that "mark all read" on 5,000 mentions writes a list
// of ids per project, not 5,000 records.
//
// All of one write goes in a single storage.local.set (atomic), removals in one remove after it: a
// crash between the two leaves records the next merge prunes again, never a half-written record.
// (After a quota error the removals must make room first: then the raised floors go alone before
// them, the rest after: mention-storage.ts.)
// Pure functions, with property tests (tests/unit/mentions/shards.property.test.ts). The key names
// and the format of each value are store-format.ts's.

import { floorAtNewest, sameFloor, sameIds } from '@/lib/mentions/floors';
import { recordOf, sameContent } from '@/lib/mentions/mention-record';
import {
  compareNewestFirst,
  knownProjectIds,
  type MentionStore,
  type ProjectFloor,
  type StoredMention,
} from '@/lib/mentions/store';
import {
  FLOOR_PREFIX,
  META_KEY,
  READ_PREFIX,
  floorKey,
  metaOf,
  migratedView,
  needsMigration,
  parseMeta,
  parseProjectKey,
  parseStoredFloor,
  readKey,
  recordKey,
  recordsByProject,
  safeIds,
} from '@/lib/mentions/store-format';

export interface ShardWrites {
  set: Record<string, unknown>;
  remove: string[];
}

function sameRecord(a: StoredMention, b: StoredMention): boolean {
  return a.firstSeen === b.firstSeen && Object.is(a.addedAt, b.addedAt) && sameContent(a, b);
}

function readIds(list: readonly StoredMention[]): number[] {
  return list
    .filter((m) => m.read)
    .map((m) => m.id)
    .sort((a, b) => a - b);
}

/**
 * The writes that turn storage holding `before` into storage holding `after`. Linear in the
 * projects whose list changed; a list that is the same object (the merge and the read-state
 * functions share what they do not change) costs nothing.
 */
export function shardWrites(before: MentionStore, after: MentionStore): ShardWrites {
  const set: Record<string, unknown> = {};
  const remove: string[] = [];
  for (const projectId of knownProjectIds(before, after)) {
    const was = before.byProject[projectId] ?? [];
    const now = after.byProject[projectId] ?? [];
    if (was !== now) {
      const previous = new Map(was.map((m) => [m.id, m]));
      for (const mention of now) {
        const old = previous.get(mention.id);
        previous.delete(mention.id);
        if (old !== mention && (!old || !sameRecord(old, mention))) {
          set[recordKey(projectId, mention.id)] = recordOf(mention);
        }
      }
      for (const gone of previous.keys()) remove.push(recordKey(projectId, gone));
      const read = readIds(now);
      if (!sameIds(readIds(was), read)) {
        if (read.length > 0) set[readKey(projectId)] = read;
        else remove.push(readKey(projectId));
      }
    }
    const floor = after.floors[projectId];
    if (!sameFloor(before.floors[projectId], floor)) {
      if (floor) set[floorKey(projectId)] = floor;
      else remove.push(floorKey(projectId));
    }
  }
  if (
    !sameIds(before.syncedProjects, after.syncedProjects) ||
    before.utcOffsetMinutes !== after.utcOffsetMinutes
  ) {
    set[META_KEY] = metaOf(after);
  }
  return { set, remove };
}

/**
 * The store from everything storage.local holds (other keys are ignored). Storage is input like any
 * other: a damaged record or list is left out, everything still whole is kept, and a record whose
 * key and content disagree is not trusted. A store in an older format reads as it will after its
 * migration (store-format.ts). A damaged floor is rebuilt as the migration builds one: nothing older
 * than the project's newest stored record comes in.
 */
export function storeOfShards(stored: Record<string, unknown>): MentionStore {
  const entries = needsMigration(stored) ? migratedView(stored) : stored;
  const meta = parseMeta(entries[META_KEY]);
  const byProject: Record<number, StoredMention[]> = {};
  const readByProject = new Map<number, Set<number>>();
  const floors: Record<number, ProjectFloor> = {};
  const damagedFloors: number[] = [];
  for (const [key, value] of Object.entries(entries)) {
    const read = parseProjectKey(key, READ_PREFIX);
    if (read !== null) readByProject.set(read, new Set(safeIds(value)));
    const floorOf = parseProjectKey(key, FLOOR_PREFIX);
    if (floorOf !== null) {
      const floor = parseStoredFloor(value);
      if (floor) floors[floorOf] = floor;
      else damagedFloors.push(floorOf);
    }
  }
  for (const [projectId, records] of recordsByProject(entries)) {
    const read = readByProject.get(projectId);
    byProject[projectId] = records.map((record) => ({
      ...record,
      read: read?.has(record.id) ?? false,
    }));
  }
  for (const projectId of damagedFloors) {
    floors[projectId] = floorAtNewest(byProject[projectId] ?? [], meta.utcOffsetMinutes);
  }
  // A synced project with nothing stored keeps its (empty) list, as in the store itself.
  for (const projectId of meta.syncedProjects) byProject[projectId] ??= [];
  for (const list of Object.values(byProject)) list.sort(compareNewestFirst);
  return {
    byProject,
    syncedProjects: meta.syncedProjects,
    floors,
    utcOffsetMinutes: meta.utcOffsetMinutes,
  };
}
