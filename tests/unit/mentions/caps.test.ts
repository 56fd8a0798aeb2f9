import { describe, expect, it } from 'vitest';
import { enforceCaps, pruneForQuota } from '@/lib/mentions/caps';
import { recordCost } from '@/lib/mentions/record-bytes';
import { mentionCount } from '@/lib/mentions/selectors';
import { emptyMentionStore } from '@/lib/mentions/store';
import { NOW, deepFreeze, serviceDate, stored, storeOf } from './mention-factory';

const limits = { perProject: 3, total: 4 };

/** A stored mention whose date reads as `addedAt` (as the merge makes them). */
function at(id: number, addedAt: number, extra: Parameters<typeof stored>[0] | object = {}) {
  return stored({ id, addedAt, date_added: serviceDate(addedAt), ...extra });
}

describe('enforceCaps', () => {
  it('returns the same store when within the caps', () => {
    const store = deepFreeze(storeOf(stored({ id: 1 }), stored({ id: 2 })));
    expect(enforceCaps(store, limits)).toBe(store);
  });

  it('prunes read before unread, then oldest by date added, then by id', () => {
    const store = deepFreeze(
      storeOf(
        at(1, 10_000),
        at(2, 50_000, { read: true }),
        at(3, 10_000),
        at(4, 20_000),
        at(5, 40_000),
      ),
    );
    const capped = enforceCaps(store, limits);
    // 5 > 3: the read one goes first, then the oldest unread; among equals the lower id.
    expect(capped.byProject[1].map((m) => m.id)).toEqual([5, 4, 3]);
    // The floor is the newest of what went: the read one, newer than some it kept.
    expect(capped.floors[1]).toEqual({ key: { addedAt: 50_000, id: 2 } });
  });

  it('applies the total cap after the per-project one, oldest across projects', () => {
    const store = storeOf(
      at(1, 100_000, { project_id: 1 }),
      at(2, 90_000, { project_id: 1 }),
      at(1, 80_000, { project_id: 2 }),
      at(2, 70_000, { project_id: 2 }),
      at(3, 95_000, { project_id: 2, read: true }),
    );
    const capped = enforceCaps(store, limits);
    expect(mentionCount(capped)).toBe(4);
    expect(capped.byProject[2].map((m) => m.id)).toEqual([1, 2]);
    expect(capped.floors).toEqual({ 2: { key: { addedAt: 95_000, id: 3 } } });
  });

  it('never lowers a floor, and a date it cannot read only makes the floor exist', () => {
    const high = { key: { addedAt: 900_000, id: 7 } };
    const store = { ...storeOf(at(1, 10_000), at(2, 20_000)), floors: { 1: high } };
    expect(enforceCaps(store, { ...limits, perProject: 1 }).floors[1]).toBe(high);

    const garbled = storeOf(stored({ id: 1, date_added: 'garbage', addedAt: NOW.getTime() }));
    expect(enforceCaps(garbled, { ...limits, perProject: 0 }).floors[1]).toEqual({ key: null });
  });

  it('keeps a zoned date’s key apart: it does not move with the service offset', () => {
    const store = storeOf(stored({ id: 1, date_added: '1970-01-01 00:00:10Z', addedAt: 10_000 }));
    expect(enforceCaps(store, { ...limits, perProject: 0 }).floors[1]).toEqual({
      key: null,
      zonedKey: { addedAt: 10_000, id: 1 },
    });
  });

  it('keeps the order of the survivors (newest first)', () => {
    const store = storeOf(at(4, 40_000), at(3, 30_000), at(2, 20_000), at(1, 10_000));
    expect(enforceCaps(store, limits).byProject[1].map((m) => m.id)).toEqual([4, 3, 2]);
  });

  it('holds the byte budget, read and oldest first, across projects', () => {
    const mentions = [
      at(1, 10_000, { project_id: 1 }),
      at(2, 20_000, { project_id: 1, read: true }),
      at(1, 30_000, { project_id: 2 }),
      at(2, 40_000, { project_id: 2 }),
    ];
    const store = deepFreeze(storeOf(...mentions));
    const all = mentions.reduce((n, m) => n + recordCost(m), 0);
    expect(enforceCaps(store, { perProject: 9, total: 9, totalBytes: all })).toBe(store);
    // One byte short: the read one goes, though newer than another.
    const capped = enforceCaps(store, { perProject: 9, total: 9, totalBytes: all - 1 });
    expect(capped.byProject[1].map((m) => m.id)).toEqual([1]);
    expect(capped.floors[1]).toEqual({ key: { addedAt: 20_000, id: 2 } });
    const tight = enforceCaps(store, {
      perProject: 9,
      total: 9,
      totalBytes: recordCost(mentions[3]),
    });
    expect(
      Object.values(tight.byProject)
        .flat()
        .map((m) => [m.project_id, m.id]),
    ).toEqual([[2, 2]]);
  });
});

describe('pruneForQuota', () => {
  const store = deepFreeze(
    storeOf(at(1, 10_000), at(2, 20_000), at(3, 30_000, { read: true }), at(4, 40_000)),
  );

  it.each([
    [0.5, [4, 2]],
    [0.25, [4, 2, 1]],
    [1, []],
    [0, [4, 2, 1]],
    [NaN, [4, 2]],
    [7, []],
  ])('frees fraction %d, read and oldest first', (fraction, kept) => {
    const pruned = pruneForQuota(store, fraction);
    expect(pruned.byProject[1].map((m) => m.id)).toEqual(kept);
  });

  it('raises the floor over what it pruned, so a re-fetch does not bring it back', () => {
    expect(pruneForQuota(store, 0.5).floors[1]).toEqual({ key: { addedAt: 30_000, id: 3 } });
  });

  it('with no mentions left to free returns the same store, floors kept', () => {
    const bare = { ...emptyMentionStore(), floors: { 1: { key: { addedAt: 5, id: 1 } } } };
    expect(pruneForQuota(bare, 0.5)).toBe(bare);
  });
});
