// Store invariants through the real listeners over random sequences of polls (with new mentions
// on the service between them), reads and removals: no duplicate keys, caps held, every stored
// mention belongs to a project the service still has (or one its lists left out, kept until they
// have said so long enough: lib/sync/project-roster.ts, and gone once they have), every project's
// floor is below what it keeps, and the badge counts the unread.

import fc from 'fast-check';
import { expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { aboveDateFloor } from '../../support/floor-checks';
import { parseServiceDate } from '@/lib/time/service-date';
import { DEFAULT_LIMITS } from '@/lib/mentions/caps';
import { unreadCount } from '../../support/mention-factory';
import { type MentionKey, mentionCount } from '@/lib/mentions/store';
import { useBackground } from '../../support/background';
import { allKeys, badgeFor } from '../../support/background-store';

const h = useBackground();

type Op =
  | { kind: 'poll'; adds: { project: number; count: number }[] }
  | { kind: 'markRead' | 'markUnread'; picks: number[] }
  | { kind: 'markAllRead'; projects: number[] | null }
  | { kind: 'removeProject' | 'removeOnService'; project: number };

const project = fc.nat({ max: 5 });
const opArb: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('poll' as const),
      adds: fc.array(
        fc.record({
          project,
          count: fc.oneof(fc.integer({ min: 0, max: 5 }), fc.integer({ min: 200, max: 320 })),
        }),
        { maxLength: 3 },
      ),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constantFrom('markRead' as const, 'markUnread' as const),
      picks: fc.array(fc.nat(), { maxLength: 8 }),
    }),
  },
  fc.record({
    kind: fc.constant('markAllRead' as const),
    projects: fc.option(fc.array(project, { maxLength: 2 }), { nil: null }),
  }),
  fc.record({
    kind: fc.constantFrom('removeProject' as const, 'removeOnService' as const),
    project,
  }),
);

async function apply(op: Op, projectIds: number[]): Promise<void> {
  const live = new Set(h.fake.projects().map((p) => p.project_id));
  switch (op.kind) {
    case 'poll':
      for (const add of op.adds) {
        const id = projectIds[add.project];
        if (live.has(id)) h.fake.addMentions(id, add.count);
      }
      await h.fireAlarm();
      return;
    case 'markRead':
    case 'markUnread': {
      const store = await h.store();
      const all: MentionKey[] = Object.values(store.byProject)
        .flat()
        .map((m) => ({ projectId: m.project_id, id: m.id }));
      const keys = all.length === 0 ? [] : op.picks.map((i) => all[i % all.length]);
      expect(await h.send(op.kind, { keys })).toEqual({ ok: true, value: null });
      return;
    }
    case 'markAllRead': {
      const data = op.projects ? { projectIds: op.projects.map((i) => projectIds[i]) } : {};
      expect(await h.send('markAllRead', data)).toEqual({ ok: true, value: null });
      return;
    }
    case 'removeProject': {
      const id = projectIds[op.project];
      const leftOut = String(id) in (await h.status()).absentProjects;
      const reply = await h.send('removeProject', { projectId: id });
      // A project already gone is the service's "no such project", and nothing changes; one the
      // lists left out but still kept here goes from here (lib/sync/project-roster.ts).
      expect(reply.ok).toBe(live.has(id) || leftOut);
      return;
    }
    case 'removeOnService': {
      const id = projectIds[op.project];
      if (!live.has(id)) return;
      const { client, token } = await h.serviceClient();
      await client.removeProject(token, id);
      await h.fireAlarm();
      return;
    }
  }
}

async function checkInvariants(): Promise<void> {
  const store = await h.store();
  const { absentProjects } = await h.status();
  const keys = allKeys(store);
  expect(new Set(keys).size).toBe(keys.length);
  expect(mentionCount(store)).toBeLessThanOrEqual(DEFAULT_LIMITS.total);
  const live = new Set(h.fake.projects().map((p) => p.project_id));
  for (const [id, list] of Object.entries(store.byProject)) {
    expect(list.length).toBeLessThanOrEqual(DEFAULT_LIMITS.perProject);
    expect(list.every((m) => m.project_id === Number(id))).toBe(true);
    expect(live.has(Number(id)) || id in absentProjects).toBe(true);
    // A project loses only its oldest: its floor is below every mention it keeps (of a readable
    // date), so a new mention newer than any of them is never refused.
    const floor = store.floors[Number(id)];
    const readable = list.filter(
      (m) => parseServiceDate(m.date_added, store.utcOffsetMinutes) !== undefined,
    );
    expect(readable.filter((m) => !aboveDateFloor(floor, m.id, m.addedAt))).toEqual([]);
  }
  expect(await h.badge()).toBe(badgeFor(store));
  expect(unreadCount(store)).toBeLessThanOrEqual(mentionCount(store));
}

it('keeps the store whole over random polls, reads and removals', async () => {
  await fc.assert(
    fc.asyncProperty(fc.array(opArb, { minLength: 1, maxLength: 6 }), async (ops) => {
      fakeBrowser.reset();
      h.fake.reset();
      await h.start();
      await h.connect();
      const projectIds = h.fake.projects().map((p) => p.project_id);
      await checkInvariants();
      for (const op of ops) {
        await apply(op, projectIds);
        await h.idle();
        await checkInvariants();
      }
      // Three more lists over more than an hour: a project removed on the service is gone.
      for (let i = 0; i < 3; i++) {
        h.clockOffsetMs += 30 * 60_000;
        await h.fireAlarm();
      }
      const live = new Set(h.fake.projects().map((p) => String(p.project_id)));
      expect(Object.keys((await h.store()).byProject).filter((id) => !live.has(id))).toEqual([]);
      expect((await h.status()).absentProjects).toEqual({});
    }),
    { numRuns: 12 },
  );
}, 120_000);
