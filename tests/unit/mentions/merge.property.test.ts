// Merge invariants over random sequences of polls, reads, removals and quota prunes.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { badgeState } from '@/lib/badge/badge-state';
import { pruneForQuota } from '@/lib/mentions/caps';
import { admits, excludedIds } from '@/lib/mentions/floors';
import { mergeMentions } from '@/lib/mentions/merge';
import { markAllRead, markRead, markUnread } from '@/lib/mentions/read-state';
import { parseServiceDate } from '@/lib/time/service-date';
import {
  emptyMentionStore,
  keyString,
  type MentionStore,
  compareNewestFirst,
  removeProjects,
  mentionCount,
  unreadByProject,
} from '@/lib/mentions/store';
import type { Mention } from '@/lib/service/values';
import { NOW, deepFreeze, mentionArbitrary, unreadCount } from '../support/mention-factory';

const PROJECTS = [1, 2, 3];
// Small caps so random runs actually reach them (the real limits: store.limits.test.ts).
const LIMITS = { perProject: 8, total: 18 };

const keyArb = fc.record({
  projectId: fc.constantFrom(...PROJECTS),
  id: fc.integer({ min: 1, max: 40 }),
});

type Op =
  | { kind: 'poll'; projectId: number; fetched: Mention[]; minutesLater: number }
  | { kind: 'markRead' | 'markUnread'; keys: { projectId: number; id: number }[] }
  | { kind: 'markProjectRead'; projectId: number }
  | { kind: 'markAllRead'; projectIds?: number[] }
  | { kind: 'removeProjects'; keep: number[] }
  | { kind: 'pruneForQuota'; fraction: number };

const opArb: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 5,
    arbitrary: fc
      .record({
        projectId: fc.constantFrom(...PROJECTS),
        fetched: fc.array(mentionArbitrary(PROJECTS), { maxLength: 14 }),
        minutesLater: fc.integer({ min: 0, max: 3 * 24 * 60 }),
      })
      .map(({ projectId, fetched, minutesLater }) => ({
        kind: 'poll' as const,
        projectId,
        // Mostly the project's own mentions; the odd stray one checks they are skipped.
        fetched: fetched.map((m, i) => (i % 5 === 4 ? m : { ...m, project_id: projectId })),
        minutesLater,
      })),
  },
  {
    weight: 2,
    arbitrary: fc.record({ kind: fc.constant('markRead' as const), keys: fc.array(keyArb) }),
  },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant('markUnread' as const), keys: fc.array(keyArb) }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('markProjectRead' as const),
      projectId: fc.constantFrom(...PROJECTS),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record(
      {
        kind: fc.constant('markAllRead' as const),
        projectIds: fc.subarray(PROJECTS),
      },
      { requiredKeys: ['kind'] },
    ),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('removeProjects' as const),
      keep: fc.subarray(PROJECTS),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('pruneForQuota' as const),
      fraction: fc.double({ min: 0, max: 1, noNaN: true }),
    }),
  },
);

function checkInvariants(store: MentionStore): void {
  const all = Object.entries(store.byProject).flatMap(([key, list]) => {
    for (const m of list) expect(m.project_id).toBe(Number(key));
    return list;
  });
  // No duplicate keys.
  expect(new Set(all.map((m) => keyString({ projectId: m.project_id, id: m.id }))).size).toBe(
    all.length,
  );
  // Caps held.
  for (const list of Object.values(store.byProject))
    expect(list.length).toBeLessThanOrEqual(LIMITS.perProject);
  expect(mentionCount(store)).toBeLessThanOrEqual(LIMITS.total);
  // Counts agree with the records; the badge shows at most four characters.
  const unread = all.filter((m) => !m.read).length;
  expect(unreadCount(store)).toBe(unread);
  expect(Object.values(unreadByProject(store)).reduce((a, b) => a + b, 0)).toBe(unread);
  expect(
    badgeState({ unread: unreadCount(store), attention: null }).text.length,
  ).toBeLessThanOrEqual(4);
  // Each list newest first; no project synced twice.
  for (const list of Object.values(store.byProject)) {
    for (let i = 1; i < list.length; i += 1) {
      expect(compareNewestFirst(list[i - 1], list[i])).toBeLessThan(0);
    }
  }
  expect(new Set(store.syncedProjects).size).toBe(store.syncedProjects.length);
  // Stored mentions are JSON-safe numbers (storage drops NaN/Infinity).
  for (const m of all) {
    expect(Number.isFinite(m.addedAt) && Number.isFinite(m.firstSeen)).toBe(true);
  }
}

function apply(store: MentionStore, op: Op, now: Date): MentionStore {
  switch (op.kind) {
    case 'poll':
      return mergeMentions(store, op.projectId, op.fetched, now, { limits: LIMITS }).store;
    case 'markRead':
      return markRead(store, op.keys);
    case 'markUnread':
      return markUnread(store, op.keys);
    case 'markProjectRead':
      return markAllRead(store, { projectIds: [op.projectId] });
    case 'markAllRead':
      return markAllRead(store, { projectIds: op.projectIds });
    case 'removeProjects':
      return removeProjects(store, op.keep);
    case 'pruneForQuota':
      return pruneForQuota(store, op.fraction);
  }
}

describe('mention store invariants', () => {
  it('hold after every step of any sequence of polls, reads, removals and prunes', () => {
    fc.assert(
      fc.property(fc.array(opArb, { maxLength: 30 }), (ops) => {
        let store = deepFreeze(emptyMentionStore());
        let now = NOW.getTime();
        for (const op of ops) {
          if (op.kind === 'poll') now += op.minutesLater * 60_000;
          // Frozen: any mutation of a previous state throws.
          store = deepFreeze(apply(store, op, new Date(now)));
          checkInvariants(store);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('a poll keeps read state, stores or remembers what it fetched, and re-merging changes nothing', () => {
    fc.assert(
      fc.property(
        fc.array(opArb, { maxLength: 20 }),
        fc.constantFrom(...PROJECTS),
        fc.array(mentionArbitrary(PROJECTS), { maxLength: 14 }),
        (history, projectId, fetchedRaw) => {
          let store = deepFreeze(emptyMentionStore());
          for (const op of history) store = deepFreeze(apply(store, op, NOW));
          const fetched = fetchedRaw.map((m) => ({ ...m, project_id: projectId }));
          const before = new Map(
            Object.values(store.byProject)
              .flat()
              .map((m) => [keyString({ projectId: m.project_id, id: m.id }), m.read]),
          );

          const first = mergeMentions(store, projectId, fetched, NOW, { limits: LIMITS });
          expect(first.changed).toBe(first.store !== store);
          // Read state survives a re-fetch.
          for (const m of Object.values(first.store.byProject).flat()) {
            const was = before.get(keyString({ projectId: m.project_id, id: m.id }));
            if (was !== undefined) expect(m.read).toBe(was);
          }
          // Every fetched mention is stored, or now sits under the project's floor (the re-merge
          // below then admits none of it again).
          const storedIds = new Set((first.store.byProject[projectId] ?? []).map((m) => m.id));
          const floor = first.store.floors[projectId];
          const excluded = excludedIds(floor);
          // A reply listing an id twice is read as its last copy.
          const latest = new Map(fetched.map((m) => [m.id, m]));
          for (const m of latest.values()) {
            const addedAt = parseServiceDate(m.date_added);
            expect(storedIds.has(m.id) || !admits(floor, excluded, m.id, addedAt)).toBe(true);
          }
          // `added` are exactly the stored mentions that were not there before.
          for (const m of first.added) {
            expect(before.has(keyString({ projectId, id: m.id }))).toBe(false);
            expect(storedIds.has(m.id)).toBe(true);
          }

          const again = mergeMentions(first.store, projectId, fetched, NOW, { limits: LIMITS });
          expect(again.changed).toBe(false);
          expect(again.store).toBe(first.store);
          expect(again.added).toEqual([]);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('merging polls in any grouping converges: crash and re-run gives the same store', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...PROJECTS),
        fc.array(mentionArbitrary(PROJECTS), { maxLength: 14 }),
        (projectId, fetchedRaw) => {
          const fetched = fetchedRaw.map((m) => ({ ...m, project_id: projectId }));
          const once = mergeMentions(emptyMentionStore(), projectId, fetched, NOW, {
            limits: LIMITS,
          });
          // A poll interrupted after writing, then run again from the written state.
          const rerun = mergeMentions(once.store, projectId, fetched, NOW, { limits: LIMITS });
          expect(rerun.store).toEqual(once.store);
        },
      ),
    );
  });
});
