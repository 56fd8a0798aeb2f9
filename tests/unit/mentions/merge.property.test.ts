// Merge invariants over random sequences of polls, reads, removals and quota prunes.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { badgeState } from '@/lib/badge/badge-state';
import { pruneForQuota } from '@/lib/mentions/caps';
import { floorRefuses } from '../support/floor-checks';
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
import {
  NOW,
  deepFreeze,
  mention,
  mentionArbitrary,
  serviceDate,
  unreadCount,
} from '../support/mention-factory';

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
          // A reply listing an id twice is read as its last copy.
          const latest = new Map(fetched.map((m) => [m.id, m]));
          for (const m of latest.values()) {
            const addedAt = parseServiceDate(m.date_added);
            expect(storedIds.has(m.id) || floorRefuses(floor, m.id, addedAt)).toBe(true);
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

  it('with ids handed out in order: no stored mention comes back, no new one is refused', () => {
    // Each project's whole history is sent on every poll; new mentions get the next ids, dated
    // anywhere in the last two days (late, a repeated hour, a corrected clock) or unreadable.
    const arrivalArb = fc.record({
      projectId: fc.constantFrom(...PROJECTS),
      hoursAgo: fc.oneof(
        { weight: 8, arbitrary: fc.integer({ min: 0, max: 48 }) },
        { weight: 1, arbitrary: fc.constant(-1) },
      ),
    });
    const stepArb = fc.oneof(
      {
        weight: 4,
        arbitrary: fc.array(arrivalArb, { maxLength: 6 }).map((arrive) => ({ arrive })),
      },
      { weight: 4, arbitrary: fc.constantFrom(...PROJECTS).map((poll) => ({ poll })) },
      { weight: 1, arbitrary: fc.constant({ read: true as const }) },
      {
        weight: 1,
        arbitrary: fc.double({ min: 0, max: 1, noNaN: true }).map((prune) => ({ prune })),
      },
    );
    fc.assert(
      fc.property(fc.array(stepArb, { maxLength: 40 }), (steps) => {
        const history = new Map<number, Mention[]>(PROJECTS.map((p) => [p, []]));
        const sentUpTo = new Map<number, number>();
        const everStored = new Set<string>();
        let nextId = 1;
        let store = emptyMentionStore();
        for (const step of steps) {
          if ('arrive' in step) {
            for (const { projectId, hoursAgo } of step.arrive) {
              const date =
                hoursAgo < 0 ? 'not a date' : serviceDate(NOW.getTime() - hoursAgo * 3_600_000);
              history
                .get(projectId)!
                .push(mention({ id: nextId++, project_id: projectId, date_added: date }));
            }
          } else if ('poll' in step) {
            const projectId = step.poll;
            const reply = history.get(projectId)!;
            const result = mergeMentions(store, projectId, reply, NOW, { limits: LIMITS });
            expect(result.refused).toBe(0);
            const key = (id: number) => keyString({ projectId, id });
            for (const m of result.added) {
              expect(everStored.has(key(m.id)), `resurrected ${key(m.id)}`).toBe(false);
              everStored.add(key(m.id));
            }
            // Every new one is added, or the caps dropped it at once (they bind).
            const added = new Set(result.added.map((m) => m.id));
            const fresh = reply.filter((m) => m.id > (sentUpTo.get(projectId) ?? 0));
            const lost = fresh.filter((m) => !added.has(m.id));
            if (lost.length > 0) {
              const full =
                (result.store.byProject[projectId]?.length ?? 0) >= LIMITS.perProject ||
                mentionCount(result.store) >= LIMITS.total;
              expect(full, `refused ${lost.map((m) => key(m.id))}`).toBe(true);
              // ...and only what is older than all it kept of the reply's new ones.
              const kept = result.added.map((m) => m.addedAt);
              for (const m of lost) {
                const at = parseServiceDate(m.date_added) ?? NOW.getTime();
                expect(kept.every((k) => at <= k)).toBe(true);
              }
            }
            sentUpTo.set(projectId, Math.max(0, ...reply.map((m) => m.id)));
            expect(result.store.floors[projectId]?.idsUnordered).toBeUndefined();
            store = result.store;
          } else if ('read' in step) {
            store = markAllRead(store);
          } else {
            store = pruneForQuota(store, step.prune);
          }
          checkInvariants(store);
        }
      }),
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
