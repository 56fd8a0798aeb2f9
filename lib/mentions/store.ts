// The mention store as the extension works with it. In storage it is split over keys (shards.ts),
// and one write sets all of a change in a single storage.local.set, so a poll's mentions, its
// "first sync done" flag and its floors land together (a crash between them could otherwise
// re-apply the first-sync rule or let dropped mentions come back).
//
// Derived figures (unread counts, totals) are deliberately NOT stored: they are O(n) over at most
// 5,000 records to compute and can never disagree with the records themselves.

import type { Mention } from '@/lib/service/values';

/**
 * A mention as stored. `product_description` is dropped: it is the project's own description,
 * repeated verbatim on every mention, and at 5,000 mentions it would cost megabytes of the ~10 MB
 * `storage.local` quota for nothing the UI shows. Every remote string is capped in bytes
 * (stored-mention.ts).
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

/** Where a mention sits in the one ordering (order.ts): addedAt, then id. */
export interface OrderKey {
  addedAt: number;
  id: number;
}

/**
 * Why dropped mentions never come back (caps.ts raises it, merge.ts checks it). A service reply may
 * hold a project's whole history, far more than the store keeps; remembering dropped ids would be
 * a list without end. The floor is exact at any size instead: everything ever dropped from the
 * project sits at or below it, so a mention not stored and not above it is one the store already
 * had, and is not admitted again.
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
   * Ids never admitted again whatever their date: the pruned ids of the storage format before
   * floors (their dates were not kept). Absent for projects that never had any.
   */
  excluded?: number[];
}

export interface MentionStore {
  /** Mentions per project id, each list kept newest first (addedAt, then id, descending). */
  byProject: Record<number, StoredMention[]>;
  /** Projects whose first sync is done; before it, mentions older than 7 days arrive read. */
  syncedProjects: number[];
  /**
   * Per project that ever dropped a mention (the caps, the byte budget, a quota prune): see
   * ProjectFloor. A project with a floor admits no new mention of unreadable date: it might be
   * one that was dropped.
   */
  floors: Record<number, ProjectFloor>;
  /** The service's UTC offset every parsed `addedAt` and floor key was computed with. */
  utcOffsetMinutes: number;
}

/** Identifies a mention: ids are only unique within a project. */
export interface MentionKey {
  projectId: number;
  id: number;
}

export interface MentionLimits {
  perProject: number;
  total: number;
  /**
   * Bytes the records may take in all, as storage counts them (recordCost in record-bytes.ts).
   * Absent: no byte budget (tests of the count caps alone).
   */
  totalBytes?: number;
}

/**
 * The records' byte budget: 4 MiB. With everything else the store keeps (read lists, floors, the
 * preview, meta) the worst case stays under half the 10 MB quota (tests/unit/mentions/
 * worst-case.test.ts), leaving room for the rest of the extension and for a write's new keys
 * before its removals.
 */
export const RECORD_BYTES_BUDGET = 4 * 1024 * 1024;

export const DEFAULT_LIMITS: MentionLimits = {
  perProject: 500,
  total: 5_000,
  totalBytes: RECORD_BYTES_BUDGET,
};

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

/** The project ids that hold mentions, as numbers (object keys come back as strings). */
export function projectIdsOf(store: MentionStore): number[] {
  return Object.keys(store.byProject).map(Number);
}
