// Where the mention store lives: one versioned item in storage.local (see store.ts for why one).
// Only the background writes it; pages read and watch it.
import { storage } from 'wxt/utils/storage';
import { pruneForQuota } from './caps';
import { parseMentionStore } from './parse-store';
import { mentionPreviewItem, previewOf } from './preview';

export { parseMentionStore };
import { emptyMentionStore, type MentionStore } from './store';

export const mentionStoreItem = storage.defineItem<MentionStore>('local:mentions', {
  fallback: emptyMentionStore(),
  version: 1,
  migrations: {},
});

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
