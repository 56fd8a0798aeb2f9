// Where the mention store lives: one versioned item in storage.local (see store.ts for why one).
// Only the background writes it; pages read and watch it.
import { storage } from 'wxt/utils/storage';
import { pruneForQuota } from './caps';
import { mentionPreviewItem, previewOf } from './preview';
import { emptyMentionStore, type MentionStore, type StoredMention } from './store';

export const mentionStoreItem = storage.defineItem<MentionStore>('local:mentions', {
  fallback: emptyMentionStore(),
  version: 1,
  migrations: {},
});

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isStoredMention(value: unknown): value is StoredMention {
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

export async function readMentionStore(): Promise<MentionStore> {
  return parseMentionStore(await mentionStoreItem.getValue());
}

function isQuotaError(error: unknown): boolean {
  return error instanceof Error && /quota/i.test(error.message);
}

/** The store and its preview in one storage call: readers never see one without the other. */
async function writeWithPreview(store: MentionStore): Promise<void> {
  await storage.setItems([
    { item: mentionStoreItem, value: store },
    { item: mentionPreviewItem, value: previewOf(store) },
  ]);
}

/**
 * Writes the store (and the popup's preview of it); on a storage quota error prunes read and
 * oldest mentions and tries once more. Returns what was written, so the caller's copy matches.
 */
export async function writeMentionStore(store: MentionStore): Promise<MentionStore> {
  try {
    await writeWithPreview(store);
    return store;
  } catch (error) {
    if (!isQuotaError(error)) throw error;
    const pruned = pruneForQuota(store, 0.2);
    await writeWithPreview(pruned);
    return pruned;
  }
}
