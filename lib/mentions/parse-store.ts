// Reading the mention store back from storage, as pure functions: storage is input like any other.
// Kept apart from mention-storage.ts because defining a WXT storage item reads it at once, and the
// popup must be able to check records without reading the whole store.
import { emptyMentionStore, type MentionStore, type StoredMention } from './store';

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function isStoredMention(value: unknown): value is StoredMention {
  return (
    isRecord(value) &&
    Number.isSafeInteger(value.id) &&
    Number.isSafeInteger(value.project_id) &&
    typeof value.read === 'boolean' &&
    typeof value.addedAt === 'number' &&
    typeof value.url === 'string' &&
    typeof value.title === 'string'
  );
}

/**
 * Storage is input like any other: a damaged value keeps every record that is still whole instead
 * of failing the worker (or being replaced by an empty store on the next write).
 */
export function parseMentionStore(raw: unknown): MentionStore {
  if (!isRecord(raw)) return emptyMentionStore();
  const byProject: Record<number, StoredMention[]> = {};
  if (isRecord(raw.byProject)) {
    for (const [projectId, list] of Object.entries(raw.byProject)) {
      if (!Array.isArray(list)) continue;
      // An empty list is kept: the project was synced and has nothing (yet).
      byProject[Number(projectId)] = list.filter(isStoredMention);
    }
  }
  const syncedProjects = Array.isArray(raw.syncedProjects)
    ? raw.syncedProjects.filter((id): id is number => Number.isSafeInteger(id))
    : [];
  const prunedIds: Record<number, number[]> = {};
  if (isRecord(raw.prunedIds)) {
    for (const [projectId, ids] of Object.entries(raw.prunedIds)) {
      if (Array.isArray(ids)) prunedIds[Number(projectId)] = ids.filter(Number.isSafeInteger);
    }
  }
  return { byProject, syncedProjects, prunedIds };
}
