// The split store layout (lib/mentions/shards.ts): what is written reads back as the same store,
// and a write between two stores touches only what changed.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { markAllRead, markRead } from '@/lib/mentions/read-state';
import { isStoreKey, recordKey } from '@/lib/mentions/store-format';
import { shardWrites, storeOfShards } from '@/lib/mentions/shards';
import { emptyMentionStore, type MentionStore, removeProject } from '@/lib/mentions/store';
import { NOW, shardsOf, stored, storeOf } from '../support/mention-factory';

const arbStore: fc.Arbitrary<MentionStore> = fc
  .record({
    rows: fc.uniqueArray(
      fc.record({
        id: fc.integer({ min: 1, max: 5_000 }),
        project: fc.integer({ min: 1, max: 4 }),
        read: fc.boolean(),
        age: fc.nat(10_000),
      }),
      { selector: (r) => `${r.project}:${r.id}`, maxLength: 60 },
    ),
    floors: fc.dictionary(
      fc.constantFrom('1', '2', '3', '4', '7'),
      fc.record(
        {
          key: fc.option(fc.record({ addedAt: fc.nat(), id: fc.integer({ min: 1, max: 9_999 }) }), {
            nil: null,
          }),
          zonedKey: fc.record({ addedAt: fc.nat(), id: fc.integer({ min: 1, max: 9_999 }) }),
          excluded: fc
            .uniqueArray(fc.integer({ min: 5_001, max: 9_999 }), { minLength: 1, maxLength: 5 })
            .map((ids) => ids.sort((a, b) => a - b)),
          seenId: fc.integer({ min: 1, max: 9_999 }),
          idsUnordered: fc.constant(true as const),
        },
        { requiredKeys: ['key'] },
      ),
    ),
    emptySynced: fc.subarray([5, 6]),
    utcOffsetMinutes: fc.constantFrom(0, -300, 540, 345),
  })
  .map(({ rows, floors, emptySynced, utcOffsetMinutes }) => {
    const store = storeOf(
      ...rows.map((r) =>
        stored({
          id: r.id,
          project_id: r.project,
          read: r.read,
          addedAt: NOW.getTime() - r.age * 60_000,
        }),
      ),
    );
    for (const id of emptySynced) {
      store.byProject[id] = [];
      store.syncedProjects.push(id);
    }
    // A floor that found its ids unordered no longer keeps seenId.
    store.floors = Object.fromEntries(
      Object.entries(floors).map(([k, { seenId, ...v }]) => [
        Number(k),
        v.idsUnordered || seenId === undefined ? v : { ...v, seenId },
      ]),
    );
    store.utcOffsetMinutes = utcOffsetMinutes;
    return store;
  });

/** Storage after applying writes, as storage.local would hold it (JSON round trip included). */
function applied(entries: Record<string, unknown>, writes: ReturnType<typeof shardWrites>) {
  const next = { ...entries, ...(JSON.parse(JSON.stringify(writes.set)) as object) };
  for (const key of writes.remove) delete (next as Record<string, unknown>)[key];
  return next;
}

describe('the split layout', () => {
  it('reads back exactly the store that was written', () => {
    fc.assert(
      fc.property(arbStore, (store) => {
        const entries = JSON.parse(JSON.stringify(shardsOf(store))) as Record<string, unknown>;
        expect(storeOfShards(entries)).toEqual(store);
      }),
    );
  });

  it('writing the difference between two stores leaves storage holding the second', () => {
    fc.assert(
      fc.property(arbStore, arbStore, (before, after) => {
        const entries = shardsOf(before);
        const next = applied(entries, shardWrites(before, after));
        expect(storeOfShards(next)).toEqual(after);
        expect(Object.keys(next).every(isStoreKey)).toBe(true);
      }),
    );
  });

  it('a read-state change rewrites no record; removing a project only removes', () => {
    const records = (keys: string[]) => keys.filter((k) => k.startsWith('mention:'));
    fc.assert(
      fc.property(arbStore, fc.integer({ min: 1, max: 4 }), (before, project) => {
        for (const after of [markAllRead(before), markAllRead(before, { projectIds: [project] })]) {
          const writes = shardWrites(before, after);
          expect(storeOfShards(applied(shardsOf(before), writes))).toEqual(after);
          expect(records(Object.keys(writes.set))).toEqual([]);
          expect(writes.remove).toEqual([]);
        }
        const removed = removeProject(before, project);
        const writes = shardWrites(before, removed);
        expect(storeOfShards(applied(shardsOf(before), writes))).toEqual(removed);
        const wasSynced = before.syncedProjects.includes(project);
        expect(Object.keys(writes.set)).toEqual(wasSynced ? ['mentionMeta'] : []);
        expect(records(writes.remove)).toHaveLength(before.byProject[project]?.length ?? 0);
      }),
    );
  });
});

describe('what a write costs', () => {
  function bigStore(count: number): MentionStore {
    return storeOf(
      ...Array.from({ length: count }, (_, i) =>
        stored({ id: i + 1, project_id: 1 + (i % 10), addedAt: NOW.getTime() - i * 60_000 }),
      ),
    );
  }

  it('ten new mentions write ten records, whatever the store holds', () => {
    for (const count of [0, 100, 4_990]) {
      const before = bigStore(count);
      const fresh = Array.from({ length: 10 }, (_, i) =>
        stored({ id: 100_000 + i, project_id: 3, addedAt: NOW.getTime() }),
      );
      const after = {
        ...before,
        byProject: { ...before.byProject, 3: [...fresh, ...(before.byProject[3] ?? [])] },
      };
      if (!after.syncedProjects.includes(3)) after.syncedProjects = [...after.syncedProjects, 3];
      const writes = shardWrites(before, after);
      // The meta item only when the project is new to the store.
      const firstOfProject = !before.syncedProjects.includes(3);
      expect(Object.keys(writes.set).sort()).toEqual(
        [
          ...fresh.map((m) => recordKey(3, m.id)),
          ...(firstOfProject ? ['mentionMeta'] : []),
        ].sort(),
      );
      expect(writes.remove).toEqual([]);
    }
  });

  it('marking one read writes its project’s read ids, not the record', () => {
    const before = bigStore(1_000);
    const target = before.byProject[4][7];
    const writes = shardWrites(before, markRead(before, [{ projectId: 4, id: target.id }]));
    expect(Object.keys(writes.set)).toEqual(['mentionRead:4']);
    expect(writes.set['mentionRead:4']).toEqual([target.id]);
  });

  it('marking 5,000 read writes one list of ids per project', () => {
    const before = bigStore(5_000);
    const writes = shardWrites(before, markAllRead(before));
    expect(Object.keys(writes.set)).toHaveLength(10);
    expect(JSON.stringify(writes.set).length).toBeLessThan(40_000);
  });
});

describe('reading storage as input', () => {
  it('keeps every whole record and leaves out damaged ones, mismatched keys and other keys', () => {
    const store = storeOf(stored({ id: 1 }), stored({ id: 2 }), stored({ id: 3, project_id: 2 }));
    const entries = {
      ...shardsOf(store),
      'mention:1:2': { id: 'two' },
      'mention:1:9': shardsOf(store)['mention:2:3'],
      'mention:oops': {},
      'mentionRead:1': [1, 'x', null],
      settings: { serviceUrl: 'https://example.com' },
    };
    const read = storeOfShards(entries);
    expect(read.byProject[1].map((m) => [m.id, m.read])).toEqual([[1, true]]);
    expect(read.byProject[2].map((m) => m.id)).toEqual([3]);
    expect(storeOfShards({ mentionMeta: 'damaged' })).toEqual(emptyMentionStore());
    expect(
      storeOfShards({
        mentionMeta: { version: 2, syncedProjects: [1, 'x', 1], utcOffsetMinutes: 9e9 },
      }),
    ).toEqual({ ...emptyMentionStore(), byProject: { 1: [] }, syncedProjects: [1] });
  });

  it('rebuilds a damaged floor from what the project stores, never leaving it out', () => {
    const store = storeOf(stored({ id: 1, addedAt: 1_000 }), stored({ id: 2, addedAt: 2_000 }));
    const entries = { ...shardsOf(store), 'mentionFloor:1': { key: 'junk' } };
    const newest = store.byProject[1][0];
    expect(storeOfShards(entries).floors[1]).toEqual({
      key: { addedAt: Date.parse(`${newest.date_added.replace(' ', 'T')}Z`), id: newest.id },
    });
  });
});
