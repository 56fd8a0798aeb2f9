// Where the mention store lives: split over storage.local keys (shards.ts says how and why). Only
// the background writes it; pages read and follow it.
import { browser } from 'wxt/browser';
import { pruneForQuota } from './caps';
import { PREVIEW_KEY, storedPreviewOf } from './preview';
import { isStoreKey } from './shard-keys';
import { shardWrites, storeOfShards, type ShardWrites } from './shards';
import type { MentionStore } from './store';

/** The storage calls behind the store, on one object so tests can hold or count them. */
export const storeArea = {
  getAll: (): Promise<Record<string, unknown>> => browser.storage.local.get(null),
  set: (items: Record<string, unknown>): Promise<void> => browser.storage.local.set(items),
  remove: (keys: string[]): Promise<void> => browser.storage.local.remove(keys),
};

export async function readMentionStore(): Promise<MentionStore> {
  return storeOfShards(await storeArea.getAll());
}

function isQuotaError(error: unknown): boolean {
  return error instanceof Error && /quota/i.test(error.message);
}

/**
 * What a write between `before` (what storage holds) and `store` sets and removes: the store's
 * changed keys (shards.ts), and the preview when it changed. Pure; the benchmark of poll writes
 * counts its bytes.
 */
export function storeWrites(before: MentionStore, store: MentionStore): ShardWrites {
  const writes = shardWrites(before, store);
  const preview = storedPreviewOf(store);
  if (JSON.stringify(preview) !== JSON.stringify(storedPreviewOf(before))) {
    writes.set[PREVIEW_KEY] = preview;
  }
  return writes;
}

/**
 * Writes storeWrites(before, store) with one set() call. Removals go first when `removeFirst`:
 * after a quota error they are what makes room.
 */
async function writeDifference(before: MentionStore, store: MentionStore, removeFirst: boolean) {
  const { set, remove } = storeWrites(before, store);
  if (removeFirst && remove.length > 0) await storeArea.remove(remove);
  if (Object.keys(set).length > 0) await storeArea.set(set);
  if (!removeFirst && remove.length > 0) await storeArea.remove(remove);
}

/**
 * How many times a write prunes a fifth and tries again on a quota error: 0.8^6 keeps 26% of the
 * mentions, enough for a store at the caps whose every record has every text at its cap (2.5x the
 * quota, `npm run bench -- storage`).
 */
const QUOTA_RETRIES = 6;

/**
 * Writes the store (and the popup's preview of it): only the keys that changed since `before`, the
 * store as read at the start of the same read-modify-write (the background's store queue keeps
 * those from interleaving); read now when not given. On a storage quota error prunes read and
 * oldest mentions, a fifth at a time, and tries again. Returns what was written, so the caller's
 * copy matches.
 */
export async function writeMentionStore(
  store: MentionStore,
  before?: MentionStore,
): Promise<MentionStore> {
  let base = before ?? (await readMentionStore());
  let next = store;
  for (let attempt = 0; ; attempt++) {
    try {
      await writeDifference(base, next, attempt > 0);
      return next;
    } catch (error) {
      if (!isQuotaError(error) || attempt === QUOTA_RETRIES) throw error;
      // A refused set() wrote nothing, but a retry's removals went first: read what is stored.
      if (attempt > 0) base = await readMentionStore();
      next = pruneForQuota(next, 0.2);
    }
  }
}

/**
 * Reads the whole store and follows it: `onStore` gets what was read, then the store after every
 * change. Changes are applied to the keys already read, so following costs what changed, not the
 * store. A change seen while the first read is under way is applied after it (applying a change
 * twice is harmless). Returns the function that stops.
 */
export function followMentionStore(onStore: (store: MentionStore) => void): () => void {
  let entries: Record<string, unknown> | null = null;
  const early: Record<string, { newValue?: unknown }>[] = [];
  let stopped = false;

  function apply(changes: Record<string, { newValue?: unknown }>): boolean {
    let touched = false;
    for (const [key, change] of Object.entries(changes)) {
      if (!isStoreKey(key) || !entries) continue;
      touched = true;
      if (change.newValue === undefined) delete entries[key];
      else entries[key] = change.newValue;
    }
    return touched;
  }

  const listener = (changes: Record<string, { newValue?: unknown }>, area: string) => {
    if (area !== 'local' || stopped) return;
    if (!entries) early.push(changes);
    else if (apply(changes)) onStore(storeOfShards(entries));
  };
  browser.storage.onChanged.addListener(listener);

  void storeArea.getAll().then((all) => {
    if (stopped) return;
    entries = Object.fromEntries(Object.entries(all).filter(([key]) => isStoreKey(key)));
    for (const changes of early.splice(0)) apply(changes);
    onStore(storeOfShards(entries));
  });

  return () => {
    stopped = true;
    browser.storage.onChanged.removeListener(listener);
  };
}
