// Keeping the store bounded: at most `perProject` mentions in a project, `total` in all, and
// `totalBytes` of records (recordCost, below: what a record costs of the storage quota). What goes is always a project's OLDEST mentions
// (addedAt, then id): then its floor (floors.ts) is just below the oldest it keeps, so a later
// re-fetch never brings a dropped mention back as new, and a genuinely new mention, newer than
// what is kept or with an id the project never had, is still admitted. Across projects, the total
// caps take from the end whose mention is read before one that is unread, then the oldest.

import { raiseFloor } from '@/lib/mentions/floors';
import { FIELD_BYTES } from '@/lib/mentions/mention-record';
import { mentionCount, type MentionStore, type StoredMention } from '@/lib/mentions/store';
import { recordKey } from '@/lib/mentions/store-format';
import { jsonBytes, numberBytes, stringBytes } from '@/lib/storage/quota-bytes';

export interface MentionLimits {
  perProject: number;
  total: number;
  /**
   * Bytes the records may take in all, as storage counts them (recordCost).
   * Absent: no byte budget (tests of the count caps alone).
   */
  totalBytes?: number;
}

/**
 * The records' byte budget: 4 MiB. With everything else the store keeps (read lists, floors, the
 * preview, meta) the worst case stays under half the 10 MB quota (tests/unit/mentions/
 * store.worst-case.test.ts), leaving room for the rest of the extension and for a write's new keys
 * before its removals.
 */
export const RECORD_BYTES_BUDGET = 4 * 1024 * 1024;

export const DEFAULT_LIMITS: MentionLimits = {
  perProject: 500,
  total: 5_000,
  totalBytes: RECORD_BYTES_BUDGET,
};

/**
 * One account's share of the caps when the browser holds `accounts`: the store's bounds (and so
 * its worst case, under half the quota) hold for every account's stores together. Each project
 * keeps its own cap while the account's share allows it.
 */
export function accountShare(accounts: number): MentionLimits {
  const n = Math.max(1, Math.floor(accounts));
  if (n === 1) return DEFAULT_LIMITS;
  const total = Math.floor(DEFAULT_LIMITS.total / n);
  return {
    perProject: Math.min(DEFAULT_LIMITS.perProject, total),
    total,
    totalBytes: Math.floor(RECORD_BYTES_BUDGET / n),
  };
}

type Prunable = Pick<StoredMention, 'read' | 'addedAt' | 'id' | 'project_id'>;

/**
 * Which of the projects' oldest ends goes first (Tails): read before unread, then oldest; project id
 * last so the choice across projects is deterministic.
 */
function comparePruneFirst(a: Prunable, b: Prunable): number {
  return (
    Number(b.read) - Number(a.read) ||
    a.addedAt - b.addedAt ||
    a.id - b.id ||
    a.project_id - b.project_id
  );
}

/** Applies the three caps. Returns the same store object when nothing had to go. */
export function enforceCaps(
  store: MentionStore,
  limits: MentionLimits = DEFAULT_LIMITS,
): MentionStore {
  const doomed = new Map<number, Set<number>>();
  const perProject = Math.max(0, limits.perProject);
  // Each project's list is kept newest first (store.ts): its end is its oldest.
  const kept: StoredMention[][] = [];
  let total = 0;
  for (const [key, list] of Object.entries(store.byProject)) {
    const excess = list.length - perProject;
    if (excess > 0) addDoomed(doomed, Number(key), list.slice(perProject));
    const rest = excess > 0 ? list.slice(0, perProject) : list;
    kept.push(rest);
    total += rest.length;
  }
  const tails = new Tails(kept);
  const totalExcess = total - Math.max(0, limits.total);
  for (let i = 0; i < totalExcess; i++) {
    const m = tails.take();
    if (m) addDoomed(doomed, m.project_id, [m]);
  }
  if (limits.totalBytes !== undefined) {
    let bytes = 0;
    for (const m of tails.remaining()) bytes += recordCost(m);
    while (bytes > limits.totalBytes) {
      const m = tails.take();
      if (!m) break;
      bytes -= recordCost(m);
      addDoomed(doomed, m.project_id, [m]);
    }
  }
  return doomed.size === 0 ? store : removeMentions(store, doomed);
}

/**
 * After a storage quota error: frees about `fraction` (0..1] of the mentions, each project's
 * oldest, read ends first, at least one. Returns the same store when there is nothing left to drop
 * (the floors stay: they are what keeps dropped mentions from coming back).
 */
export function pruneForQuota(store: MentionStore, fraction: number): MentionStore {
  const lists = Object.values(store.byProject);
  const count = mentionCount(store);
  if (count === 0) return store;
  const share = Number.isFinite(fraction) ? Math.min(1, Math.max(0, fraction)) : 0.5;
  const tails = new Tails(lists);
  const doomed = new Map<number, Set<number>>();
  for (let i = 0; i < Math.max(1, Math.ceil(count * share)); i++) {
    const m = tails.take();
    if (m) addDoomed(doomed, m.project_id, [m]);
  }
  return removeMentions(store, doomed);
}

/**
 * The ends of several newest-first lists: `take` removes, from the list whose last mention comes
 * first by comparePruneFirst, that mention. Linear in the lists per take (a store has a few dozen
 * projects at most, and the caps take at most a few thousand).
 */
class Tails {
  private readonly ends: number[];

  constructor(private readonly lists: readonly (readonly StoredMention[])[]) {
    this.ends = lists.map((list) => list.length);
  }

  take(): StoredMention | undefined {
    let best = -1;
    for (let i = 0; i < this.lists.length; i++) {
      if (this.ends[i] === 0) continue;
      const candidate = this.lists[i][this.ends[i] - 1];
      if (best < 0 || comparePruneFirst(candidate, this.lists[best][this.ends[best] - 1]) < 0) {
        best = i;
      }
    }
    if (best < 0) return undefined;
    this.ends[best] -= 1;
    return this.lists[best][this.ends[best]];
  }

  *remaining(): Iterable<StoredMention> {
    for (let i = 0; i < this.lists.length; i++) yield* this.lists[i].slice(0, this.ends[i]);
  }
}

function addDoomed(
  doomed: Map<number, Set<number>>,
  projectId: number,
  mentions: readonly StoredMention[],
): void {
  let ids = doomed.get(projectId);
  if (!ids) doomed.set(projectId, (ids = new Set()));
  for (const m of mentions) ids.add(m.id);
}

function removeMentions(
  store: MentionStore,
  doomed: ReadonlyMap<number, ReadonlySet<number>>,
): MentionStore {
  const byProject = { ...store.byProject };
  const floors = { ...store.floors };
  for (const [projectId, ids] of doomed) {
    const list = byProject[projectId] ?? [];
    const gone = list.filter((m) => ids.has(m.id));
    byProject[projectId] = list.filter((m) => !ids.has(m.id));
    // A floor made here starts at the highest id the project held: everything it was sent.
    const seenId = list.reduce((max, m) => Math.max(max, m.id), -Infinity);
    const floor = raiseFloor(floors[projectId], gone, store.utcOffsetMinutes, seenId);
    if (floor) floors[projectId] = floor;
  }
  return { ...store, byProject, floors };
}

/**
 * Besides its own item a mention adds to one shared list: its id to the project's read ids (at most
 * 17 characters and a comma), or while unread its source to the preview's counts (the source at
 * its cap, quotes, colon, a count of up to 5 digits, comma). Counting the larger with every record
 * lets the budget bound those lists too.
 */
const RECORD_SHARE_BYTES = FIELD_BYTES.source + 9;

// Keyed by the stored object: records are immutable and shared between stores, so a merge costs
// the records it made, not the store.
const cache = new WeakMap<StoredMention, number>();

/**
 * The record as storage counts it (key and JSON, without the read flag: what
 * `entryBytes(recordKey(...), recordOf(mention))` gives) plus its share. Counted member by member
 * rather than by writing the JSON: the caps measure every new record of every poll, and a store
 * read from storage is all new objects.
 */
function recordCost(mention: StoredMention): number {
  let bytes = cache.get(mention);
  if (bytes === undefined) {
    bytes = stringBytes(recordKey(mention.project_id, mention.id)) + RECORD_SHARE_BYTES;
    // The braces, and between members a comma: members − 1 commas.
    let members = 0;
    for (const [name, value] of Object.entries(mention)) {
      if (name === 'read' || value === undefined) continue;
      members += 1;
      bytes += stringBytes(name) + 3 + valueBytes(value);
    }
    bytes += 2 + Math.max(0, members - 1);
    cache.set(mention, bytes);
  }
  return bytes;
}

/** One member's value: the record's strings, numbers and nulls directly; anything else as JSON. */
function valueBytes(value: unknown): number {
  if (typeof value === 'string') return stringBytes(value) + 2;
  if (typeof value === 'number') return numberBytes(value);
  if (value === null) return 4;
  return jsonBytes(value);
}

/** `mention` with its read flag set, keeping the known cost (the flag is not in the record). */
export function withRead(mention: StoredMention, read: boolean): StoredMention {
  const next = { ...mention, read };
  const bytes = cache.get(mention);
  if (bytes !== undefined) cache.set(next, bytes);
  return next;
}
