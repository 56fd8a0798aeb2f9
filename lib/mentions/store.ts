// The mention store as the extension works with it. In storage it is split over keys (shards.ts),
// and one write sets all of a change in a single storage.local.set, so a poll's mentions, its
// "first sync done" flag and its pruning memory land together (a crash between them could
// otherwise re-apply the first-sync rule or resurrect pruned mentions).
//
// Derived figures (unread counts, totals) are deliberately NOT stored: they are O(n) over at most
// 5,000 records to compute and can never disagree with the records themselves.

import type { Mention } from '@/lib/service/mention';

/**
 * A mention as stored. `product_description` is dropped: it is the project's own description,
 * repeated verbatim on every mention, and at 5,000 mentions it would cost megabytes of the ~10 MB
 * `storage.local` quota for nothing the UI shows. Long display strings are capped (stored-mention.ts).
 */
export type StoredMention = Omit<Mention, 'product_description'> & {
  /** Local read state; never sent to the service. */
  read: boolean;
  /** Epoch ms when this extension first stored it. */
  firstSeen: number;
  /**
   * Epoch ms used for ordering and age: `date_added` parsed by parseServiceDate, or `firstSeen`
   * when the service sent a date we cannot read (our best estimate of its age). Precomputed so
   * that sorting and pruning never parse strings.
   */
  addedAt: number;
};

export interface MentionStore {
  /** Mentions per project id, each list kept newest first (addedAt, then id, descending). */
  byProject: Record<number, StoredMention[]>;
  /** Projects whose first sync is done; before it, mentions older than 7 days arrive read. */
  syncedProjects: number[];
  /**
   * Ids removed by the caps, per project (most recent last, bounded). Without them a service that
   * returns more than the cap would hand back the pruned mentions every poll as "new": unread
   * again, notified again, and written again.
   */
  prunedIds: Record<number, number[]>;
}

/** Identifies a mention: ids are only unique within a project. */
export interface MentionKey {
  projectId: number;
  id: number;
}

export interface MentionLimits {
  perProject: number;
  total: number;
  /** Pruned ids remembered per project. */
  prunedMemory: number;
}

export const DEFAULT_LIMITS: MentionLimits = { perProject: 500, total: 5_000, prunedMemory: 1_000 };

export function emptyMentionStore(): MentionStore {
  return { byProject: {}, syncedProjects: [], prunedIds: {} };
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
