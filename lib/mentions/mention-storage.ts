// Where the mention store lives: split over storage.local keys (shards.ts says how and why). Only
// the background writes it; pages read and follow it.
import { browser } from 'wxt/browser';
import { pruneForQuota } from './caps';
import { parseMentionStore } from './parse-store';
import { PREVIEW_KEY, storedPreviewOf } from './preview';
import { LEGACY_STORE_KEYS, META_KEY, isStoreKey } from './shard-keys';
import { parseMeta, shardWrites, storeOfShards } from './shards';
import type { MentionStore } from './store';

/** The storage calls behind the store, on one object so tests can hold or count them. */
export const storeArea = {
  getAll: (): Promise<Record<string, unknown>> => browser.storage.local.get(null),
  getMeta: async (): Promise<unknown> => (await browser.storage.local.get(META_KEY))[META_KEY],
  set: (items: Record<string, unknown>): Promise<void> => browser.storage.local.set(items),
  remove: (keys: string[]): Promise<void> => browser.storage.local.remove(keys),
};

interface Stored {
  /** What the split keys hold: the base the next write is computed from. */
  sharded: MentionStore;
  revision: number;
  /** The store of layout 1 (one item), while it has not been moved over yet. */
  legacy: MentionStore | null;
  /** The preview as last written, as JSON, to skip rewriting an unchanged one. */
  previewJson: string | null;
}

/** What this context last read or wrote; trusted only while the stored revision still matches. */
let remembered: Stored | null = null;

async function readStored(): Promise<Stored> {
  const all = await storeArea.getAll();
  const legacyRaw = all[LEGACY_STORE_KEYS[0]];
  const stored: Stored = {
    sharded: storeOfShards(all),
    revision: parseMeta(all[META_KEY]).revision,
    legacy: legacyRaw === undefined ? null : parseMentionStore(legacyRaw),
    previewJson: all[PREVIEW_KEY] === undefined ? null : JSON.stringify(all[PREVIEW_KEY]),
  };
  remembered = stored;
  return stored;
}

export async function readMentionStore(): Promise<MentionStore> {
  const stored = await readStored();
  return stored.legacy ?? stored.sharded;
}

/** The remembered base when storage is still at its revision, else what storage holds now. */
async function currentBase(): Promise<Stored> {
  if (remembered && !remembered.legacy) {
    const revision = parseMeta(await storeArea.getMeta()).revision;
    if (revision === remembered.revision) return remembered;
  }
  return readStored();
}

function isQuotaError(error: unknown): boolean {
  return error instanceof Error && /quota/i.test(error.message);
}

/**
 * Writes the difference between `base` and `store` (with the preview, in the same call). Removals
 * go first when `removeFirst`: after a quota error they are what makes room.
 */
async function writeDifference(base: Stored, store: MentionStore, removeFirst: boolean) {
  const revision = base.revision + 1;
  const { set, remove } = shardWrites(base.sharded, store, revision);
  const preview = storedPreviewOf(store);
  const previewJson = JSON.stringify(preview);
  if (previewJson !== base.previewJson) set[PREVIEW_KEY] = preview;
  if (base.legacy) remove.push(...LEGACY_STORE_KEYS);
  if (removeFirst && remove.length > 0) await storeArea.remove(remove);
  await storeArea.set(set);
  if (!removeFirst && remove.length > 0) await storeArea.remove(remove);
  remembered = { sharded: store, revision, legacy: null, previewJson };
}

/**
 * Writes the store (and the popup's preview of it): only the keys that changed. On a storage quota
 * error prunes read and oldest mentions and tries once more. Returns what was written, so the
 * caller's copy matches.
 */
export async function writeMentionStore(store: MentionStore): Promise<MentionStore> {
  const base = await currentBase();
  try {
    await writeDifference(base, store, false);
    return store;
  } catch (error) {
    if (!isQuotaError(error)) throw error;
    remembered = null;
    const pruned = pruneForQuota(store, 0.2);
    await writeDifference(await readStored(), pruned, true);
    return pruned;
  }
}

/** Moves a store of layout 1 (one item) to the split keys; nothing to do for any other. */
export async function upgradeMentionStorage(): Promise<void> {
  const stored = await readStored();
  if (stored.legacy) await writeDifference(stored, stored.legacy, false);
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
    // Layout 1 until the background moves it over: no split keys to follow yet, read it as is.
    const legacy = all[LEGACY_STORE_KEYS[0]];
    entries = Object.fromEntries(Object.entries(all).filter(([key]) => isStoreKey(key)));
    for (const changes of early.splice(0)) apply(changes);
    const moved = META_KEY in entries;
    onStore(legacy !== undefined && !moved ? parseMentionStore(legacy) : storeOfShards(entries));
  });

  return () => {
    stopped = true;
    browser.storage.onChanged.removeListener(listener);
  };
}
