// The floor refuses only what it can prove was seen (floors.ts, docs/bounded-store.md): an id above
// every id the project was sent is new whatever its date; a date that cannot be read is stored with
// the time first seen; a project whose ids do not grow falls back to the date floor, and what that
// refuses is counted.
import { describe, expect, it } from 'vitest';
import { mergeMentions } from '@/lib/mentions/merge';
import { markAllRead } from '@/lib/mentions/read-state';
import { emptyMentionStore, unreadByProject, type MentionStore } from '@/lib/mentions/store';
import type { Mention } from '@/lib/service/values';
import { NOW, mention, serviceDate } from '../support/mention-factory';

const HOUR = 3_600_000;
const hoursAgo = (hours: number) => serviceDate(NOW.getTime() - hours * HOUR);
const limits = { perProject: 5, total: 5 };

function merged(store: MentionStore, projectId: number, reply: Mention[]) {
  return mergeMentions(store, projectId, reply, NOW, { limits });
}

describe('mergeMentions: what the floor may refuse', () => {
  it('admits a mention dated under the floor of a drained project when its id is new (the repeated hour)', () => {
    // A quiet project the user keeps up with: two mentions, read.
    const quiet = [10, 11].map((id, i) => mention({ id, date_added: hoursAgo(3 - i) }));
    let store = markAllRead(merged(emptyMentionStore(), 1, quiet).store);
    // A busy one, read too, drains it: read ends go first, the oldest first.
    const busy = [100, 101, 102, 103, 104].map((id) =>
      mention({ id, project_id: 2, date_added: hoursAgo(1) }),
    );
    store = markAllRead(merged(store, 2, busy).store);
    expect(store.byProject[1]).toEqual([]);
    expect(store.floors[1]?.key?.id).toBe(11);
    // The service's clock falls back an hour: the next mention is dated under the floor.
    const repeated = mention({ id: 12, date_added: hoursAgo(2.5) });
    const result = merged(store, 1, [...quiet, repeated]);
    expect(result.added.map((m) => [m.id, m.read])).toEqual([[12, false]]);
    expect(result).toMatchObject({ refused: 0, undated: 0 });
    expect(unreadByProject(result.store)[1]).toBe(1);
    // And it is not new twice.
    expect(merged(result.store, 1, [...quiet, repeated])).toMatchObject({ changed: false });
  });

  it('keeps storing new mentions of a floored project when the service switches to epoch dates', () => {
    const history = Array.from({ length: 7 }, (_, i) =>
      mention({ id: i + 1, date_added: hoursAgo(7 - i) }),
    );
    const store = merged(emptyMentionStore(), 1, history).store;
    expect(store.floors[1]?.key?.id).toBe(2);
    const epoch = (m: Mention) => ({ ...m, date_added: String(NOW.getTime() / 1000 - m.id) });
    const reply = [...history, mention({ id: 8 }), mention({ id: 9 })].map(epoch);
    const result = merged(store, 1, reply);
    // The two new ones, with the time first seen; the dropped ones (ids 1, 2) stay out.
    expect(result.added.map((m) => [m.id, m.addedAt, m.read])).toEqual([
      [9, NOW.getTime(), false],
      [8, NOW.getTime(), false],
    ]);
    expect(result).toMatchObject({ refused: 0, undated: 2 });
    expect(result.store.byProject[1].map((m) => m.id)).not.toContain(1);
    expect(merged(result.store, 1, reply)).toMatchObject({ changed: false, undated: 0 });
  });

  it('falls back to the date floor for good in a project whose ids do not grow, and counts what it refuses', () => {
    const history = [50, 51, 52, 53, 54, 55].map((id, i) =>
      mention({ id, date_added: hoursAgo(10 - i) }),
    );
    const store = merged(emptyMentionStore(), 1, history).store;
    expect(store.floors[1]).toMatchObject({ key: { id: 50 }, seenId: 55 });
    // Id 30 was never sent, yet it is lower than ids the project has: its ids do not grow.
    const lower = mention({ id: 30, date_added: hoursAgo(1) });
    const first = merged(store, 1, [...history, lower]);
    expect(first.added.map((m) => m.id)).toEqual([30]);
    expect(first.store.floors[1]).toMatchObject({ idsUnordered: true });
    expect(first.store.floors[1]?.seenId).toBeUndefined();
    // From now on the date floor decides: an id never seen, dated under the floor, is refused,
    // and counted, as is the dropped history the reply holds.
    const under = mention({ id: 99, date_added: hoursAgo(12) });
    const next = merged(first.store, 1, [...history, lower, under]);
    expect(next.added).toEqual([]);
    expect(next.refused).toBe(3);
    // Above the floor, a new id still comes in.
    const above = mention({ id: 100, date_added: hoursAgo(0.5) });
    expect(merged(next.store, 1, [...history, above]).added.map((m) => m.id)).toEqual([100]);
  });

  it('never brings back a dropped mention of unreadable date, whether the project trusts its ids or not', () => {
    const garbled = mention({ id: 5, date_added: 'garbage' });
    for (const disordered of [false, true]) {
      let store = merged(emptyMentionStore(), 1, [garbled]).store;
      expect(store.byProject[1].map((m) => m.id)).toEqual([5]);
      if (disordered) store = { ...store, floors: { 1: { key: null, idsUnordered: true } } };
      // Newer mentions in another project push it out: its id is remembered.
      const later = new Date(NOW.getTime() + HOUR);
      const busy = [1, 2, 3, 4, 6].map((id) =>
        mention({ id, project_id: 2, date_added: serviceDate(later.getTime()) }),
      );
      store = markAllRead(mergeMentions(store, 2, busy, later, { limits }).store);
      expect(store.byProject[1]).toEqual([]);
      expect(store.floors[1]).toMatchObject({ excluded: [5] });
      const again = merged(store, 1, [garbled]);
      expect(again).toMatchObject({ changed: false, added: [], refused: 0 });
    }
  });
});
