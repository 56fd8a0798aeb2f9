import { describe, expect, it } from 'vitest';
import {
  accountShare,
  DEFAULT_LIMITS,
  enforceCaps,
  pruneForQuota,
  RECORD_BYTES_BUDGET,
} from '@/lib/mentions/caps';
import { recordCost } from '../support/limits';
import { aboveDateFloor } from '../support/floor-checks';
import { emptyMentionStore, mentionCount } from '@/lib/mentions/store';
import { NOW, deepFreeze, serviceDate, stored, storeOf } from '../support/mention-factory';

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

  it('within a project prunes the oldest by date added, then by id, read or not', () => {
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
    // 5 > 3: the two oldest go (the read one is the newest and stays).
    expect(capped.byProject[1].map((m) => m.id)).toEqual([2, 5, 4]);
    // The floor is the newest of what went, just below the oldest kept: the same date, the
    // higher id of the two. It starts knowing the highest id the project held: ids above it are new.
    expect(capped.floors[1]).toEqual({ key: { addedAt: 10_000, id: 3 }, seenId: 5 });
    // Among equal dates the lower id goes first.
    const one = enforceCaps(store, { ...limits, perProject: 4 });
    expect(one.byProject[1].map((m) => m.id)).toEqual([2, 5, 4, 3]);
    expect(one.floors[1]).toEqual({ key: { addedAt: 10_000, id: 1 }, seenId: 5 });
  });

  it('leaves the floor below every kept mention, so anything newer than them comes in', () => {
    // Unread old ones under read new ones: "read first" would have dropped the read ones and set
    // the floor above the unread it kept.
    const store = storeOf(
      ...[1, 2, 3].map((id) => at(id, id * 10_000)),
      ...[4, 5, 6].map((id) => at(id, id * 10_000, { read: true })),
    );
    const capped = enforceCaps(store, limits);
    expect(capped.byProject[1].map((m) => m.id)).toEqual([6, 5, 4]);
    const floor = capped.floors[1];
    expect(floor).toEqual({ key: { addedAt: 30_000, id: 3 }, seenId: 6 });
    for (const m of capped.byProject[1]) {
      expect(aboveDateFloor(floor, m.id, m.addedAt)).toBe(true);
    }
    // A mention dated between the oldest kept and the newest read one is not refused.
    expect(aboveDateFloor(floor, 9, 45_000)).toBe(true);
  });

  it('applies the total cap after the per-project one, the oldest end across projects', () => {
    const store = storeOf(
      at(1, 100_000, { project_id: 1 }),
      at(2, 90_000, { project_id: 1 }),
      at(3, 95_000, { project_id: 2, read: true }),
      at(1, 80_000, { project_id: 2 }),
      at(2, 70_000, { project_id: 2 }),
      at(4, 60_000, { project_id: 2 }),
    );
    const capped = enforceCaps(store, limits);
    // Per project: project 2 loses its oldest (4). In all, 5 > 4: of the two projects' oldest
    // ends (1:2 at 90,000 and 2:2 at 70,000, both unread) the older goes.
    expect(mentionCount(capped)).toBe(4);
    expect(capped.byProject[1].map((m) => m.id)).toEqual([1, 2]);
    expect(capped.byProject[2].map((m) => m.id)).toEqual([3, 1]);
    expect(capped.floors).toEqual({ 2: { key: { addedAt: 70_000, id: 2 }, seenId: 4 } });
  });

  it('the total cap takes a read end of one project before an unread end of another', () => {
    const store = storeOf(
      at(1, 100_000, { project_id: 1 }),
      at(2, 10_000, { project_id: 1 }),
      at(1, 90_000, { project_id: 2 }),
      at(2, 50_000, { project_id: 2, read: true }),
    );
    const capped = enforceCaps(store, { perProject: 9, total: 3 });
    // Project 1's end is older, but unread: project 2's read end goes.
    expect(capped.byProject[1].map((m) => m.id)).toEqual([1, 2]);
    expect(capped.byProject[2].map((m) => m.id)).toEqual([1]);
    expect(capped.floors).toEqual({ 2: { key: { addedAt: 50_000, id: 2 }, seenId: 2 } });
    // Only a project's end is a candidate: a read mention above an unread end stays.
    const inner = storeOf(
      at(1, 100_000, { project_id: 1, read: true }),
      at(2, 10_000, { project_id: 1 }),
      at(1, 90_000, { project_id: 2 }),
    );
    const next = enforceCaps(inner, { perProject: 9, total: 2 });
    expect(next.byProject[1].map((m) => m.id)).toEqual([1]);
    expect(next.floors).toEqual({ 1: { key: { addedAt: 10_000, id: 2 }, seenId: 2 } });
  });

  it('never lowers a floor, and a date it cannot read does not raise it: its id is excluded', () => {
    const high = { key: { addedAt: 900_000, id: 7 } };
    const store = { ...storeOf(at(1, 10_000), at(2, 20_000)), floors: { 1: high } };
    expect(enforceCaps(store, { ...limits, perProject: 1 }).floors[1]).toBe(high);

    const garbled = storeOf(stored({ id: 1, date_added: 'garbage', addedAt: NOW.getTime() }));
    expect(enforceCaps(garbled, { ...limits, perProject: 0 }).floors[1]).toEqual({
      key: null,
      excluded: [1],
      seenId: 1,
    });
  });

  it('keeps a zoned date’s key apart: it does not move with the service offset', () => {
    const store = storeOf(stored({ id: 1, date_added: '1970-01-01 00:00:10Z', addedAt: 10_000 }));
    expect(enforceCaps(store, { ...limits, perProject: 0 }).floors[1]).toEqual({
      key: null,
      zonedKey: { addedAt: 10_000, id: 1 },
      seenId: 1,
    });
  });

  it('keeps the order of the survivors (newest first)', () => {
    const store = storeOf(at(4, 40_000), at(3, 30_000), at(2, 20_000), at(1, 10_000));
    expect(enforceCaps(store, limits).byProject[1].map((m) => m.id)).toEqual([4, 3, 2]);
  });

  it('holds the byte budget from the projects’ oldest ends, read ends first', () => {
    const mentions = [
      at(1, 10_000, { project_id: 1 }),
      at(2, 20_000, { project_id: 1 }),
      at(1, 30_000, { project_id: 2, read: true }),
      at(2, 40_000, { project_id: 2 }),
    ];
    const store = deepFreeze(storeOf(...mentions));
    const all = mentions.reduce((n, m) => n + recordCost(m), 0);
    expect(enforceCaps(store, { perProject: 9, total: 9, totalBytes: all })).toBe(store);
    // One byte short: project 2's read end goes, though project 1's unread end is older.
    const capped = enforceCaps(store, { perProject: 9, total: 9, totalBytes: all - 1 });
    expect(capped.byProject[1].map((m) => m.id)).toEqual([2, 1]);
    expect(capped.byProject[2].map((m) => m.id)).toEqual([2]);
    expect(capped.floors).toEqual({ 2: { key: { addedAt: 30_000, id: 1 }, seenId: 2 } });
    // Room for one: then the unread ends, oldest first (1:1, then 1:2).
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
    expect(tight.floors).toEqual({
      1: { key: { addedAt: 20_000, id: 2 }, seenId: 2 },
      2: { key: { addedAt: 30_000, id: 1 }, seenId: 2 },
    });
  });
});

describe('pruneForQuota', () => {
  const store = deepFreeze(
    storeOf(at(1, 10_000), at(2, 20_000), at(3, 30_000, { read: true }), at(4, 40_000)),
  );

  it.each([
    [0.5, [4, 3]],
    [0.25, [4, 3, 2]],
    [1, []],
    [0, [4, 3, 2]],
    [NaN, [4, 3]],
    [7, []],
  ])(
    'frees fraction %d (at least one), a project’s oldest first, read or not',
    (fraction, kept) => {
      const pruned = pruneForQuota(store, fraction);
      expect(pruned.byProject[1].map((m) => m.id)).toEqual(kept);
    },
  );

  it('raises the floor over what it pruned, just below what it kept', () => {
    expect(pruneForQuota(store, 0.5).floors[1]).toEqual({
      key: { addedAt: 20_000, id: 2 },
      seenId: 4,
    });
  });

  it('across projects takes read ends before unread ones, then the oldest', () => {
    const two = deepFreeze(
      storeOf(
        at(1, 10_000, { project_id: 1 }),
        at(2, 20_000, { project_id: 1 }),
        at(1, 50_000, { project_id: 2, read: true }),
        at(2, 60_000, { project_id: 2, read: true }),
      ),
    );
    const pruned = pruneForQuota(two, 0.5);
    expect(pruned.byProject[1].map((m) => m.id)).toEqual([2, 1]);
    expect(pruned.byProject[2]).toEqual([]);
    expect(pruned.floors).toEqual({ 2: { key: { addedAt: 60_000, id: 2 }, seenId: 2 } });
    const more = pruneForQuota(two, 0.75);
    expect(more.byProject[1].map((m) => m.id)).toEqual([2]);
    expect(more.floors[1]).toEqual({ key: { addedAt: 10_000, id: 1 }, seenId: 2 });
  });

  it('with no mentions left to free returns the same store, floors kept', () => {
    const bare = { ...emptyMentionStore(), floors: { 1: { key: { addedAt: 5, id: 1 } } } };
    expect(pruneForQuota(bare, 0.5)).toBe(bare);
  });
});

describe('an account’s share of the caps', () => {
  it('is the whole caps for one account, and a fair part of them for several', () => {
    expect(accountShare(1)).toBe(DEFAULT_LIMITS);
    expect(accountShare(0)).toBe(DEFAULT_LIMITS);
    const three = accountShare(3);
    expect(three.total).toBe(1_666);
    expect(three.perProject).toBe(DEFAULT_LIMITS.perProject);
    expect(three.totalBytes).toBe(Math.floor(RECORD_BYTES_BUDGET / 3));
    const twenty = accountShare(20);
    expect(twenty.total).toBe(250);
    expect(twenty.perProject).toBe(250);
    for (const n of [2, 5, 10, 20]) {
      const share = accountShare(n);
      expect(share.total * n).toBeLessThanOrEqual(DEFAULT_LIMITS.total);
      expect((share.totalBytes ?? 0) * n).toBeLessThanOrEqual(RECORD_BYTES_BUDGET);
    }
  });
});
