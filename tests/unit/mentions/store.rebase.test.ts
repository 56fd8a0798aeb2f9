// The service's offset changes: every time read from the service moves, the floors with them, and
// nothing dropped comes back.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { mergeMentions } from '@/lib/mentions/merge';
import { markAllRead } from '@/lib/mentions/read-state';
import { emptyMentionStore, rebaseServiceTimes } from '@/lib/mentions/store';
import { NOW, deepFreeze, mention, serviceDate, unreadCount } from '../support/mention-factory';

const HOUR = 3_600_000;
const limits = { perProject: 3, total: 10 };

/** Mentions 1..n, one an hour, the newest at NOW (as wall-clock strings). */
const reply = (n: number, projectId = 1) =>
  Array.from({ length: n }, (_, i) =>
    mention({
      id: i + 1,
      project_id: projectId,
      date_added: serviceDate(NOW.getTime() - (n - 1 - i) * HOUR),
    }),
  );

describe('rebaseServiceTimes', () => {
  const base = deepFreeze(
    mergeMentions(
      emptyMentionStore(),
      1,
      [
        ...reply(5),
        mention({ id: 9, date_added: 'garbage' }),
        mention({ id: 8, date_added: '2024-06-15 11:00:00Z' }),
      ],
      NOW,
      { limits: { perProject: 6, total: 10 } },
    ).store,
  );

  it('returns the same store for the same offset, or one it cannot keep', () => {
    expect(rebaseServiceTimes(base, 0)).toBe(base);
    for (const offset of [NaN, Infinity, 12.5, -721, 841]) {
      expect(rebaseServiceTimes(base, offset)).toBe(base);
      expect(mergeMentions(base, 1, [], NOW, { utcOffsetMinutes: offset }).changed).toBe(false);
    }
  });

  it('moves every readable naive time, keeps unreadable and zoned ones, and re-sorts', () => {
    const east = rebaseServiceTimes(base, 540);
    expect(east.utcOffsetMinutes).toBe(540);
    const byId = (store: typeof base) =>
      Object.fromEntries(store.byProject[1].map((m) => [m.id, m.addedAt]));
    const before = byId(base);
    const after = byId(east);
    for (const id of [2, 3, 4, 5]) expect(after[id]).toBe(before[id] - 9 * HOUR);
    expect(after[9]).toBe(before[9]);
    expect(after[8]).toBe(before[8]);
    // At UTC+9 the zoned one (11:00 UTC) is now newer than the naive 12:00 (03:00 UTC).
    expect(east.byProject[1].map((m) => m.id)).toEqual([9, 8, 5, 4, 3, 2]);
  });

  it('moves the floors by the same amount, so a dropped mention stays dropped', () => {
    expect(base.floors[1]?.key?.id).toBe(1);
    const west = rebaseServiceTimes(base, -300);
    expect(west.floors[1]?.key?.addedAt).toBe((base.floors[1]?.key?.addedAt ?? 0) + 5 * HOUR);
    expect(rebaseServiceTimes(west, 0)).toEqual(base);
  });

  it('a merge at another offset rebases first, and reports the change', () => {
    const merged = mergeMentions(base, 1, [], NOW, { utcOffsetMinutes: 60 });
    expect(merged.changed).toBe(true);
    expect(merged.store).toEqual(rebaseServiceTimes(base, 60));
    // Without the option the store's own offset is used: nothing to do.
    expect(mergeMentions(merged.store, 1, [], NOW).changed).toBe(false);
  });
});

describe('offset changes never resurrect nor lose', () => {
  it('whatever the offsets, a re-fetch after "mark all read" adds nothing; a new one counts', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.integer({ min: -48, max: 56 }).map((q) => q * 15),
          { minLength: 1, maxLength: 5 },
        ),
        fc.integer({ min: 4, max: 12 }),
        (offsets, size) => {
          const history = reply(size);
          let store = mergeMentions(emptyMentionStore(), 1, history, NOW, { limits }).store;
          store = markAllRead(store);
          for (const offset of offsets) {
            const again = mergeMentions(store, 1, history, NOW, {
              limits,
              utcOffsetMinutes: offset,
            });
            expect(again.added).toEqual([]);
            expect(unreadCount(again.store)).toBe(0);
            store = again.store;
          }
          const fresh = mention({ id: 100, date_added: serviceDate(NOW.getTime() + HOUR) });
          const last = offsets.at(-1);
          const next = mergeMentions(store, 1, [...history, fresh], NOW, {
            limits,
            utcOffsetMinutes: last,
          });
          expect(next.added.map((m) => m.id)).toEqual([100]);
          expect(unreadCount(next.store)).toBe(1);
        },
      ),
      { numRuns: 200 },
    );
  });
});
