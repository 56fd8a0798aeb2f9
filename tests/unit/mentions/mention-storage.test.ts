// The store in storage.local: writes only what changed, survives another writer, and pages follow
// it change by change.
import { FIRST_ACCOUNT } from '@/lib/accounts/accounts';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import {
  StoreWriteError,
  followMentionStore,
  readMentionStore,
  writeMentionStore,
} from '@/lib/mentions/mention-storage';
import { storedPreviewOf } from '@/lib/mentions/preview';
import { mentionPreviewItem } from '@/lib/storage/items';
import { markRead } from '@/lib/mentions/read-state';
import type { MentionStore } from '@/lib/mentions/store';
import { getMessage } from '../support/i18n';
import { NOW, serviceDate, shardsOf, stored, storeOf } from '../support/mention-factory';

beforeEach(() => fakeBrowser.reset());

const three = () =>
  storeOf(
    stored({ id: 1, addedAt: NOW.getTime() - 3 }),
    stored({ id: 2, addedAt: NOW.getTime() - 2 }),
    stored({ id: 3, project_id: 2, addedAt: NOW.getTime() - 1 }),
  );

/** Keys passed to storage.local.set and .remove while `run` runs. */
async function writesDuring(run: () => Promise<unknown>) {
  const set = vi.spyOn(fakeBrowser.storage.local, 'set');
  const remove = vi.spyOn(fakeBrowser.storage.local, 'remove');
  await run();
  const keys = {
    set: set.mock.calls.flatMap(([items]) => Object.keys(items)).sort(),
    removed: remove.mock.calls.flatMap(([k]) => (Array.isArray(k) ? k : [k])).sort(),
  };
  set.mockRestore();
  remove.mockRestore();
  return keys;
}

describe('writeMentionStore', () => {
  it('writes the store and its preview; reading gives the store back', async () => {
    const store = three();
    await writeMentionStore(FIRST_ACCOUNT, store);
    expect(await readMentionStore(FIRST_ACCOUNT)).toEqual(store);
    expect(await mentionPreviewItem(FIRST_ACCOUNT).getValue()).toEqual(storedPreviewOf(store));
  });

  it('writes only the keys that changed', async () => {
    const store = three();
    await writeMentionStore(FIRST_ACCOUNT, store);
    const read = markRead(store, [{ projectId: 1, id: 2 }]);
    expect(await writesDuring(() => writeMentionStore(FIRST_ACCOUNT, read, store))).toEqual({
      set: ['mentionPreview', 'mentionRead:1'],
      removed: [],
    });
    const gone = { ...read, byProject: { ...read.byProject, 2: [] } };
    expect(await writesDuring(() => writeMentionStore(FIRST_ACCOUNT, gone, read))).toEqual({
      set: ['mentionPreview'],
      removed: ['mention:2:3'],
    });
    expect(await readMentionStore(FIRST_ACCOUNT)).toEqual(gone);
  });

  it('without the store it started from, reads what storage holds and writes against it', async () => {
    const store = three();
    await writeMentionStore(FIRST_ACCOUNT, store);
    await fakeBrowser.storage.local.clear();
    await fakeBrowser.storage.local.set(shardsOf(storeOf(stored({ id: 9 }))));
    const next = markRead(store, [{ projectId: 1, id: 1 }]);
    await writeMentionStore(FIRST_ACCOUNT, next);
    expect(await readMentionStore(FIRST_ACCOUNT)).toEqual(next);
  });

  it('on a quota error prunes a fifth, the oldest first, making room before writing', async () => {
    // Newest first: 1 (read), 2, … 10; a read one in the middle does not go before its turn.
    const store = storeOf(
      ...Array.from({ length: 10 }, (_, i) => {
        const addedAt = NOW.getTime() - i * 1000;
        return stored({
          id: i + 1,
          read: i === 0 || i === 4,
          addedAt,
          date_added: serviceDate(addedAt),
        });
      }),
    );
    await writeMentionStore(FIRST_ACCOUNT, storeOf(stored({ id: 1 })));
    const realSet = fakeBrowser.storage.local.set.bind(fakeBrowser.storage.local);
    let refused = 0;
    vi.spyOn(fakeBrowser.storage.local, 'set').mockImplementation(async (items) => {
      if (refused++ === 0) throw new Error('QUOTA_BYTES quota exceeded');
      return realSet(items);
    });
    const written = await writeMentionStore(FIRST_ACCOUNT, store);
    // Two of ten go: the oldest two (10 and 9), unread; the floor sits on the newer of them.
    expect(written.byProject[1].map((m) => m.id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(written.floors[1]?.key).toEqual({ addedAt: NOW.getTime() - 8_000, id: 9 });
    expect(await readMentionStore(FIRST_ACCOUNT)).toEqual(written);
  });
});

describe('followMentionStore', () => {
  it('gives the store, then the store after each change', async () => {
    const store = three();
    await writeMentionStore(FIRST_ACCOUNT, store);
    const seen: MentionStore[] = [];
    const stop = followMentionStore(FIRST_ACCOUNT, (s) => seen.push(s));
    await vi.waitFor(() => expect(seen).toHaveLength(1));
    expect(seen[0]).toEqual(store);

    const read = markRead(store, [{ projectId: 2, id: 3 }]);
    await writeMentionStore(FIRST_ACCOUNT, read);
    await vi.waitFor(() => expect(seen.at(-1)).toEqual(read));

    // Keys that are not the store's change nothing it reports.
    const count = seen.length;
    await fakeBrowser.storage.local.set({ settings: { theme: 'dark' } });
    expect(seen).toHaveLength(count);

    stop();
    await writeMentionStore(FIRST_ACCOUNT, store);
    expect(seen).toHaveLength(count);
  });

  it('a change seen while the first read is under way is applied after it', async () => {
    const store = three();
    await writeMentionStore(FIRST_ACCOUNT, store);
    const get = vi.spyOn(fakeBrowser.storage.local, 'get');
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const before = shardsOf(store);
    get.mockImplementationOnce(async () => {
      await gate;
      return before;
    });
    const seen: MentionStore[] = [];
    followMentionStore(FIRST_ACCOUNT, (s) => seen.push(s));
    const read = markRead(store, [{ projectId: 1, id: 1 }]);
    await writeMentionStore(FIRST_ACCOUNT, read);
    release();
    await vi.waitFor(() => expect(seen).toHaveLength(1));
    expect(seen[0]).toEqual(read);
  });
});

describe('a store far over the quota', () => {
  it('prunes a fifth at a time until the write fits, keeping the unread and newest', async () => {
    const store = storeOf(
      ...Array.from({ length: 20 }, (_, i) =>
        stored({ id: i + 1, read: i >= 10, addedAt: NOW.getTime() - i }),
      ),
    );
    await writeMentionStore(FIRST_ACCOUNT, storeOf(stored({ id: 1 })));
    const realSet = fakeBrowser.storage.local.set.bind(fakeBrowser.storage.local);
    // Storage that takes at most 10 records in one write.
    vi.spyOn(fakeBrowser.storage.local, 'set').mockImplementation(async (items) => {
      const records = Object.keys(items).filter((key) => key.startsWith('mention:')).length;
      if (records > 10) throw new Error('QUOTA_BYTES quota exceeded');
      return realSet(items);
    });
    const written = await writeMentionStore(FIRST_ACCOUNT, store);
    // 20 → 16 → 12 → 9 (ceil of a fifth each time): the oldest went first (here the read ones).
    expect(written.byProject[1].map((m) => m.id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(await readMentionStore(FIRST_ACCOUNT)).toEqual(written);
  });

  it('gives up after six rounds with a StoreWriteError from the catalogue', async () => {
    const quota = new Error('QUOTA_BYTES quota exceeded');
    const set = vi.spyOn(fakeBrowser.storage.local, 'set').mockRejectedValue(quota);
    const store = storeOf(...Array.from({ length: 50 }, (_, i) => stored({ id: i + 1 })));
    const error = await writeMentionStore(FIRST_ACCOUNT, store, storeOf()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StoreWriteError);
    expect(error).toMatchObject({ reason: 'quota', cause: quota });
    expect((error as Error).message).toBe(getMessage('storeWriteQuotaFull'));
    expect(set).toHaveBeenCalledTimes(7);
  });

  it('gives up at once when nothing is left to prune', async () => {
    const set = vi
      .spyOn(fakeBrowser.storage.local, 'set')
      .mockRejectedValue(new Error('QUOTA_BYTES quota exceeded'));
    const error = await writeMentionStore(FIRST_ACCOUNT, storeOf(), storeOf(), {
      outbox: [1],
    }).catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'StoreWriteError', reason: 'quota' });
    expect(set).toHaveBeenCalledTimes(1);
  });

  it('any other refusal is a StoreWriteError too, with the browser’s error as its cause', async () => {
    const broken = new Error('IO error: .../LOCK: File currently in use');
    vi.spyOn(fakeBrowser.storage.local, 'set').mockRejectedValue(broken);
    const error = await writeMentionStore(FIRST_ACCOUNT, three(), storeOf()).catch(
      (e: unknown) => e,
    );
    expect(error).toMatchObject({ reason: 'failed', cause: broken });
    expect((error as Error).message).toBe(getMessage('storeWriteFailed'));
  });
});

describe('extra items', () => {
  it('go into the same set() call as the store’s changes, also after a quota prune', async () => {
    const realSet = fakeBrowser.storage.local.set.bind(fakeBrowser.storage.local);
    const set = vi.spyOn(fakeBrowser.storage.local, 'set');
    const store = three();
    await writeMentionStore(FIRST_ACCOUNT, store, storeOf(), {
      notificationOutbox: ['mm:mention:1:1'],
    });
    expect(set).toHaveBeenCalledTimes(1);
    expect(Object.keys(set.mock.calls[0][0]).sort()).toEqual(
      [
        'mention:1:1',
        'mention:1:2',
        'mention:2:3',
        'mentionMeta',
        'mentionPreview',
        'notificationOutbox',
      ].sort(),
    );

    let refused = 0;
    set.mockImplementation(async (items) => {
      if (refused++ === 0) throw new Error('QUOTA_BYTES quota exceeded');
      return realSet(items);
    });
    const read = markRead(store, [{ projectId: 1, id: 1 }]);
    await writeMentionStore(FIRST_ACCOUNT, read, store, { notificationOutbox: [] });
    expect(set.mock.calls.at(-1)?.[0]).toHaveProperty('notificationOutbox', []);
  });

  it('are written even when the store did not change', async () => {
    const store = three();
    await writeMentionStore(FIRST_ACCOUNT, store);
    expect(
      await writesDuring(() => writeMentionStore(FIRST_ACCOUNT, store, store, { outbox: 1 })),
    ).toEqual({
      set: ['outbox'],
      removed: [],
    });
  });
});
