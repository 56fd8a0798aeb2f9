// mergeMentions under the per-project and total caps: pruning, the floor, and what it admits.

import { describe, expect, it } from 'vitest';
import { mergeMentions } from '@/lib/mentions/merge';
import { markRead } from '@/lib/mentions/read-state';
import { emptyMentionStore } from '@/lib/mentions/store';
import {
  DAY_MS,
  NOW,
  daysAgo,
  mention,
  serviceDate,
  unreadCount,
} from '../support/mention-factory';

describe('mergeMentions: caps', () => {
  const limits = { perProject: 3, total: 5 };

  it('holds the per-project cap, pruning the oldest, read or not', () => {
    let store = mergeMentions(
      emptyMentionStore(),
      1,
      [1, 2, 3].map((id) => mention({ id, date_added: daysAgo(id) })),
      NOW,
      { limits },
    ).store;
    store = markRead(store, [{ projectId: 1, id: 1 }]); // the newest, read: it stays
    const { store: next, added } = mergeMentions(
      store,
      1,
      [mention({ id: 4, date_added: daysAgo(0.5) })],
      NOW,
      { limits },
    );
    expect(next.byProject[1].map((m) => [m.id, m.read])).toEqual([
      [4, false],
      [1, true],
      [2, false],
    ]);
    expect(added.map((m) => m.id)).toEqual([4]);
    // The oldest went (unread): the floor sits on it, below everything kept.
    expect(next.floors[1]).toEqual({
      key: { addedAt: NOW.getTime() - 3 * DAY_MS, id: 3 },
      seenId: 4,
    });
  });

  it('at its cap with the newest read, admits new mentions dated between the read and the oldest kept', () => {
    const HOUR = 3_600_000;
    const hoursAgo = (hours: number) => serviceDate(NOW.getTime() - hours * HOUR);
    const wide = { perProject: 20, total: 100 };
    // A reply of 30 (1 to 30 hours old): the 20 newest are kept, the floor sits at the 21st.
    const reply = Array.from({ length: 30 }, (_, i) =>
      mention({ id: i + 1, date_added: hoursAgo(i + 1) }),
    );
    let store = mergeMentions(emptyMentionStore(), 1, reply, NOW, { limits: wide }).store;
    expect(store.floors[1]).toEqual({
      key: { addedAt: NOW.getTime() - 21 * HOUR, id: 21 },
      seenId: 30,
    });
    // The user read the newest 10 (1 to 10 hours old); 11 to 20 are unread.
    store = markRead(
      store,
      Array.from({ length: 10 }, (_, i) => ({ projectId: 1, id: i + 1 })),
    );
    expect(unreadCount(store)).toBe(10);
    // New mentions: one fresh, then two the service dated between the newest read mention and
    // the oldest kept (the service adds mentions late). Each displaces the oldest, and is counted.
    let served = reply;
    for (const [id, hours] of [
      [100, 0],
      [101, 12],
      [102, 15.5],
    ]) {
      served = [...served, mention({ id, date_added: hoursAgo(hours) })];
      const before = store;
      const result = mergeMentions(store, 1, served, NOW, { limits: wide });
      store = result.store;
      expect(result.added.map((m) => [m.id, m.read])).toEqual([[id, false]]);
      expect(store.byProject[1]).toHaveLength(20);
      // In: the new one, unread. Out: the oldest kept, unread too: the count stays.
      const oldest = before.byProject[1].at(-1)!;
      expect(oldest.read).toBe(false);
      expect(store.byProject[1].some((m) => m.id === oldest.id)).toBe(false);
      expect(unreadCount(store)).toBe(10);
      // Every kept mention sits above the floor, the read ones untouched.
      expect(store.floors[1]?.key).toEqual({ addedAt: oldest.addedAt, id: oldest.id });
      for (let read = 1; read <= 10; read += 1) {
        expect(store.byProject[1].find((m) => m.id === read)?.read).toBe(true);
      }
    }
    // And none of them comes back once dropped.
    expect(mergeMentions(store, 1, served, NOW, { limits: wide })).toMatchObject({
      changed: false,
      added: [],
    });
  });

  it('does not bring a pruned mention back when the service returns it again', () => {
    const fetched = [1, 2, 3, 4].map((id) => mention({ id, date_added: daysAgo(id) }));
    const first = mergeMentions(emptyMentionStore(), 1, fetched, NOW, { limits });
    expect(first.store.byProject[1].map((m) => m.id)).toEqual([1, 2, 3]);
    const again = mergeMentions(first.store, 1, fetched, NOW, { limits });
    expect(again.changed).toBe(false);
    expect(again.store).toBe(first.store);
    expect(again.refused).toBe(0);
  });

  it('a new arrival the caps drop at once raises the floor, once; the next poll changes nothing', () => {
    const full = mergeMentions(
      emptyMentionStore(),
      1,
      [1, 2, 3].map((id) => mention({ id, date_added: daysAgo(id) })),
      NOW,
      { limits },
    ).store;
    const late = [mention({ id: 9, date_added: daysAgo(50) })];
    const result = mergeMentions(full, 1, late, NOW, { limits });
    expect(result.changed).toBe(true);
    expect(result.added).toEqual([]);
    expect(result.store.byProject[1]).toEqual(full.byProject[1]);
    expect(result.store.floors[1]).toEqual({
      key: { addedAt: NOW.getTime() - 50 * DAY_MS, id: 9 },
      seenId: 9,
    });
    const again = mergeMentions(result.store, 1, late, NOW, { limits });
    expect(again).toMatchObject({ changed: false, added: [], refused: 0 });
    expect(again.store).toBe(result.store);
  });

  it('admits a genuinely new mention above the floor, unread, however old the rest', () => {
    const fetched = [1, 2, 3, 4, 5].map((id) => mention({ id, date_added: daysAgo(10 - id) }));
    const first = mergeMentions(emptyMentionStore(), 1, fetched, NOW, { limits, firstSync: false });
    const read = markRead(
      first.store,
      [3, 4, 5].map((id) => ({ projectId: 1, id })),
    );
    const fresh = mention({ id: 6, date_added: daysAgo(0) });
    const next = mergeMentions(read, 1, [...fetched, fresh], NOW, { limits });
    expect(next.added.map((m) => [m.id, m.read])).toEqual([[6, false]]);
    expect(unreadCount(next.store)).toBe(1);
    expect(next.refused).toBe(0);
  });

  it('once a project has a floor, admits a mention of unreadable date only with an id it has not seen (it may be a dropped one)', () => {
    const garbled = (id: number) => mention({ id, date_added: 'garbage' });
    const fetched = [1, 2, 3].map((id) => mention({ id, date_added: daysAgo(id) }));
    const first = mergeMentions(emptyMentionStore(), 1, [...fetched, garbled(4)], NOW, {
      limits: { perProject: 3, total: 5 },
    });
    // The unreadable one is "seen now": newest, kept. The oldest went: the project has a floor.
    expect(first.store.byProject[1].map((m) => m.id)).toEqual([4, 1, 2]);
    expect(first.undated).toBe(1);
    // 3 was dropped: sent again with a date that cannot be read, it stays out (its id was seen);
    // 5 is an id never seen: new, stored with the time it was first seen, and counted.
    const next = mergeMentions(first.store, 1, [garbled(3), garbled(4), garbled(5)], NOW, {
      limits,
    });
    expect(next).toMatchObject({ changed: true, refused: 0, undated: 1 });
    expect(next.added.map((m) => [m.id, m.addedAt, m.read])).toEqual([[5, NOW.getTime(), false]]);
    expect(next.store.byProject[1].map((m) => m.id)).not.toContain(3);
    // Without a floor it is admitted too.
    const fresh = mergeMentions(emptyMentionStore(), 1, [garbled(5)], NOW, { limits });
    expect(fresh.added.map((m) => m.id)).toEqual([5]);
  });

  it('never admits an excluded id (the pruned ids of the format before floors)', () => {
    const store = { ...emptyMentionStore(), floors: { 1: { key: null, excluded: [7] } } };
    const next = mergeMentions(store, 1, [mention({ id: 7 }), mention({ id: 8 })], NOW);
    expect(next.added.map((m) => m.id)).toEqual([8]);
    expect(next.refused).toBe(0);
  });

  it('builds only what the caps can keep from a reply far larger than them', () => {
    const reply = Array.from({ length: 30_000 }, (_, i) =>
      mention({ id: i + 1, date_added: serviceDate(NOW.getTime() - (30_000 - i) * 60_000) }),
    );
    const big = { perProject: 500, total: 5_000 };
    const first = mergeMentions(emptyMentionStore(), 1, reply, NOW, { limits: big });
    expect(first.store.byProject[1].map((m) => m.id)).toEqual(
      Array.from({ length: 500 }, (_, i) => 30_000 - i),
    );
    expect(first.store.floors[1]?.key?.id).toBe(29_500);
    const again = mergeMentions(first.store, 1, reply, NOW, { limits: big });
    expect(again).toMatchObject({ changed: false, refused: 0, added: [] });
  });

  it('holds the total cap across projects, pruning the oldest anywhere', () => {
    let store = mergeMentions(
      emptyMentionStore(),
      1,
      [1, 2, 3].map((id) => mention({ id, date_added: daysAgo(id) })),
      NOW,
      { limits },
    ).store;
    store = mergeMentions(
      store,
      2,
      [1, 2, 3].map((id) => mention({ id, project_id: 2, date_added: daysAgo(id + 10) })),
      NOW,
      { limits },
    ).store;
    const total = Object.values(store.byProject).flat().length;
    expect(total).toBe(5);
    expect(store.byProject[1].map((m) => m.id)).toEqual([1, 2, 3]);
    expect(store.byProject[2].map((m) => m.id)).toEqual([1, 2]);
  });
});
