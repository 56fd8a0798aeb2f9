// Storage format 1 (pruned-id lists) to format 2 (floors): a fixture of what format 1 wrote
// migrates with every record and read flag kept, and none of its pruned ids can come back.
import { FIRST_ACCOUNT } from '@/lib/accounts/accounts';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { mergeMentions } from '@/lib/mentions/merge';
import {
  migrateStoredMentions,
  readMentionStore,
  writeMentionStore,
} from '@/lib/mentions/mention-storage';
import {
  migrateMentionStorage,
  needsMigration,
  STORE_FORMAT_VERSION,
} from '@/lib/mentions/store-format';
import { markRead } from '@/lib/mentions/read-state';
import { storeOfShards } from '@/lib/mentions/shards';
import { NOW, mention, unreadCount } from '../support/mention-factory';

const fixture = JSON.parse(
  readFileSync(join(import.meta.dirname, 'fixtures/store-format-1.json'), 'utf8'),
) as { entries: Record<string, unknown> };

/** A fresh copy: the fixture as storage.local holds it. */
const formatOne = (): Record<string, unknown> => structuredClone(fixture.entries);

function applied(entries: Record<string, unknown>) {
  const { set, remove } = migrateMentionStorage(entries);
  const next = { ...entries, ...structuredClone(set) };
  for (const key of remove) delete next[key];
  return next;
}

const at = (date: string) => Date.parse(`${date.replace(' ', 'T')}Z`);

beforeEach(() => fakeBrowser.reset());

describe('migrateMentionStorage from format 1', () => {
  it('keeps every record and read flag, and sets the meta to the current version', () => {
    const before = formatOne();
    const after = applied(before);
    for (const [key, value] of Object.entries(before)) {
      if (key.startsWith('mention:') || key.startsWith('mentionRead:')) {
        expect(after[key], key).toEqual(value);
      }
    }
    expect(after.settings).toEqual(before.settings);
    expect(after.mentionPreview).toEqual(before.mentionPreview);
    expect(after.mentionMeta).toEqual({
      version: STORE_FORMAT_VERSION,
      syncedProjects: [12, 34, 56],
      utcOffsetMinutes: 0,
    });
    const store = storeOfShards(after);
    const readIds = (projectId: number) =>
      store.byProject[projectId].filter((m) => m.read).map((m) => m.id);
    expect(store.byProject[12].map((m) => m.id).sort()).toEqual([1003, 1004, 1008, 1010, 1011]);
    expect(readIds(12).sort()).toEqual([1003, 1004]);
    expect(readIds(34)).toEqual([7]);
    expect(store.byProject[56]).toEqual([]);
    expect(unreadCount(store)).toBe(4);
  });

  it('turns pruned ids into floors: the newest stored key, and the ids kept as exclusions', () => {
    const after = applied(formatOne());
    expect(Object.keys(after).filter((key) => key.startsWith('mentionPruned:'))).toEqual([]);
    // The garbled date cannot set the floor (its addedAt is when it was first seen).
    expect(after['mentionFloor:12']).toEqual({
      key: { addedAt: at('2025-06-15 11:58:00'), id: 1010 },
      excluded: [990, 991, 1009, 1012],
    });
    expect(after['mentionFloor:56']).toEqual({ key: null, excluded: [9, 10] });
    // Nothing was ever pruned from project 34: no floor.
    expect(after['mentionFloor:34']).toBeUndefined();
  });

  it('is idempotent, and a store read before the migration is the store after it', () => {
    const once = applied(formatOne());
    expect(migrateMentionStorage(once)).toEqual({ set: {}, remove: [] });
    expect(needsMigration(once)).toBe(false);
    expect(storeOfShards(formatOne())).toEqual(storeOfShards(once));
  });

  it('after a migration stopped between its set and its remove, only adds the ids', () => {
    const stopped = { ...formatOne(), ...migrateMentionStorage(formatOne()).set };
    stopped['mentionPruned:12'] = [5];
    const after = applied(stopped);
    expect(after['mentionFloor:12']).toEqual({
      key: { addedAt: at('2025-06-15 11:58:00'), id: 1010 },
      excluded: [5, 990, 991, 1009, 1012],
    });
  });

  it('leaves a format newer than it knows alone, and an empty storage too', () => {
    const newer = { mentionMeta: { version: STORE_FORMAT_VERSION + 1, syncedProjects: [] } };
    expect(migrateMentionStorage(newer)).toEqual({ set: {}, remove: [] });
    expect(migrateMentionStorage({ settings: {} })).toEqual({ set: {}, remove: [] });
  });

  it('afterwards: no pruned id comes back, nothing older than the floor, a new one still counts', () => {
    let store = storeOfShards(applied(formatOne()));
    store = markRead(
      store,
      store.byProject[12].map((m) => ({ projectId: 12, id: m.id })),
    );
    const old = (id: number, date: string) => mention({ id, project_id: 12, date_added: date });
    const reply = [
      old(990, '2025-06-01 00:00:00'),
      old(1009, '2025-06-15 11:59:00'), // pruned, and newer than the floor: excluded
      old(1012, '2025-06-15 11:59:30'),
      old(1002, '2025-06-12 00:00:00'), // never stored, older than the floor
      old(1011, '0000-00-00 00:00:00'), // stored: updated in place, stays read
      old(1013, '2025-06-15 11:59:59'), // new
    ];
    const merged = mergeMentions(store, 12, reply, NOW);
    expect(merged.added.map((m) => [m.id, m.read])).toEqual([[1013, false]]);
    expect(merged.refused).toBe(0);
    // The migrated floor did not know the project's ids: this merge sets them.
    expect(merged.store.floors[12]?.seenId).toBe(1013);
    expect(unreadCount(merged.store)).toBe(unreadCount(store) + 1);
  });
});

describe('migrateStoredMentions', () => {
  it('writes the migration with one set and one remove, then nothing', async () => {
    await fakeBrowser.storage.local.set(formatOne());
    const set = vi.spyOn(fakeBrowser.storage.local, 'set');
    const remove = vi.spyOn(fakeBrowser.storage.local, 'remove');
    expect(await migrateStoredMentions(FIRST_ACCOUNT)).toBe(true);
    expect(set).toHaveBeenCalledTimes(1);
    expect(remove).toHaveBeenCalledTimes(1);
    expect(await fakeBrowser.storage.local.get(null)).toEqual(applied(formatOne()));
    expect(await migrateStoredMentions(FIRST_ACCOUNT)).toBe(false);
    expect(set).toHaveBeenCalledTimes(1);
  });

  it('runs before the first write to a store of format 1, so the write lands on format 2', async () => {
    await fakeBrowser.storage.local.set(formatOne());
    const before = await readMentionStore(FIRST_ACCOUNT);
    const next = markRead(before, [{ projectId: 34, id: 8 }]);
    await writeMentionStore(FIRST_ACCOUNT, next, before);
    const all = await fakeBrowser.storage.local.get(null);
    expect(all['mentionPruned:12']).toBeUndefined();
    expect(all.mentionMeta).toMatchObject({ version: STORE_FORMAT_VERSION });
    expect(await readMentionStore(FIRST_ACCOUNT)).toEqual(next);
  });
});
