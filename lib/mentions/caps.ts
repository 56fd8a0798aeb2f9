// Keeping the store bounded: at most `perProject` mentions in a project and `total` in all.
// What goes first: read before unread, then oldest (addedAt, then id). Pruned ids are remembered
// (see MentionStore.prunedIds) so a later re-fetch does not bring them back as new.

import { DEFAULT_LIMITS, type MentionLimits, type MentionStore, type StoredMention } from './store';

/** Read first, then oldest; project id last so the choice across projects is deterministic. */
function comparePruneFirst(a: StoredMention, b: StoredMention): number {
  return (
    Number(b.read) - Number(a.read) ||
    a.addedAt - b.addedAt ||
    a.id - b.id ||
    a.project_id - b.project_id
  );
}

/** Applies both caps. Returns the same store object when nothing had to go. */
export function enforceCaps(
  store: MentionStore,
  limits: MentionLimits = DEFAULT_LIMITS,
): MentionStore {
  const doomed = new Map<number, Set<number>>();
  let total = 0;
  for (const [key, list] of Object.entries(store.byProject)) {
    const excess = list.length - Math.max(0, limits.perProject);
    if (excess > 0) addDoomed(doomed, Number(key), pickPruneFirst(list, excess));
    total += Math.min(list.length, Math.max(0, limits.perProject));
  }
  const totalExcess = total - Math.max(0, limits.total);
  if (totalExcess > 0) {
    const survivors = Object.values(store.byProject)
      .flat()
      .filter((m) => !doomed.get(m.project_id)?.has(m.id));
    for (const m of pickPruneFirst(survivors, totalExcess)) addDoomed(doomed, m.project_id, [m]);
  }
  return doomed.size === 0 ? store : removeMentions(store, doomed, limits);
}

/**
 * After a storage quota error: frees about `fraction` (0..1] of the mentions, read and oldest
 * first, at least one. With no mentions left to drop it forgets the pruned ids instead.
 */
export function pruneForQuota(
  store: MentionStore,
  fraction: number,
  limits: MentionLimits = DEFAULT_LIMITS,
): MentionStore {
  const all = Object.values(store.byProject).flat();
  if (all.length === 0) {
    return Object.keys(store.prunedIds).length === 0 ? store : { ...store, prunedIds: {} };
  }
  const share = Number.isFinite(fraction) ? Math.min(1, Math.max(0, fraction)) : 0.5;
  const count = Math.max(1, Math.ceil(all.length * share));
  const doomed = new Map<number, Set<number>>();
  for (const m of pickPruneFirst(all, count)) addDoomed(doomed, m.project_id, [m]);
  return removeMentions(store, doomed, limits);
}

function pickPruneFirst(list: readonly StoredMention[], count: number): StoredMention[] {
  return [...list].sort(comparePruneFirst).slice(0, count);
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
  limits: MentionLimits,
): MentionStore {
  const byProject = { ...store.byProject };
  const prunedIds = { ...store.prunedIds };
  for (const [projectId, ids] of doomed) {
    const list = byProject[projectId] ?? [];
    byProject[projectId] = list.filter((m) => !ids.has(m.id));
    prunedIds[projectId] = rememberPruned(prunedIds[projectId] ?? [], ids, limits.prunedMemory);
  }
  return { ...store, byProject, prunedIds };
}

/** Appends newly pruned ids, keeping only the most recent `memory` of them. */
function rememberPruned(
  previous: readonly number[],
  ids: ReadonlySet<number>,
  memory: number,
): number[] {
  const merged = [...previous.filter((id) => !ids.has(id)), ...ids];
  return merged.slice(Math.max(0, merged.length - Math.max(0, memory)));
}
