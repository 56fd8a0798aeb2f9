// What writeMentionStore (lib/mentions/mention-storage.ts) sets for a change from `before` to
// `after`: the store's changed keys (lib/mentions/shards.ts) and the popup's preview when it
// changed. Loaded on call: the extension's modules find the browser API when they load, and the
// benchmarks put the fake one in place first.
import type { MentionStore } from '@/lib/mentions/store';
import { PREVIEW_KEY } from '@/lib/storage/keys';

export async function storeWrites(before: MentionStore, after: MentionStore) {
  const { shardWrites } = await import('@/lib/mentions/shards');
  const { storedPreviewOf } = await import('@/lib/mentions/preview');
  const writes = shardWrites(before, after);
  const preview = storedPreviewOf(after);
  if (JSON.stringify(preview) !== JSON.stringify(storedPreviewOf(before))) {
    writes.set[PREVIEW_KEY] = preview;
  }
  return writes;
}
