// Where the mention store lives: split over storage.local keys (shards.ts says how and why). Only
// the background writes it; pages read and follow it.
import { browser } from 'wxt/browser';
import { t } from '@/lib/i18n';
import { pruneForQuota } from '@/lib/mentions/caps';
import { shardWrites, storeOfShards, type ShardWrites } from '@/lib/mentions/shards';
import type { MentionStore, ProjectFloor } from '@/lib/mentions/store';
import {
  FLOOR_PREFIX,
  META_KEY,
  STORE_FORMAT_VERSION,
  isStoreKey,
  migrateMentionStorage,
  parseMeta,
  parseProjectKey,
} from '@/lib/mentions/store-format';
import { PREVIEW_KEY, TRIAGE_KEY } from '@/lib/storage/keys';
import { shiftFloor } from '@/lib/mentions/floors';
import { previewRows, storedPreviewOf, type PreviewRows } from '@/lib/mentions/preview';
import { settingsItem, triageItem } from '@/lib/storage/items';
import type { Settings } from '@/lib/settings/settings';
import { muteMatcher, type MuteMatcher } from '@/lib/triage/mute';
import {
  accountPrefix,
  accountView,
  listAccounts,
  nameInAccount,
  prefixedItems,
} from '@/lib/accounts/accounts';

/** The storage calls behind the store, on one object so tests can hold or count them. */
export const storeArea = {
  getAll: (): Promise<Record<string, unknown>> => browser.storage.local.get(null),
  get: (keys: string[]): Promise<Record<string, unknown>> => browser.storage.local.get(keys),
  set: (items: Record<string, unknown>): Promise<void> => browser.storage.local.set(items),
  remove: (keys: string[]): Promise<void> => browser.storage.local.remove(keys),
};

/** storeArea as account `account` sees it: its keys alone, under their names without its prefix. */
export function accountArea(account: string) {
  const prefix = accountPrefix(account);
  const named = (keys: string[]) => keys.map((key) => prefix + key);
  return {
    get: async (keys: string[]) => accountView(await storeArea.get(named(keys)), account),
    set: (items: Record<string, unknown>) => storeArea.set(prefixedItems(items, account)),
    remove: (keys: string[]) => storeArea.remove(named(keys)),
  };
}

type StoreWriteFailure = 'quota' | 'failed';

/**
 * The store could not be written: storage stayed full after pruning (`quota`), or refused the write
 * for another reason (`failed`, the browser's error as `cause`). What the write was to add or change
 * may be missing (new mentions are still on the service, above the floors); what storage holds is
 * whole: a record it no longer holds is covered by its project's floor (a quota prune's drop, never
 * new again), one it holds keeps its read state. The caller says so; its next write starts from what
 * storage holds.
 */
export class StoreWriteError extends Error {
  override readonly name = 'StoreWriteError';

  constructor(
    readonly reason: StoreWriteFailure,
    options?: { cause?: unknown },
  ) {
    super(t(reason === 'quota' ? 'storeWriteQuotaFull' : 'storeWriteFailed'), options);
  }
}

/**
 * Account `account`'s store. `readAll` reads everything stored (the popup's in slices:
 * lib/mention-view/first-read.ts).
 */
export async function readMentionStore(
  account: string,
  readAll = storeArea.getAll,
): Promise<MentionStore> {
  return storeOfShards(accountView(await readAll(), account));
}

/**
 * Brings storage.local to the current format (store-format.ts) with one set and one remove. Idempotent:
 * a current store is left alone. Returns whether it wrote. The background runs it on update; every
 * write runs it first too, so no write ever lands on a store of an older format.
 */
export async function migrateStoredMentions(account: string): Promise<boolean> {
  const area = accountArea(account);
  const { set, remove } = migrateMentionStorage(accountView(await storeArea.getAll(), account));
  if (Object.keys(set).length > 0) await area.set(set);
  if (remove.length > 0) await area.remove(remove);
  return Object.keys(set).length > 0 || remove.length > 0;
}

/** What an account's preview is written with: its mute rules, and its rows (previewRows). */
type PreviewRule = { muted: MuteMatcher; rows: PreviewRows };

/**
 * Migrates only when the meta says so: one small read when storage is current. Beside it, the
 * mute rules the preview is written with, and the settings that say how many accounts share it.
 */
async function ensureCurrentFormat(account: string): Promise<PreviewRule> {
  const stored = await storeArea.get([
    accountPrefix(account) + META_KEY,
    accountPrefix(account) + TRIAGE_KEY,
    settingsItem.name,
  ]);
  const { [META_KEY]: meta, [TRIAGE_KEY]: triage } = accountView(stored, account);
  if (parseMeta(meta).version !== STORE_FORMAT_VERSION) await migrateStoredMentions(account);
  return {
    muted: muteMatcher(triageItem(account).parse(triage).muteRules),
    rows: previewRows(settingsItem.parse(stored[settingsItem.name])),
  };
}

/**
 * Writes the preview of every account `settings` list afresh, as its store, rules and the number
 * of accounts make it: after an account is added or removed, each one's share of the first page
 * (previewRows) changed. Called in the store queue.
 */
export async function rewritePreviews(settings: Settings): Promise<void> {
  for (const { id } of listAccounts(settings)) {
    const { muted, rows } = await ensureCurrentFormat(id);
    const store = await readMentionStore(id);
    await accountArea(id).set({ [PREVIEW_KEY]: storedPreviewOf(store, muted, rows) });
  }
}

function isQuotaError(error: unknown): boolean {
  return error instanceof Error && /quota/i.test(error.message);
}

/**
 * What a write between `before` (what storage holds) and `store` sets and removes: the store's
 * changed keys (shards.ts), and the preview when it changed.
 */
function storeWrites(
  before: MentionStore,
  store: MentionStore,
  { muted, rows }: PreviewRule,
): ShardWrites {
  const writes = shardWrites(before, store);
  const preview = storedPreviewOf(store, muted, rows);
  if (JSON.stringify(preview) !== JSON.stringify(storedPreviewOf(before, muted, rows))) {
    writes.set[PREVIEW_KEY] = preview;
  }
  return writes;
}

/**
 * Writes storeWrites(before, store), and `extra`, with one set() call, then the removals. After a
 * quota error (`makeRoom`) the removals go first, as they are what makes room; but a removed
 * record is kept from coming back as new only by its project's floor, so the floors go before
 * them, in a set() of their own (a few small items: they fit where the records did not). Whatever
 * call fails, storage never lacks a record without holding the floor that covers it.
 */
async function writeDifference(
  area: ReturnType<typeof accountArea>,
  before: MentionStore,
  store: MentionStore,
  extra: Record<string, unknown>,
  makeRoom: boolean,
  preview: PreviewRule,
) {
  const { set, remove } = storeWrites(before, store, preview);
  const items = { ...set, ...extra };
  if (makeRoom && remove.length > 0) {
    const floors = floorsAsStored(before, store, Object.keys(set));
    if (Object.keys(floors).length > 0) await area.set(floors);
    await area.remove(remove);
  }
  if (Object.keys(items).length > 0) await area.set(items);
  if (!makeRoom && remove.length > 0) await area.remove(remove);
}

/**
 * The floors among `keys` as storage must hold them until the rest of the write lands: a floor
 * key moves with the service offset, and storage still says `before`'s (its meta goes with the
 * records it describes), so a store at another offset has its floors moved back to it. The rest
 * of the write then writes them again, at the store's offset, with the meta.
 */
function floorsAsStored(
  before: MentionStore,
  store: MentionStore,
  keys: readonly string[],
): Record<string, ProjectFloor> {
  const deltaMs = (store.utcOffsetMinutes - before.utcOffsetMinutes) * 60_000;
  const floors: Record<string, ProjectFloor> = {};
  for (const key of keys) {
    const projectId = parseProjectKey(key, FLOOR_PREFIX);
    const floor = projectId === null ? undefined : store.floors[projectId];
    if (floor) floors[key] = shiftFloor(floor, deltaMs);
  }
  return floors;
}

/**
 * How many times a write prunes a fifth and tries again on a quota error: 0.8^6 keeps 26% of the
 * mentions. The store's own worst case is under half the quota (caps.ts, RECORD_BYTES_BUDGET), so
 * this is for a quota the rest of the extension, or another, has filled.
 */
const QUOTA_RETRIES = 6;

/**
 * Writes the store (and the popup's preview of it): only the keys that changed since `before`, the
 * store as read at the start of the same read-modify-write (the background's store queue keeps
 * those from interleaving); read now when not given. `extra` items go into the same set() call as
 * the store's (written atomically with it, e.g. the notifications a poll owes).
 *
 * On a storage quota error prunes a fifth of the mentions at a time, each project's oldest (caps.ts,
 * raising their floors, so nothing pruned comes back), and tries again. Returns what was written,
 * so the caller's copy matches. Throws StoreWriteError when it finally cannot write: then the
 * rounds before may have dropped mentions (with their floors stored first: writeDifference), and
 * what this write would have added is not stored: the next poll brings it again, unless a prune
 * dropped it (under its floor, like any other drop).
 */
export async function writeMentionStore(
  account: string,
  store: MentionStore,
  before?: MentionStore,
  extra: Record<string, unknown> = {},
): Promise<MentionStore> {
  let base: MentionStore;
  let preview: PreviewRule;
  try {
    // The preview leaves muted mentions out. The rules are read here, in the store queue with
    // every command that changes them (and rewrites the preview itself), so the two agree.
    preview = await ensureCurrentFormat(account);
    base = before ?? (await readMentionStore(account));
  } catch (error) {
    throw new StoreWriteError(isQuotaError(error) ? 'quota' : 'failed', { cause: error });
  }
  let next = store;
  for (let attempt = 0; ; attempt++) {
    try {
      await writeDifference(accountArea(account), base, next, extra, attempt > 0, preview);
      return next;
    } catch (error) {
      if (!isQuotaError(error)) throw new StoreWriteError('failed', { cause: error });
      const pruned = attempt === QUOTA_RETRIES ? next : pruneForQuota(next, 0.2);
      if (pruned === next) throw new StoreWriteError('quota', { cause: error });
      try {
        // Part of the write may have landed before the error (a retry's floors and removals, or a
        // set whose removals failed): the next round writes against what is stored.
        base = await readMentionStore(account);
      } catch (readError) {
        throw new StoreWriteError('failed', { cause: readError });
      }
      next = pruned;
    }
  }
}

/**
 * Reads account `account`'s whole store and follows it: `onStore` gets what was read, then the
 * store after every change. Changes are applied to the keys already read, so following costs what
 * changed, not the store. A change seen while the first read is under way is applied after it (applying a change
 * twice is harmless). `readAll` as readMentionStore's. Returns the function that stops.
 */
export function followMentionStore(
  account: string,
  onStore: (store: MentionStore) => void,
  readAll = storeArea.getAll,
): () => void {
  let entries: Record<string, unknown> | null = null;
  const early: Record<string, { newValue?: unknown }>[] = [];
  let stopped = false;

  function apply(changes: Record<string, { newValue?: unknown }>): boolean {
    let touched = false;
    for (const [stored, change] of Object.entries(changes)) {
      const key = nameInAccount(stored, account);
      if (key === null || !isStoreKey(key) || !entries) continue;
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

  void readAll().then((all) => {
    if (stopped) return;
    const own = Object.entries(accountView(all, account));
    entries = Object.fromEntries(own.filter(([key]) => isStoreKey(key)));
    for (const changes of early.splice(0)) apply(changes);
    onStore(storeOfShards(entries));
  });

  return () => {
    stopped = true;
    browser.storage.onChanged.removeListener(listener);
  };
}
