// Our items on WXT's storage: defined on first use (no storage call at import), migrated the way
// an existing install needs, read through their guards, and watched as their callers rely on.
// Each test loads lib/storage/items.ts afresh, as a page or a woken worker does: an item decides
// on its first use whether to migrate or to stamp its version.
import { FIRST_ACCOUNT } from '@/lib/accounts/accounts';
import fc from 'fast-check';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { parseCachedProjects } from '@/lib/projects/project-cache';
import type { ServiceProject } from '@/lib/projects/types';
import { DEFAULT_SETTINGS, type Settings } from '@/lib/settings/settings';
import { durableOf, initialSyncStatus, parseSyncStatus, type SyncStatus } from '@/lib/sync/status';

beforeEach(() => {
  fakeBrowser.reset();
  vi.restoreAllMocks();
});

async function freshItems() {
  vi.resetModules();
  return import('@/lib/storage/items');
}

/** Spies on every read of both areas (WXT's driver reads through get). */
const spyOnReads = () => [
  vi.spyOn(fakeBrowser.storage.local, 'get'),
  vi.spyOn(fakeBrowser.storage.session, 'get'),
];

const PROJECT: ServiceProject = {
  project_id: 7,
  name: 'Acme',
  type: 'brandMonitoring',
  fields: {},
};

/** A whole status as version 1 kept it: the time of the last poll, which the durable part drops. */
const V1_STATUS: SyncStatus = { ...initialSyncStatus(), lastPollAt: 400 };

describe('an item defined on first use', () => {
  it('makes no storage call when defined, nor when only its key is read', async () => {
    const reads = spyOnReads();
    const writes = vi.spyOn(fakeBrowser.storage.local, 'set');
    const items = await freshItems();
    // What a page's batched read and its watches' callbacks use: the key, the name and the guard.
    for (const item of Object.values(items)) {
      if (typeof item !== 'object') continue;
      expect(item.key).toContain(`:${item.name}`);
      item.parse(undefined);
    }
    await new Promise((resolve) => setTimeout(resolve, 10));
    for (const spy of reads) expect(spy).not.toHaveBeenCalled();
    expect(writes).not.toHaveBeenCalled();
  });

  it('reads, writes, removes and watches like a WXT item once used', async () => {
    const { settingsItem } = await freshItems();
    const edited: Settings = { ...DEFAULT_SETTINGS, serviceUrl: 'https://m.example' };
    expect(await settingsItem.getValue()).toEqual(DEFAULT_SETTINGS);
    const seen: Settings[] = [];
    const unwatch = settingsItem.watch((value) => seen.push(value));
    await settingsItem.setValue(edited);
    expect(await settingsItem.getValue()).toEqual(edited);
    expect(await fakeBrowser.storage.local.get('settings')).toEqual({ settings: edited });
    await settingsItem.removeValue();
    expect(await settingsItem.getValue()).toEqual(DEFAULT_SETTINGS);
    unwatch();
    await settingsItem.setValue(edited);
    expect(seen).toEqual([edited, DEFAULT_SETTINGS]);
  });

  it('is one item: a value written through one method is read through another', async () => {
    const { sessionTokenItem } = await freshItems();
    const { setValue, getValue } = sessionTokenItem(FIRST_ACCOUNT);
    expect(await getValue()).toBeNull();
    const token = { token: 'abc', origin: 'https://m.example', keyId: 'k' };
    await setValue(token);
    expect(await getValue()).toEqual(token);
  });
});

describe('a versioned item', () => {
  it('records its version with the first write when nothing was stored, and only then', async () => {
    const { durableStatusItem } = await freshItems();
    await durableStatusItem(FIRST_ACCOUNT).setValue(initialSyncStatus());
    expect(await fakeBrowser.storage.local.get(['syncStatus', 'syncStatus$'])).toEqual({
      syncStatus: initialSyncStatus(),
      syncStatus$: { v: 2 },
    });
    await fakeBrowser.storage.local.set({ syncStatus$: { v: 2, note: 'kept' } });
    const writes = vi.spyOn(fakeBrowser.storage.local, 'set');
    await durableStatusItem(FIRST_ACCOUNT).setValue(V1_STATUS);
    expect(writes.mock.calls).toEqual([[{ syncStatus: V1_STATUS }]]);
  });

  it('brings a version 1 value up through its step, keeping the rest of its meta', async () => {
    await fakeBrowser.storage.local.set({
      syncStatus: V1_STATUS,
      syncStatus$: { v: 1, note: 'kept' },
    });
    const { durableStatusItem } = await freshItems();
    const migrated = durableOf(parseSyncStatus(V1_STATUS));
    expect(migrated.lastPollAt).toBeNull();
    expect(await durableStatusItem(FIRST_ACCOUNT).getValue()).toEqual(migrated);
    expect(await fakeBrowser.storage.local.get(['syncStatus', 'syncStatus$'])).toEqual({
      syncStatus: migrated,
      syncStatus$: { v: 2, note: 'kept' },
    });
  });

  it('reads a value of a missing version as version 1', async () => {
    await fakeBrowser.storage.local.set({ syncStatus: V1_STATUS });
    const { durableStatusItem } = await freshItems();
    expect(await durableStatusItem(FIRST_ACCOUNT).getValue()).toEqual(
      durableOf(parseSyncStatus(V1_STATUS)),
    );
    expect((await fakeBrowser.storage.local.get('syncStatus$')).syncStatus$).toEqual({ v: 2 });
  });

  it('leaves a value of its own version as stored', async () => {
    // Not what the step would make of it: the step must not run.
    await fakeBrowser.storage.local.set({ syncStatus: V1_STATUS, syncStatus$: { v: 2 } });
    const writes = vi.spyOn(fakeBrowser.storage.local, 'set');
    const { durableStatusItem } = await freshItems();
    expect(await durableStatusItem(FIRST_ACCOUNT).getValue()).toEqual(V1_STATUS);
    expect(writes).not.toHaveBeenCalled();
  });

  it('logs a newer version or a failing step and goes on with what is stored', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await fakeBrowser.storage.local.set({ syncStatus: V1_STATUS, syncStatus$: { v: 3 } });
    const newer = (await freshItems()).durableStatusItem(FIRST_ACCOUNT);
    expect(await newer.getValue()).toEqual(V1_STATUS);

    fakeBrowser.reset();
    await fakeBrowser.storage.local.set({ syncStatus: V1_STATUS });
    vi.doMock('@/lib/sync/status', async (original) => ({
      ...(await original<typeof import('@/lib/sync/status')>()),
      durableOf: () => {
        throw new Error('cannot');
      },
    }));
    const broken = (await freshItems()).durableStatusItem(FIRST_ACCOUNT);
    vi.doUnmock('@/lib/sync/status');
    expect(await broken.getValue()).toEqual(V1_STATUS);
    expect(errors).toHaveBeenCalledTimes(2);
    expect(await fakeBrowser.storage.local.get(null)).toEqual({ syncStatus: V1_STATUS });
    await broken.setValue(initialSyncStatus());
    expect(await broken.getValue()).toEqual(initialSyncStatus());
  });

  it('is brought up to date by a watch alone, as a page that only watches it would', async () => {
    await fakeBrowser.storage.local.set({ syncStatus: V1_STATUS });
    const { durableStatusItem } = await freshItems();
    const unwatch = durableStatusItem(FIRST_ACCOUNT).watch(() => undefined);
    await vi.waitFor(async () =>
      expect(await fakeBrowser.storage.local.get(['syncStatus', 'syncStatus$'])).toEqual({
        syncStatus: durableOf(parseSyncStatus(V1_STATUS)),
        syncStatus$: { v: 2 },
      }),
    );
    unwatch();
  });
});

describe('writes and watches', () => {
  it('removes the key for null and reads the fallback again', async () => {
    const { sessionTokenItem } = await freshItems();
    await sessionTokenItem(FIRST_ACCOUNT).setValue({
      token: 'abc',
      origin: 'https://m.example',
      keyId: 'k',
    });
    await sessionTokenItem(FIRST_ACCOUNT).setValue(null);
    expect(await fakeBrowser.storage.session.get(null)).toEqual({});
    expect(await sessionTokenItem(FIRST_ACCOUNT).getValue()).toBeNull();
  });

  it('watches its own key in its own area only', async () => {
    // The live status and the durable one share a name, one in each area.
    const { syncStatusItem } = await freshItems();
    const seen: [SyncStatus | null, SyncStatus | null][] = [];
    syncStatusItem(FIRST_ACCOUNT).watch((value, old) => seen.push([value, old]));
    await fakeBrowser.storage.local.set({ syncStatus: V1_STATUS });
    await fakeBrowser.storage.session.set({ other: 1 });
    await syncStatusItem(FIRST_ACCOUNT).setValue(V1_STATUS);
    await syncStatusItem(FIRST_ACCOUNT).removeValue();
    expect(seen).toEqual([
      [V1_STATUS, null],
      [null, V1_STATUS],
    ]);
  });

  it('tells of a write exactly when the stored data changed (member order aside)', async () => {
    const shuffled = (value: unknown): unknown => {
      if (Array.isArray(value)) return value.map(shuffled);
      if (typeof value !== 'object' || value === null) return value;
      return Object.fromEntries(
        Object.entries(value)
          .reverse()
          .map(([k, v]) => [k, shuffled(v)]),
      );
    };
    // Storage holds JSON: the oracle compares the JSON of both with members in one order.
    const canonical = (value: unknown): string =>
      JSON.stringify(value, (_key, v: unknown) =>
        typeof v === 'object' && v !== null && !Array.isArray(v)
          ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : 1)))
          : v,
      );
    const { pollLeaseItem } = await freshItems();
    await fc.assert(
      fc.asyncProperty(fc.jsonValue(), fc.jsonValue(), fc.boolean(), async (a, b, same) => {
        fakeBrowser.reset();
        const next = same ? shuffled(a) : b;
        await pollLeaseItem(FIRST_ACCOUNT).setValue(a);
        const calls: unknown[] = [];
        const unwatch = pollLeaseItem(FIRST_ACCOUNT).watch((value) => calls.push(value));
        await pollLeaseItem(FIRST_ACCOUNT).setValue(next);
        unwatch();
        const changed = canonical(a ?? null) !== canonical(next ?? null);
        // As storage gives it back: JSON, where -0 is 0 (toEqual tells the two apart).
        const asStored = JSON.parse(JSON.stringify(next ?? null)) as unknown;
        expect(calls).toEqual(changed ? [asStored] : []);
      }),
      { numRuns: 200, examples: [[false, [-0], false]] },
    );
  });
});

describe('an item with a guard', () => {
  it('names its key within its area, what a batched get asks for', async () => {
    const { durableStatusItem, syncStatusItem } = await freshItems();
    expect([syncStatusItem(FIRST_ACCOUNT).name, durableStatusItem(FIRST_ACCOUNT).name]).toEqual([
      'syncStatus',
      'syncStatus',
    ]);
    await syncStatusItem(FIRST_ACCOUNT).setValue(V1_STATUS);
    const batched = await fakeBrowser.storage.session.get([syncStatusItem(FIRST_ACCOUNT).name]);
    expect(
      syncStatusItem(FIRST_ACCOUNT).parse(batched[syncStatusItem(FIRST_ACCOUNT).name]),
    ).toEqual(await syncStatusItem(FIRST_ACCOUNT).read());
  });

  it('reads through the guard, and getValue still gives what is stored', async () => {
    const { projectsItem } = await freshItems();
    await fakeBrowser.storage.local.set({ projects: [PROJECT, 'damage'], projects$: { v: 1 } });
    expect(await projectsItem(FIRST_ACCOUNT).read()).toEqual([PROJECT]);
    expect(await projectsItem(FIRST_ACCOUNT).getValue()).toEqual([PROJECT, 'damage']);
  });

  it('guards a value read another way as read() would, nothing stored as the fallback', async () => {
    const { projectsItem } = await freshItems();
    fc.assert(
      fc.property(fc.jsonValue(), (raw) => {
        expect(projectsItem(FIRST_ACCOUNT).parse(raw)).toEqual(parseCachedProjects(raw ?? []));
      }),
    );
    expect(projectsItem(FIRST_ACCOUNT).parse(undefined)).toEqual([]);
    await fakeBrowser.storage.local.set({ projects: [PROJECT, 'damage'], projects$: { v: 1 } });
    expect(await projectsItem(FIRST_ACCOUNT).read()).toEqual(
      projectsItem(FIRST_ACCOUNT).parse([PROJECT, 'damage']),
    );
  });

  it('without a guard, read() is getValue()', async () => {
    const { pollLeaseItem } = await freshItems();
    await pollLeaseItem(FIRST_ACCOUNT).setValue({ a: 1 });
    expect(await pollLeaseItem(FIRST_ACCOUNT).read()).toEqual(
      await pollLeaseItem(FIRST_ACCOUNT).getValue(),
    );
    expect(pollLeaseItem(FIRST_ACCOUNT).parse(undefined)).toBeNull();
  });
});

describe('the project list as the background caches it', () => {
  it('stores no more than a read gives back: the first 1,000 projects as listed', async () => {
    const { projectsItem } = await freshItems();
    // The writer the poller is given (lib/sync/stored-state.ts), loaded with these items.
    const { accountStorageState } = await import('@/lib/sync/stored-state');
    const listed = Array.from({ length: 1_500 }, (_, i) => ({ ...PROJECT, project_id: i + 1 }));
    await accountStorageState(FIRST_ACCOUNT).writeProjects(listed);
    const stored = await projectsItem(FIRST_ACCOUNT).getValue();
    expect(stored).toHaveLength(1_000);
    expect(stored).toEqual(listed.slice(0, 1_000));
    expect(await projectsItem(FIRST_ACCOUNT).read()).toEqual(stored);
  });
});
