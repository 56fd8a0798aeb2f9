// Read state is local to the extension (never the service's removeMention). Each function returns
// the same store object when nothing changed, so the caller can skip the write: `next !== store`.

import { withRead } from '@/lib/mentions/caps';
import type { MentionKey, MentionStore, StoredMention } from '@/lib/mentions/store';

export function markRead(store: MentionStore, keys: Iterable<MentionKey>): MentionStore {
  return setReadForKeys(store, keys, true);
}

export function markUnread(store: MentionStore, keys: Iterable<MentionKey>): MentionStore {
  return setReadForKeys(store, keys, false);
}

interface MarkAllReadFilter {
  /** Only these projects; all when absent. */
  projectIds?: readonly number[];
  /**
   * Only mentions first stored at or before this time (epoch ms). Pass the time the popup rendered,
   * so "mark all read" does not swallow mentions that arrived while the user was looking.
   */
  firstSeenAtOrBefore?: number;
}

export function markAllRead(store: MentionStore, filter: MarkAllReadFilter = {}): MentionStore {
  const projects = filter.projectIds ? new Set(filter.projectIds) : undefined;
  const cutoff = filter.firstSeenAtOrBefore;
  const matches = cutoff === undefined ? () => true : (m: StoredMention) => m.firstSeen <= cutoff;
  return setRead(store, true, (id) => (!projects || projects.has(id) ? matches : undefined));
}

function setReadForKeys(
  store: MentionStore,
  keys: Iterable<MentionKey>,
  read: boolean,
): MentionStore {
  const idsByProject = new Map<number, Set<number>>();
  for (const { projectId, id } of keys) {
    let ids = idsByProject.get(projectId);
    if (!ids) idsByProject.set(projectId, (ids = new Set()));
    ids.add(id);
  }
  return setRead(store, read, (projectId) => {
    const ids = idsByProject.get(projectId);
    return ids ? (m) => ids.has(m.id) : undefined;
  });
}

/**
 * Sets `read` on the mentions picked by `selectorFor(projectId)` (undefined skips the project).
 * Only lists and mentions that actually change are copied; the rest is shared with the input.
 */
function setRead(
  store: MentionStore,
  read: boolean,
  selectorFor: (projectId: number) => ((m: StoredMention) => boolean) | undefined,
): MentionStore {
  let byProject: MentionStore['byProject'] | undefined;
  for (const [key, list] of Object.entries(store.byProject)) {
    const selects = selectorFor(Number(key));
    if (!selects) continue;
    let changed = false;
    const next = list.map((m) => {
      if (m.read === read || !selects(m)) return m;
      changed = true;
      return withRead(m, read);
    });
    if (changed) (byProject ??= { ...store.byProject })[Number(key)] = next;
  }
  return byProject ? { ...store, byProject } : store;
}
