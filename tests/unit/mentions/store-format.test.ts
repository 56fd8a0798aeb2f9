// Reading the records storage holds: only sound records, each under the key of its own mention.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { recordOf, type StoredRecord } from '@/lib/mentions/mention-record';
import { parseStoredFloor, recordsByProject, recordKey } from '@/lib/mentions/store-format';
import { stored } from '../support/mention-factory';

const record = (projectId: number, id: number): StoredRecord =>
  recordOf(stored({ id, project_id: projectId, addedAt: id }));

describe('recordsByProject', () => {
  it('groups the sound records by project and leaves everything else', () => {
    const entries: Record<string, unknown> = {
      [recordKey(1, 1)]: record(1, 1),
      [recordKey(1, 2)]: record(1, 2),
      [recordKey(2, 7)]: record(2, 7),
      // Under another mention's key, damaged, or not a record key at all.
      [recordKey(3, 1)]: record(3, 2),
      [recordKey(4, 1)]: { ...record(4, 1), url: 5 },
      'mentionRead:1': [1],
      settings: record(5, 5),
    };
    expect(recordsByProject(entries)).toEqual(
      new Map([
        [1, [record(1, 1), record(1, 2)]],
        [2, [record(2, 7)]],
      ]),
    );
  });

  it('finds every record written under its own key, whatever else is stored', () => {
    const key = fc.record({ projectId: fc.nat(50), id: fc.nat(50) });
    fc.assert(
      fc.property(
        fc.uniqueArray(key, { selector: (k) => `${k.projectId}:${k.id}` }),
        fc.dictionary(fc.string(), fc.anything()),
        (keys, noise) => {
          const entries: Record<string, unknown> = { ...noise };
          for (const { projectId, id } of keys)
            entries[recordKey(projectId, id)] = record(projectId, id);
          const found = [...recordsByProject(entries).values()].flat();
          expect(found.map((r) => recordKey(r.project_id, r.id)).sort()).toEqual(
            keys.map((k) => recordKey(k.projectId, k.id)).sort(),
          );
        },
      ),
    );
  });
});

describe('parseStoredFloor', () => {
  const key = { addedAt: 1_000, id: 3 };

  it('reads what the floor knows of the ids back as written', () => {
    for (const floor of [
      { key, seenId: 12 },
      { key, excluded: [4, 9], idsUnordered: true as const },
      { key: null, zonedKey: key, seenId: 3 },
    ]) {
      expect(parseStoredFloor(JSON.parse(JSON.stringify(floor)))).toEqual(floor);
    }
  });

  it('reads a floor of the format before seenId as one that does not know its ids yet', () => {
    expect(parseStoredFloor({ key, excluded: [2] })).toEqual({ key, excluded: [2] });
  });

  it('reads damaged ids as unknown, keeping the keys', () => {
    for (const damage of [
      { seenId: '12' },
      { seenId: 1.5 },
      { seenId: 12, idsUnordered: 'yes' },
      { idsUnordered: false },
      { seenId: null },
    ]) {
      expect(parseStoredFloor({ key, ...damage })).toEqual({ key });
    }
    // Unordered wins over a seenId left beside it: the date floor refuses rather than trusts.
    expect(parseStoredFloor({ key, seenId: 5, idsUnordered: true })).toEqual({
      key,
      idsUnordered: true,
    });
  });
});
