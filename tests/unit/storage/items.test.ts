// Every storage key and area, pinned: they are stored data, so a renamed key or a moved area loses
// what existing users have stored. The list is written out, not snapshotted, so a change here is a
// decision someone reads in review.
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import * as items from '@/lib/storage/items';
import * as storeFormat from '@/lib/mentions/store-format';
import * as itemKeys from '@/lib/storage/keys';
import { DEFAULT_SETTINGS } from '@/lib/settings/settings';
import { initialSyncStatus } from '@/lib/sync/status';
import { initialServiceClock } from '@/lib/time/service-clock';
import { EMPTY_TRIAGE } from '../support/triage-fixtures';

beforeEach(() => fakeBrowser.reset());

describe('the storage items', () => {
  const expected: [string, string, 'local' | 'session', string][] = [
    ['settingsItem', 'local:settings', 'local', 'settings'],
    ['projectsItem', 'local:projects', 'local', 'projects'],
    ['syncStatusItem', 'session:syncStatus', 'session', 'syncStatus'],
    ['durableStatusItem', 'local:syncStatus', 'local', 'syncStatus'],
    ['sessionTokenItem', 'session:token', 'session', 'token'],
    ['pollLeaseItem', 'session:pollLease', 'session', 'pollLease'],
    ['mentionPreviewItem', 'local:mentionPreview', 'local', 'mentionPreview'],
    ['serviceClockItem', 'local:serviceClock', 'local', 'serviceClock'],
    ['notificationOutboxItem', 'local:notificationOutbox', 'local', 'notificationOutbox'],
    ['triageItem', 'local:triage', 'local', 'triage'],
    ['savedMentionsItem', 'local:savedMentions', 'local', 'savedMentions'],
  ];

  it('are these, with these keys and areas, and no others', () => {
    // An account's item (a function of the account): the first account's keys are those of the
    // single account of old; a further account's carry its prefix.
    const of = (value: unknown, account: string) =>
      (typeof value === 'function' ? (value as (id: string) => unknown)(account) : value) as {
        key?: string;
        name?: string;
      };
    const defined = (account: string) =>
      Object.entries(items)
        // Only the items: the module's functions (readProjects, writeProjects) read and write.
        .filter(([name]) => name.endsWith('Item'))
        .map(([name, value]) => [name, of(value, account)] as const)
        .filter(([, item]) => typeof item === 'object' && item !== null && 'key' in item)
        .map(([name, { key = '', name: inArea }]) => [
          name,
          key,
          key.slice(0, key.indexOf(':')),
          inArea,
        ]);
    const itemObjects = Object.entries(items).filter(
      ([, value]) => typeof value === 'object' && value !== null && 'key' in value,
    );
    expect(itemObjects.map(([name]) => name)).toEqual(['settingsItem']);
    expect(defined('1').sort()).toEqual([...expected].sort());
    const second = expected.map(([name, key, area, inArea]) =>
      name === 'settingsItem'
        ? [name, key, area, inArea]
        : [name, `${area}:account2/${inArea}`, area, `account2/${inArea}`],
    );
    expect(defined('2').sort()).toEqual(second.sort());
  });

  it('keep their format versions (the `<key>$` meta an existing install holds)', async () => {
    const versions: [keyof typeof items, unknown, number][] = [
      ['settingsItem', DEFAULT_SETTINGS, 1],
      ['projectsItem', [], 1],
      ['durableStatusItem', initialSyncStatus(), 2],
      ['serviceClockItem', initialServiceClock(), 1],
    ];
    type Item = { name: string; setValue(v: unknown): Promise<void> };
    for (const [name, value, version] of versions) {
      const defined = items[name] as Item | ((account: string) => Item);
      const accounts = typeof defined === 'function' ? [defined('1'), defined('2')] : [defined];
      for (const item of accounts) {
        await item.setValue(value);
        const meta = `${item.name}$`;
        expect((await fakeBrowser.storage.local.get(meta))[meta], name).toEqual({ v: version });
      }
    }
  });

  it('read what an existing install stored under those keys, through each guard', async () => {
    const settings = { ...DEFAULT_SETTINGS, serviceUrl: 'https://m.example', apiKey: 'k' };
    await fakeBrowser.storage.local.set({
      settings,
      settings$: { v: 1 },
      projects: [{ project_id: 7, name: 'Acme', type: 'brandMonitoring', fields: {} }, 'damage'],
      projects$: { v: 1 },
      notificationOutbox: [{ id: 'mm:1', title: 'T', message: 'M' }, { id: 'theirs' }],
    });
    await fakeBrowser.storage.session.set({
      token: { token: 'tok', origin: 'https://m.example', keyId: 'abc' },
    });
    expect(await items.settingsItem.read()).toEqual(settings);
    expect(await items.readSettings()).toEqual(settings);
    expect(await items.readProjects('1')).toEqual([
      { project_id: 7, name: 'Acme', type: 'brandMonitoring', fields: {} },
    ]);
    expect(await items.sessionTokenItem('1').read()).toEqual({
      token: 'tok',
      origin: 'https://m.example',
      keyId: 'abc',
    });
    expect(await items.notificationOutboxItem('1').read()).toEqual([
      { id: 'mm:1', title: 'T', message: 'M' },
    ]);
  });

  it('read nothing stored as their defaults', async () => {
    expect(await items.readSettings()).toEqual(DEFAULT_SETTINGS);
    expect(await items.readProjects('1')).toEqual([]);
    expect(await items.syncStatusItem('1').read()).toEqual(initialSyncStatus());
    expect(await items.durableStatusItem('1').read()).toEqual(initialSyncStatus());
    expect(await items.sessionTokenItem('1').read()).toBeNull();
    expect(await items.pollLeaseItem('1').read()).toBeNull();
    expect(await items.mentionPreviewItem('1').read()).toBeNull();
    expect(await items.readServiceClock('1')).toEqual(initialServiceClock());
    expect(await items.notificationOutboxItem('1').read()).toEqual([]);
    expect(await items.triageItem('1').read()).toEqual(EMPTY_TRIAGE);
    expect(await items.savedMentionsItem('1').read()).toEqual({ items: [] });
  });
});

// The mention store's own keys (lib/mentions/store-format.ts) and the keys its writes carry beside
// them (lib/storage/keys.ts): stored data like the items.
const keys = { ...itemKeys, ...storeFormat };

describe('the other storage keys (all in storage.local)', () => {
  it('are these names', () => {
    expect({ ...keys }).toMatchObject({
      READ_PREFIX: 'mentionRead:',
      FLOOR_PREFIX: 'mentionFloor:',
      META_KEY: 'mentionMeta',
      PREVIEW_KEY: 'mentionPreview',
      OUTBOX_KEY: 'notificationOutbox',
      SERVICE_CLOCK_KEY: 'serviceClock',
      TRIAGE_KEY: 'triage',
      SAVED_KEY: 'savedMentions',
    });
    const names = Object.entries(keys).filter(([, value]) => typeof value === 'string');
    expect(names).toHaveLength(8);
    // Two prefixes are private to the store's format: they show in the keys it names and reads.
    expect(keys.recordKey(1, 2)).toBe('mention:1:2');
    expect(keys.migrateMentionStorage({ 'mentionPruned:3': [7] })).toMatchObject({
      set: { 'mentionFloor:3': { excluded: [7] } },
      remove: ['mentionPruned:3'],
    });
  });

  it('name the same keys as the items written beside the mention store', () => {
    expect(items.mentionPreviewItem('1').name).toBe(keys.PREVIEW_KEY);
    expect(items.notificationOutboxItem('1').name).toBe(keys.OUTBOX_KEY);
    expect(items.serviceClockItem('1').name).toBe(keys.SERVICE_CLOCK_KEY);
    expect(items.triageItem('1').name).toBe(keys.TRIAGE_KEY);
    expect(items.savedMentionsItem('1').name).toBe(keys.SAVED_KEY);
  });

  it("build a project's and a mention's keys", () => {
    expect(keys.recordKey(12, 345)).toBe('mention:12:345');
    expect(keys.readKey(12)).toBe('mentionRead:12');
    expect(keys.floorKey(12)).toBe('mentionFloor:12');
  });
});
