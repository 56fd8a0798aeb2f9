// Merging one project's fetched mentions into the store.

import type { Mention } from '@/lib/service/mention';
import { enforceCaps } from './caps';
import { compareNewestFirst } from './order';
import { mentionCount } from './selectors';
import { parseServiceDate } from './service-date';
import { DEFAULT_LIMITS, type MentionLimits, type MentionStore, type StoredMention } from './store';
import { sameContent, toStoredContent } from './stored-mention';

/** On a project's first sync, mentions older than this arrive read: a new user sees the recent week. */
export const FIRST_SYNC_UNREAD_WINDOW_MS = 7 * 24 * 60 * 60 * 1000;

export interface MergeOptions {
  /** Defaults to "the store has not recorded a sync of this project yet". */
  firstSync?: boolean;
  limits?: MentionLimits;
}

export interface MergeResult {
  /** The very same object as the input when `changed` is false, so the caller writes nothing. */
  store: MentionStore;
  changed: boolean;
  /** Mentions stored for the first time by this merge (and not pruned at once), newest first. */
  added: StoredMention[];
  /** Records that do not belong to this project or have no usable id. */
  skipped: number;
}

/**
 * Keyed by (project_id, id): a re-fetched mention is updated in place and keeps its read state and
 * firstSeen; a new one is unread, except on the first sync when it is older than 7 days.
 * Ids pruned earlier by the caps are ignored. The caps are applied before returning.
 * Linear in store + fetched (Map/Set lookups), plus sorting the one project's list.
 */
export function mergeMentions(
  store: MentionStore,
  projectId: number,
  fetched: readonly Mention[],
  now: Date,
  options: MergeOptions = {},
): MergeResult {
  const nowMs = now.getTime();
  const limits = options.limits ?? DEFAULT_LIMITS;
  const alreadySynced = store.syncedProjects.includes(projectId);
  const firstSync = options.firstSync ?? !alreadySynced;
  const readBefore = nowMs - FIRST_SYNC_UNREAD_WINDOW_MS;

  const list = (store.byProject[projectId] ?? []).slice();
  const indexById = new Map(list.map((m, i) => [m.id, i]));
  const pruned = new Set(store.prunedIds[projectId] ?? []);
  const insertedIds = new Set<number>();
  let updated = false;
  let skipped = 0;

  // A reply listing an id twice counts once, the later copy winning: processing both would flip
  // the stored record between them and report a change on every identical poll.
  const latestById = new Map<number, Mention>();
  for (const mention of fetched) {
    if (mention.project_id !== projectId || !Number.isFinite(mention.id)) skipped += 1;
    else latestById.set(mention.id, mention);
  }

  for (const mention of latestById.values()) {
    if (pruned.has(mention.id)) continue;
    const content = toStoredContent(mention);
    const at = indexById.get(mention.id);
    if (at === undefined) {
      // An unreadable date counts as "seen now": the best estimate of its age we have.
      const addedAt = parseServiceDate(content.date_added) ?? nowMs;
      indexById.set(mention.id, list.length);
      insertedIds.add(mention.id);
      list.push({ ...content, read: firstSync && addedAt < readBefore, firstSeen: nowMs, addedAt });
    } else {
      const existing = list[at];
      if (sameContent(existing, content)) continue;
      list[at] = {
        ...content,
        read: existing.read,
        firstSeen: existing.firstSeen,
        addedAt: parseServiceDate(content.date_added) ?? existing.firstSeen,
      };
      updated = true;
    }
  }

  if (!updated && insertedIds.size === 0 && alreadySynced) {
    return { store, changed: false, added: [], skipped };
  }

  list.sort(compareNewestFirst);
  const capped = enforceCaps(
    {
      ...store,
      byProject: { ...store.byProject, [projectId]: list },
      syncedProjects: alreadySynced ? store.syncedProjects : [...store.syncedProjects, projectId],
    },
    limits,
  );

  const added = (capped.byProject[projectId] ?? []).filter((m) => insertedIds.has(m.id));
  // Everything that went in and did not come out again is an existing mention the caps displaced.
  const prunedExisting = mentionCount(store) + added.length - mentionCount(capped);
  // New arrivals that the caps dropped at once leave nothing worth writing: the next poll would
  // reach the same result again without storing anything.
  const changed = updated || !alreadySynced || added.length > 0 || prunedExisting > 0;
  return changed
    ? { store: capped, changed: true, added, skipped }
    : { store, changed: false, added: [], skipped };
}
