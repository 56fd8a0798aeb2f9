// Read-only views of the store, for the badge, the popup and the options page. Counts are computed,
// not stored, so they can never disagree with the records.

import { newestFirst } from '@/lib/mentions/order';
import type { MentionKey, MentionStore, StoredMention } from '@/lib/mentions/store';

export function unreadCount(store: MentionStore): number {
  let unread = 0;
  for (const list of Object.values(store.byProject)) {
    for (const m of list) if (!m.read) unread += 1;
  }
  return unread;
}

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
