// The mention store as the extension works with it: its shape, the one ordering of mentions, the
// read-only views the badge and the pages take of it, and the pure changes that are not a merge or
// read state (removing projects, following the service's offset). In storage it is split over keys
// (shards.ts), and one write sets all of a change in a single storage.local.set, so a poll's
// mentions, its "first sync done" flag and its floors land together (a crash between them could
// otherwise re-apply the first-sync rule or let dropped mentions come back).
//
// Derived figures (unread counts, totals) are deliberately not stored: they are O(n) over at most
// 5,000 records to compute and can never disagree with the records themselves.

import { shiftFloor } from '@/lib/mentions/floors';
import type { Mention } from '@/lib/service/values';
import { parseServiceDate } from '@/lib/time/service-date';

/**
 * A mention as stored. `product_description` is dropped: it is the project's own description,
 * repeated verbatim on every mention, and at 5,000 mentions it would cost megabytes of the ~10 MB
 * `storage.local` quota for nothing the UI shows. Every remote string is capped in bytes
 * (mention-record.ts).
 */
export type StoredMention = Omit<Mention, 'product_description'> & {
  /** Local read state; never sent to the service. */
  read: boolean;
  /** Epoch ms when this extension first stored it. */
  firstSeen: number;
  /**
   * Epoch ms used for ordering and age: `date_added` parsed by parseServiceDate at the store's
   * `utcOffsetMinutes`, or `firstSeen` when the service sent a date we cannot read (our best
   * estimate of its age). Precomputed so that sorting and pruning never parse strings.
   */
  addedAt: number;
};

/** Where a mention sits in the one ordering (compareNewestFirst): addedAt, then id. */
export interface OrderKey {
  addedAt: number;
  id: number;
}

/**
 * Why dropped mentions never come back (caps.ts raises it, merge.ts checks it, floors.ts). A service reply may
 * hold a project's whole history, far more than the store keeps; remembering dropped ids would be
 * a list without end. The floor is exact at any size instead: everything ever dropped from the
 * project sits at or below its date keys (or is excluded, when its date was unreadable), and while
 * the project's ids grow, everything it was ever sent has an id at or below `seenId`: a mention
 * above that is new whatever its date (docs/bounded-store.md, "Eviction and floors").
 */
export interface ProjectFloor {
  /**
   * The newest key ever dropped among mentions whose date the store could read; null when only
   * mentions of unreadable date were dropped. Moves with the service's offset (rebaseServiceTimes).
   */
  key: OrderKey | null;
  /**
   * The same for dates that carry their own zone (`…Z`, `…+05:00`): those do not move when the
   * service's offset changes, so they are kept apart. Absent when none was dropped.
   */
  zonedKey?: OrderKey;
  /**
   * Ids never admitted again whatever their date, sorted: dropped mentions of unreadable date (the
   * largest EXCLUDED_BOUND of them, floors.ts), and the pruned ids of the storage format before
   * floors (their dates were not kept). Absent when there are none.
   */
  excluded?: number[];
  /**
   * The highest id the project was ever sent: the service hands ids out in order, so a mention
   * above it is new whatever its date. Absent on a floor of the format before it (the date floor
   * decides until a merge sets it) and once the project's ids proved not to grow.
   */
  seenId?: number;
  /** The project's ids proved not to grow: the date floor alone decides, for good. */
  idsUnordered?: true;
}

export interface MentionStore {
  /** Mentions per project id, each list kept newest first (addedAt, then id, descending). */
  byProject: Record<number, StoredMention[]>;
  /** Projects whose first sync is done; before it, mentions older than 7 days arrive read. */
  syncedProjects: number[];
  /** Per project that ever dropped a mention (the caps, the byte budget, a quota prune). */
  floors: Record<number, ProjectFloor>;
  /** The service's UTC offset every parsed `addedAt` and floor key was computed with. */
  utcOffsetMinutes: number;
}

/** Identifies a mention: ids are only unique within a project. */
export interface MentionKey {
  projectId: number;
  id: number;
}

/** Every project the stores know of: with records, with a floor, or synced. */
export function knownProjectIds(...stores: MentionStore[]): number[] {
  const ids = new Set<number>();
  for (const store of stores) {
    for (const key of Object.keys(store.byProject)) ids.add(Number(key));
    for (const key of Object.keys(store.floors)) ids.add(Number(key));
    for (const id of store.syncedProjects) ids.add(id);
  }
  return [...ids];
}

/**
 * Whether an offset is one the store keeps: whole minutes from UTC−12 to UTC+14, the offsets in
 * use on Earth.
 */
export function isUtcOffset(value: unknown): value is number {
  return Number.isSafeInteger(value) && (value as number) >= -720 && (value as number) <= 840;
}

export function emptyMentionStore(): MentionStore {
  return { byProject: {}, syncedProjects: [], floors: {}, utcOffsetMinutes: 0 };
}

export function keyOf(mention: Pick<Mention, 'project_id' | 'id'>): MentionKey {
  return { projectId: mention.project_id, id: mention.id };
}

/** A flat string form of a key, for Sets and Maps. */
export function keyString(key: MentionKey): string {
  return `${key.projectId}:${key.id}`;
}

// The one ordering of mentions (docs/service/notes.md: sort by date_added, then id).

type Ordered = Pick<StoredMention, 'addedAt' | 'id' | 'project_id'>;

/** Newest first: addedAt, then id, then project id (so lists across projects are deterministic). */
export function compareNewestFirst(a: Ordered, b: Ordered): number {
  return b.addedAt - a.addedAt || b.id - a.id || b.project_id - a.project_id;
}

/** A sorted copy; the input is left alone (it may be frozen or shared with the stored state). */
export function newestFirst<T extends Ordered>(mentions: readonly T[]): T[] {
  return [...mentions].sort(compareNewestFirst);
}

/**
 * The `count` newest, newest first: newestFirst(mentions).slice(0, count) without sorting them all
 * (the preview takes 10 of up to 5,000 at every write).
 */
export function newestOf<T extends Ordered>(mentions: Iterable<T>, count: number): T[] {
  const newest: T[] = [];
  for (const mention of mentions) {
    if (newest.length === count && compareNewestFirst(mention, newest[count - 1]) >= 0) continue;
    let at = newest.length;
    while (at > 0 && compareNewestFirst(mention, newest[at - 1]) < 0) at -= 1;
    newest.splice(at, 0, mention);
    if (newest.length > count) newest.pop();
  }
  return newest;
}

// Read-only views, for the badge, the popup and the options page. Counts are computed, not stored,
// so they can never disagree with the records.

/** Unread per project id, including projects with none (0). */
export function unreadByProject(store: MentionStore): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const [key, list] of Object.entries(store.byProject)) {
    counts[Number(key)] = list.reduce((n, m) => (m.read ? n : n + 1), 0);
  }
  return counts;
}

export function mentionCount(store: MentionStore): number {
  let total = 0;
  for (const list of Object.values(store.byProject)) total += list.length;
  return total;
}

/** All mentions of all projects, newest first (each project's list already is; this interleaves). */
export function allMentionsNewestFirst(store: MentionStore): StoredMention[] {
  return newestFirst(Object.values(store.byProject).flat());
}

export function findMention(store: MentionStore, key: MentionKey): StoredMention | undefined {
  return store.byProject[key.projectId]?.find((m) => m.id === key.id);
}

export function isSynced(store: MentionStore, projectId: number): boolean {
  return store.syncedProjects.includes(projectId);
}

// Projects removed on the service take their mentions (and their floors) with them. Keys are
// project ids, so a renamed project keeps everything. Call removeProjects only with a project list
// that was fetched successfully: an empty list from a failed call would otherwise wipe the store.

export function removeProjects(
  store: MentionStore,
  keepProjectIds: Iterable<number>,
): MentionStore {
  const keep = new Set(keepProjectIds);
  return removeWhere(store, (id) => !keep.has(id));
}

export function removeProject(store: MentionStore, projectId: number): MentionStore {
  return removeWhere(store, (id) => id === projectId);
}

/** Returns the same store object when no project matched. */
function removeWhere(store: MentionStore, gone: (projectId: number) => boolean): MentionStore {
  const doomed = knownProjectIds(store).filter(gone);
  if (doomed.length === 0) return store;
  const byProject = { ...store.byProject };
  const floors = { ...store.floors };
  for (const id of doomed) {
    delete byProject[id];
    delete floors[id];
  }
  const syncedProjects = store.syncedProjects.filter((id) => !gone(id));
  return { ...store, byProject, syncedProjects, floors };
}

// When the service's UTC offset becomes known or changes (detected, or set by the user), every
// stored time read from the service moves with it: `addedAt` is read again from `date_added`, and
// the floors move by the same amount, so that what was dropped stays at or below its floor.

/**
 * The store with every `addedAt` read from `date_added` at `utcOffsetMinutes` (a date the store
 * cannot read keeps its firstSeen-based one; a date with its own zone does not move), every floor
 * moved by the same amount, and each list sorted again. Returns the same object when the offset is
 * the store's already, or is not a whole number of minutes from UTC−12 to UTC+14 (the store keeps
 * only such offsets: store-format.ts).
 */
export function rebaseServiceTimes(store: MentionStore, utcOffsetMinutes: number): MentionStore {
  if (!isUtcOffset(utcOffsetMinutes) || utcOffsetMinutes === store.utcOffsetMinutes) {
    return store;
  }
  // A later offset means the same wall-clock string is an earlier instant.
  const deltaMs = (store.utcOffsetMinutes - utcOffsetMinutes) * 60_000;
  const byProject: Record<number, StoredMention[]> = {};
  for (const [key, list] of Object.entries(store.byProject)) {
    let moved = false;
    const next = list.map((mention) => {
      const addedAt = parseServiceDate(mention.date_added, utcOffsetMinutes);
      if (addedAt === undefined || addedAt === mention.addedAt) return mention;
      moved = true;
      return { ...mention, addedAt };
    });
    byProject[Number(key)] = moved ? next.sort(compareNewestFirst) : list;
  }
  const floors: Record<number, ProjectFloor> = {};
  for (const [key, floor] of Object.entries(store.floors)) {
    floors[Number(key)] = shiftFloor(floor, deltaMs);
  }
  return { ...store, byProject, floors, utcOffsetMinutes };
}
