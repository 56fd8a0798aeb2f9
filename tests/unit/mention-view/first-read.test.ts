// A page's first read: started before the page renders, its changes held until the page takes
// them (none lost in between); each start reads afresh. The popup's asks for the active tab
// beside it, and reads the whole store in slices of keys (what one get(null) reads, in replies of
// a few hundred keys); the mentions page's reads its own small items.
import { FIRST_ACCOUNT } from '@/lib/accounts/accounts';
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { startMentionsFirstRead, startPopupFirstRead } from '@/lib/mention-view/first-read';
import { shownAccount } from '@/lib/messaging/page-account';
import { accountFingerprint } from '@/lib/service/connection';
import { DEFAULT_SETTINGS } from '@/lib/settings/settings';
import { storedPreviewOf } from '@/lib/mentions/preview';
import { mentionPreviewItem, projectsItem, settingsItem } from '@/lib/storage/items';
import { stored, storeOf } from '../support/mention-factory';

beforeEach(() => fakeBrowser.reset());
afterEach(() => vi.restoreAllMocks());

const configured = { ...DEFAULT_SETTINGS, serviceUrl: 'https://mentions.example.com', apiKey: 'k' };

describe('the popup’s first read', () => {
  it('holds what changes before the page attaches, then forwards it, and stops the watch', async () => {
    const get = vi.spyOn(fakeBrowser.storage.local, 'get');
    const read = startPopupFirstRead();
    // The read is under way before anything is attached: one get, of the small items and the preview.
    const reads = get.mock.calls.filter(
      ([keys]) => Array.isArray(keys) && keys.includes(mentionPreviewItem(FIRST_ACCOUNT).name),
    );
    expect(reads).toEqual([
      [[settingsItem.name, 'projects', 'syncStatus', mentionPreviewItem(FIRST_ACCOUNT).name]],
    ]);
    await settingsItem.setValue(configured);
    await settingsItem.setValue(DEFAULT_SETTINGS);
    const seen: unknown[] = [];
    const stop = read.attach((change) => seen.push(change));
    expect(seen).toEqual([{ settings: configured }, { settings: DEFAULT_SETTINGS }]);
    await settingsItem.setValue(configured);
    expect(seen).toHaveLength(3);
    stop();
    await settingsItem.setValue(DEFAULT_SETTINGS);
    expect(seen).toHaveLength(3);
    expect((await read.data).settings).toBeDefined();
  });

  it('hands over a change made between the start and the popup taking it', async () => {
    const read = startPopupFirstRead();
    await settingsItem.setValue(configured);
    const seen: unknown[] = [];
    const stop = read.attach((change) => seen.push(change));
    expect(seen).toEqual([{ settings: configured }]);
    // From then on, changes go straight through.
    await settingsItem.setValue(DEFAULT_SETTINGS);
    expect(seen).toHaveLength(2);
    stop();
    await settingsItem.setValue(configured);
    expect(seen).toHaveLength(2);
    expect((await read.data).settings).toBeDefined();
  });

  it('is started per mount: a later start reads afresh', async () => {
    const first = startPopupFirstRead();
    await settingsItem.setValue(configured);
    const second = startPopupFirstRead();
    expect(second).not.toBe(first);
    expect((await second.data).settings).toEqual(configured);
    first.attach(() => undefined)();
    second.attach(() => undefined)();
  });
});

describe('the account the page shows', () => {
  it('is the one its first read found, whatever the settings become after', async () => {
    await settingsItem.setValue(configured);
    await startPopupFirstRead().data;
    await settingsItem.setValue({ ...configured, apiKey: 'another' });
    expect(await shownAccount()).toBe(await accountFingerprint(configured.serviceUrl, 'k'));
    const other = { ...configured, serviceUrl: 'https://other.example.com' };
    await settingsItem.setValue(other);
    await startMentionsFirstRead().data;
    expect(await shownAccount()).toBe(await accountFingerprint(other.serviceUrl, 'k'));
  });
});

describe('the active tab, asked for early', () => {
  it('is asked for once, as the first read starts', async () => {
    const tab = { id: 1, url: 'https://example.com/page', title: 'Example' };
    const query = vi.spyOn(fakeBrowser.tabs, 'query').mockResolvedValue([tab] as never);
    const read = startPopupFirstRead();
    expect(query).toHaveBeenCalledTimes(1);
    expect(await read.activeTab).toEqual(tab);
    // A second mount asks again.
    await startPopupFirstRead().activeTab;
    expect(query).toHaveBeenCalledTimes(2);
  });

  it('is null when the browser refuses or has no tab', async () => {
    vi.spyOn(fakeBrowser.tabs, 'query').mockRejectedValueOnce(new Error('no'));
    expect(await startPopupFirstRead().activeTab).toBeNull();
    vi.spyOn(fakeBrowser.tabs, 'query').mockResolvedValueOnce([]);
    expect(await startPopupFirstRead().activeTab).toBeNull();
  });
});

describe('the mentions page’s first read', () => {
  it('reads settings, projects and the preview in one call, and watches settings and projects', async () => {
    await settingsItem.setValue(configured);
    const get = vi.spyOn(fakeBrowser.storage.local, 'get');
    const read = startMentionsFirstRead();
    expect(await read.data).toEqual({ settings: configured, projects: [], preview: null });
    expect(get).toHaveBeenCalledTimes(1);
    const project = { project_id: 1, name: 'Acme', type: 'brandMonitoring' as const, fields: {} };
    await projectsItem(FIRST_ACCOUNT).setValue([project]);
    const seen: unknown[] = [];
    read.attach((change) => seen.push(change))();
    expect(seen).toEqual([{ projects: [project] }]);
  });
});

describe('the accounts a page expects', () => {
  /** The extension pages' localStorage, which Node lacks. */
  function stubLocalStorage(): Map<string, string> {
    const items = new Map<string, string>();
    vi.stubGlobal('localStorage', {
      getItem: (key: string) => items.get(key) ?? null,
      setItem: (key: string, value: string) => void items.set(key, String(value)),
    });
    onTestFinished(() => void vi.unstubAllGlobals());
    return items;
  }
  const withAccounts = (...ids: string[]) => ({
    ...configured,
    accounts: ids.map((id) => ({
      id,
      label: `Client ${id}`,
      serviceUrl: `https://s${id}.example.com`,
      apiKey: `key-${id}`,
    })),
  });
  const previewOf = (unread: number) =>
    storedPreviewOf(
      storeOf(...Array.from({ length: unread }, (_, i) => stored({ id: i + 1, project_id: 1 }))),
    );
  /** The gets of previews among those asked (the items' watches make gets of their own). */
  const previewReads = (asked: (string[] | null)[]) =>
    asked.filter((keys) => Array.isArray(keys) && keys.some((k) => k.endsWith('mentionPreview')));
  const unreadOf = (data: Awaited<ReturnType<typeof startPopupFirstRead>['data']>) =>
    data.accounts.map((account) => [account.id, account.preview?.unread ?? null]);

  it('are read with the settings, in one call, once a page has seen them', async () => {
    stubLocalStorage();
    await settingsItem.setValue(withAccounts('2', '3'));
    await mentionPreviewItem('2').setValue(previewOf(4));
    await mentionPreviewItem('3').setValue(previewOf(5));
    const first = spyGets();
    expect(unreadOf(await startPopupFirstRead().data)).toEqual([
      ['1', null],
      ['2', 4],
      ['3', 5],
    ]);
    expect(previewReads(first)).toHaveLength(2);

    vi.restoreAllMocks();
    const next = spyGets();
    const read = startPopupFirstRead();
    // A change between the start and the popup taking it is handed over: they are watched early.
    await mentionPreviewItem('3').setValue(previewOf(6));
    const data = await read.data;
    expect(previewReads(next)).toHaveLength(1);
    expect(previewReads(next)[0]).toEqual(
      expect.arrayContaining(['account2/mentionPreview', 'account3/mentionPreview']),
    );
    const seen: unknown[] = [];
    read.attach((change) => seen.push(change))();
    expect(seen).toContainEqual(
      expect.objectContaining({ account: '3', preview: expect.objectContaining({ unread: 6 }) }),
    );
    expect(unreadOf(data).map(([id]) => id)).toEqual(['1', '2', '3']);
  });

  it('are a hint: the settings decide which accounts the page reads and shows', async () => {
    const items = stubLocalStorage();
    // Seen before: 2 (removed since) and 9 (never listed); 3 is new.
    items.set('accountIds', '2 9 x 1');
    await settingsItem.setValue(withAccounts('3'));
    await mentionPreviewItem('2').setValue(previewOf(4));
    await mentionPreviewItem('3').setValue(previewOf(5));
    const asked = spyGets();
    expect(unreadOf(await startPopupFirstRead().data)).toEqual([
      ['1', null],
      ['3', 5],
    ]);
    expect(previewReads(asked)).toHaveLength(2);
    expect(previewReads(asked)[0]).toEqual(
      expect.arrayContaining(['account2/mentionPreview', 'account9/mentionPreview']),
    );
    expect(previewReads(asked)[0]).not.toContain('accountx/mentionPreview');
    expect(items.get('accountIds')).toBe('3');

    vi.restoreAllMocks();
    const page = spyGets();
    const data = await startMentionsFirstRead().data;
    expect(previewReads(page)).toHaveLength(1);
    expect(data.accounts?.map((account) => [account.id, account.preview?.unread ?? null])).toEqual([
      ['1', null],
      ['3', 5],
    ]);
  });

  it('are none where localStorage is not there', async () => {
    await settingsItem.setValue(withAccounts('2'));
    const asked = spyGets();
    expect(unreadOf(await startPopupFirstRead().data)).toEqual([
      ['1', null],
      ['2', null],
    ]);
    expect(previewReads(asked)).toHaveLength(2);
  });
});

/** Every storage.local get from now on: the keys asked for (null: everything). */
function spyGets(): (string[] | null)[] {
  const asked: (string[] | null)[] = [];
  const get = fakeBrowser.storage.local.get.bind(fakeBrowser.storage.local);
  vi.spyOn(fakeBrowser.storage.local, 'get').mockImplementation((keys?: unknown) => {
    asked.push(keys == null ? null : (keys as string[]));
    return get(keys as string[]);
  });
  return asked;
}

/** The slice the popup asks for at most: about 250 KB of records at the caps. */
const SLICE_KEYS = 400;

describe('the whole store, read in slices', () => {
  const storage = fc
    .integer({ min: 0, max: 1_300 })
    .map((count) =>
      Object.fromEntries(Array.from({ length: count }, (_, i) => [`k${i}`, { n: i }])),
    );

  it('reads what get(null) reads, in slices of at most the slice size', async () => {
    await fc.assert(
      fc.asyncProperty(storage, async (stored) => {
        fakeBrowser.reset();
        await fakeBrowser.storage.local.set(stored);
        const area = fakeBrowser.storage.local as unknown as { getKeys?: () => Promise<string[]> };
        area.getKeys = () => Promise.resolve(Object.keys(stored));
        try {
          const read = startPopupFirstRead();
          await read.data;
          const asked = spyGets();
          expect(await read.readAll()).toEqual(stored);
          vi.restoreAllMocks();
          read.attach(() => undefined)();
          // Every key asked for once, in as few slices as the size allows.
          const slices = asked.filter((keys) => keys !== null);
          expect(asked).not.toContain(null);
          for (const keys of slices) expect(keys.length).toBeLessThanOrEqual(SLICE_KEYS);
          expect(slices.flat().sort()).toEqual(Object.keys(stored).sort());
          expect(slices).toHaveLength(Math.ceil(Object.keys(stored).length / SLICE_KEYS));
        } finally {
          delete area.getKeys;
        }
      }),
      { numRuns: 15 },
    );
  });

  it('reads in one call where the area cannot list its keys', async () => {
    const stored = Object.fromEntries(Array.from({ length: 30 }, (_, i) => [`k${i}`, i]));
    await fakeBrowser.storage.local.set(stored);
    const read = startPopupFirstRead();
    await read.data;
    const asked = spyGets();
    expect(await read.readAll()).toEqual(stored);
    expect(asked).toEqual([null]);
    read.attach(() => undefined)();
  });
});
