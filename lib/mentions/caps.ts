// Keeping the store bounded: at most `perProject` mentions in a project, `total` in all, and
// `totalBytes` of records (record-bytes.ts). What goes first: read before unread, then oldest
// (addedAt, then id). Whatever goes raises its project's floor (floors.ts), so a later re-fetch
// does not bring it back as new.

import { raiseFloor } from './floors';
import { recordCost } from './record-bytes';
import { DEFAULT_LIMITS, type MentionLimits, type MentionStore, type StoredMention } from './store';

type Prunable = Pick<StoredMention, 'read' | 'addedAt' | 'id' | 'project_id'>;

/** Read first, then oldest; project id last so the choice across projects is deterministic. */
export function comparePruneFirst(a: Prunable, b: Prunable): number {
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
  let total = 0;
  for (const [key, list] of Object.entries(store.byProject)) {
    const excess = list.length - perProject;
    if (excess > 0) addDoomed(doomed, Number(key), pickPruneFirst(list, excess));
    total += Math.min(list.length, perProject);
  }
  const totalExcess = total - Math.max(0, limits.total);
  let survivors: StoredMention[] | undefined;
  if (totalExcess > 0) {
    const candidates = alive(store, doomed);
    const gone = new Set(pickPruneFirst(candidates, totalExcess));
    for (const m of gone) addDoomed(doomed, m.project_id, [m]);
    survivors = candidates.filter((m) => !gone.has(m));
  }
  if (limits.totalBytes !== undefined) {
    survivors ??= doomed.size === 0 ? Object.values(store.byProject).flat() : alive(store, doomed);
    for (const m of overBudget(survivors, limits.totalBytes)) addDoomed(doomed, m.project_id, [m]);
  }
  return doomed.size === 0 ? store : removeMentions(store, doomed);
}

/** The mentions that must go, read and oldest first, for the rest to fit in `budget` bytes. */
function overBudget(mentions: readonly StoredMention[], budget: number): StoredMention[] {
  let bytes = 0;
  for (const m of mentions) bytes += recordCost(m);
  if (bytes <= budget) return [];
  const gone: StoredMention[] = [];
  for (const m of [...mentions].sort(comparePruneFirst)) {
    if (bytes <= budget) break;
    bytes -= recordCost(m);
    gone.push(m);
  }
  return gone;
}

/**
 * After a storage quota error: frees about `fraction` (0..1] of the mentions, read and oldest
 * first, at least one. Returns the same store when there is nothing left to drop (the floors stay:
 * they are what keeps dropped mentions from coming back).
 */
export function pruneForQuota(store: MentionStore, fraction: number): MentionStore {
  const all = Object.values(store.byProject).flat();
  if (all.length === 0) return store;
  const share = Number.isFinite(fraction) ? Math.min(1, Math.max(0, fraction)) : 0.5;
  const count = Math.max(1, Math.ceil(all.length * share));
  const doomed = new Map<number, Set<number>>();
  for (const m of pickPruneFirst(all, count)) addDoomed(doomed, m.project_id, [m]);
  return removeMentions(store, doomed);
}

function alive(store: MentionStore, doomed: ReadonlyMap<number, ReadonlySet<number>>) {
  return Object.values(store.byProject)
    .flat()
    .filter((m) => !doomed.get(m.project_id)?.has(m.id));
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
): MentionStore {
  const byProject = { ...store.byProject };
  const floors = { ...store.floors };
  for (const [projectId, ids] of doomed) {
    const list = byProject[projectId] ?? [];
    const gone = list.filter((m) => ids.has(m.id));
    byProject[projectId] = list.filter((m) => !ids.has(m.id));
    const floor = raiseFloor(floors[projectId], gone, store.utcOffsetMinutes);
    if (floor) floors[projectId] = floor;
  }
  return { ...store, byProject, floors };
}
