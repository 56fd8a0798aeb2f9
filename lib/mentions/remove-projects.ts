// Projects removed on the service take their mentions (and their floors) with them. Keys are
// project ids, so a renamed project keeps everything.
//
// Call removeProjects only with a project list that was fetched successfully: an empty list from a
// failed call would otherwise wipe the store.

import { knownProjectIds, type MentionStore } from '@/lib/mentions/store';

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
