// The store at its real limits (500 per project, 5,000 in all, the 4 MiB records budget) against
// a service whose replies hold each project's whole history (thousands, tens of thousands): over
// random polls with new and late arrivals, "mark all read", read/unread toggles, quota prunes and
// offset changes, nothing read or dropped comes back as new (0 resurrected), and every genuinely
// new mention is stored and counted unread unless the caps drop it at once (0 lost). A project
// only ever loses its oldest, so its floor stays below every mention it keeps.
//
// The oracle is kept apart from the store: what left the store is recorded here, and "genuinely
// new" means newer than everything that ever left (the floor the store must keep), computed here
// from the service's own date strings.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { pruneForQuota } from '@/lib/mentions/caps';
import { admits } from '@/lib/mentions/floors';
import { FIRST_SYNC_UNREAD_WINDOW_MS, mergeMentions } from '@/lib/mentions/merge';
import { markAllRead, markRead, markUnread } from '@/lib/mentions/read-state';
import { recordCost } from '@/lib/mentions/record-bytes';
import { mentionCount, unreadCount } from '@/lib/mentions/selectors';
import { parseServiceDate } from '@/lib/mentions/service-date';
import {
  DEFAULT_LIMITS,
  emptyMentionStore,
  keyString,
  type MentionStore,
  type StoredMention,
} from '@/lib/mentions/store';
import type { Mention } from '@/lib/service/mention';
import { NOW, mention, serviceDate } from '../support/mention-factory';

const PROJECTS = Array.from({ length: 20 }, (_, i) => 101 + i);
const MINUTE = 60_000;
const LIMITS = DEFAULT_LIMITS;
const BUDGET = LIMITS.totalBytes ?? Infinity;
const LONG = 'Ünïcödé <long> "text" ✓ '.repeat(60);

interface ProjectPlan {
  size: number;
  heavy: boolean;
  garbledEvery: number;
}

type Op =
  | {
      kind: 'poll';
      arrivals: { project: number; count: number; lateMinutes: number }[];
      minutes: number;
    }
  | { kind: 'markAllRead' }
  | { kind: 'toggle'; read: boolean; picks: number[] }
  | { kind: 'quota'; fraction: number }
  | { kind: 'offset'; quarters: number };

const planArb: fc.Arbitrary<ProjectPlan> = fc.record({
  size: fc.oneof(
    { weight: 6, arbitrary: fc.integer({ min: 0, max: 60 }) },
    { weight: 3, arbitrary: fc.integer({ min: 400, max: 700 }) },
    { weight: 1, arbitrary: fc.constant(3_000) },
  ),
  heavy: fc.boolean(),
  garbledEvery: fc.constantFrom(0, 0, 7, 97),
});

const opArb: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 5,
    arbitrary: fc.record({
      kind: fc.constant('poll' as const),
      arrivals: fc.array(
        fc.record({
          project: fc.nat(PROJECTS.length - 1),
          count: fc.oneof(fc.integer({ min: 1, max: 5 }), fc.integer({ min: 200, max: 900 })),
          // Some arrive with a date a little before the newest the service had: the service adds
          // them late. Genuinely new only when still above everything dropped.
          lateMinutes: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 600 })),
        }),
        { maxLength: 3 },
      ),
      minutes: fc.integer({ min: 1, max: 24 * 60 }),
    }),
  },
  { weight: 2, arbitrary: fc.constant({ kind: 'markAllRead' as const }) },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('toggle' as const),
      read: fc.boolean(),
      picks: fc.array(fc.nat(), { maxLength: 30 }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('quota' as const),
      fraction: fc.double({ min: 0.01, max: 0.5, noNaN: true }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('offset' as const),
      quarters: fc.integer({ min: -48, max: 56 }),
    }),
  },
);

/** The service: each project's whole history, oldest first, and the next id to give. */
class Service {
  readonly histories = new Map<number, Mention[]>();
  private nextId = 1;

  constructor(
    private readonly plans: Map<number, ProjectPlan>,
    bigProject: number | null,
    now: number,
  ) {
    for (const projectId of PROJECTS) {
      const plan = plans.get(projectId)!;
      const size = projectId === bigProject ? 20_000 : plan.size;
      this.histories.set(projectId, []);
      this.add(projectId, size, now - size * MINUTE, MINUTE);
    }
  }

  add(projectId: number, count: number, from: number, step: number): void {
    const plan = this.plans.get(projectId)!;
    const history = this.histories.get(projectId)!;
    for (let i = 0; i < count; i += 1) {
      const id = this.nextId++;
      const garbled = plan.garbledEvery > 0 && id % plan.garbledEvery === 0;
      history.push(
        mention({
          id,
          project_id: projectId,
          date_added: garbled ? '0000-00-00 00:00:00' : serviceDate(from + i * step),
          ...(plan.heavy ? { title: LONG, snippet: LONG, text_summary: LONG, author: LONG } : {}),
        }),
      );
    }
  }
}

/** What the runs went through, so the test fails if it stops reaching what it claims to test. */
const seen = {
  nearBudget: 0,
  droppedAtOnce: 0,
  refusedRefetches: 0,
  newAfterAllRead: 0,
  quotaDrops: 0,
  offsetChanges: 0,
  floorUnderKept: 0,
};

/** What must hold of the store, kept apart from it. */
class Oracle {
  /** Every key ever stored: `added` may never name one again. */
  readonly everStored = new Set<string>();
  /** Per project: whether anything left it, and the newest that left, as wall-clock (offset 0). */
  readonly left = new Map<number, { key: { at: number; id: number } | null }>();

  recordLeaving(mention: StoredMention): void {
    const entry = this.left.get(mention.project_id) ?? { key: null };
    const at = parseServiceDate(mention.date_added, 0);
    if (at !== undefined) {
      const { key } = entry;
      if (!key || at > key.at || (at === key.at && mention.id > key.id)) {
        entry.key = { at, id: mention.id };
      }
    }
    this.left.set(mention.project_id, entry);
  }

  /** Whether a mention not stored is genuinely new: newer than all that ever left. */
  isNew(m: Mention): boolean {
    const entry = this.left.get(m.project_id);
    if (!entry) return true;
    const at = parseServiceDate(m.date_added, 0);
    if (at === undefined) return false;
    if (!entry.key) return true;
    return at > entry.key.at || (at === entry.key.at && m.id > entry.key.id);
  }

  /** The floor the store must hold for a project, at the store's offset. */
  expectedFloorKey(projectId: number, offset: number) {
    const entry = this.left.get(projectId);
    if (!entry) return undefined;
    return entry.key ? { addedAt: entry.key.at - offset * MINUTE, id: entry.key.id } : null;
  }
}

function index(store: MentionStore): Map<string, StoredMention> {
  const all = new Map<string, StoredMention>();
  for (const list of Object.values(store.byProject)) {
    for (const m of list) all.set(keyString({ projectId: m.project_id, id: m.id }), m);
  }
  return all;
}

function byId(list: readonly StoredMention[] | undefined): Map<number, StoredMention> {
  return new Map((list ?? []).map((m) => [m.id, m]));
}

function recordBytes(store: MentionStore): number {
  let bytes = 0;
  for (const list of Object.values(store.byProject)) for (const m of list) bytes += recordCost(m);
  return bytes;
}

/** The caps and the byte budget hold; the floors of `projects` are what left them. */
function checkBounds(store: MentionStore, oracle: Oracle, projects: Iterable<number>): void {
  for (const list of Object.values(store.byProject)) {
    expect(list.length).toBeLessThanOrEqual(LIMITS.perProject);
  }
  expect(mentionCount(store)).toBeLessThanOrEqual(LIMITS.total);
  const bytes = recordBytes(store);
  expect(bytes).toBeLessThanOrEqual(BUDGET);
  if (bytes > BUDGET - 20_000) seen.nearBudget += 1;
  const aboveFloor: string[] = [];
  for (const projectId of projects) {
    const expected = oracle.expectedFloorKey(projectId, store.utcOffsetMinutes);
    const floor = store.floors[projectId];
    if (expected === undefined) expect(floor).toBeUndefined();
    else expect(floor?.key ?? null).toEqual(expected);
    // A project loses only its oldest: its floor is below every mention it keeps (of a readable
    // date: an unreadable one's addedAt is when it was first seen, not the service's time), so a
    // new mention newer than any kept one is never refused.
    if (!floor?.key) continue;
    let checked = false;
    for (const m of store.byProject[projectId] ?? []) {
      if (parseServiceDate(m.date_added, store.utcOffsetMinutes) === undefined) continue;
      checked = true;
      if (!admits(floor, NONE, m.id, m.addedAt)) aboveFloor.push(`${projectId}:${m.id}`);
    }
    if (checked) seen.floorUnderKept += 1;
  }
  expect(aboveFloor).toEqual([]);
}

const NONE: ReadonlySet<number> = new Set();

/** Applies a change that may only drop mentions (prunes), recording what left. */
function afterDrop(before: MentionStore, after: MentionStore, oracle: Oracle): void {
  const now = index(after);
  for (const [key, m] of index(before)) if (!now.has(key)) oracle.recordLeaving(m);
}

function capsBind(store: MentionStore, projectId: number): boolean {
  return (
    (store.byProject[projectId]?.length ?? 0) >= LIMITS.perProject ||
    mentionCount(store) >= LIMITS.total ||
    recordBytes(store) > BUDGET - 20_000
  );
}

/**
 * Merges one project's whole history and checks the merge against the oracle. Only the lists the
 * merge replaced are compared (the merge shares the others), so the check costs what changed.
 */
function pollProject(
  before: MentionStore,
  projectId: number,
  reply: readonly Mention[],
  oracle: Oracle,
  now: number,
  offset: number,
): { store: MentionStore; unreadAdded: number } {
  const firstSync = !before.syncedProjects.includes(projectId);
  const result = mergeMentions(before, projectId, reply, new Date(now), {
    utcOffsetMinutes: offset,
  });
  const after = result.store;
  const was = byId(before.byProject[projectId]);
  const next = byId(after.byProject[projectId]);
  const addedIds = new Set(result.added.map((m) => m.id));

  // 0 resurrected: nothing added was ever stored; nothing comes in that is not added.
  for (const m of result.added) {
    const key = keyString({ projectId, id: m.id });
    expect(oracle.everStored.has(key), key).toBe(false);
    oracle.everStored.add(key);
  }
  // Plain checks in the loops (expect() per record would cost more than the merge), one expect
  // over what failed.
  const failures: string[] = [];
  for (const id of next.keys()) if (!was.has(id) && !addedIds.has(id)) failures.push(`in ${id}`);
  // 0 lost: a genuinely new mention is added (unread, but for a first sync's old backlog), or
  // the caps dropped it at once, and then they bind.
  const latest = new Map(reply.map((m) => [m.id, m]));
  const droppedAtOnce: Mention[] = [];
  for (const m of latest.values()) {
    if (was.has(m.id)) continue;
    if (!oracle.isNew(m)) {
      if (addedIds.has(m.id)) failures.push(`resurrected ${projectId}:${m.id}`);
    } else if (addedIds.has(m.id)) {
      const stored = next.get(m.id)!;
      const oldBacklog = firstSync && stored.addedAt < now - FIRST_SYNC_UNREAD_WINDOW_MS;
      if (stored.read !== oldBacklog) failures.push(`read ${projectId}:${m.id}`);
    } else {
      droppedAtOnce.push(m);
    }
  }
  if (droppedAtOnce.length > 0) expect(capsBind(after, projectId)).toBe(true);
  seen.droppedAtOnce += droppedAtOnce.length;
  seen.refusedRefetches += result.belowFloor;
  // Judged against what had left before this merge: only now does the floor move.
  for (const m of droppedAtOnce) {
    oracle.recordLeaving({ ...m, read: false, firstSeen: now, addedAt: 0 });
  }

  // What left any list the merge replaced (the total cap and the budget reach other projects);
  // read state is the user's: a merge never changes it.
  let unreadDropped = 0;
  const touched: number[] = [];
  for (const key of Object.keys(after.byProject)) {
    const id = Number(key);
    if (before.byProject[id] === after.byProject[id]) continue;
    touched.push(id);
    const old = id === projectId ? was : byId(before.byProject[id]);
    const now = id === projectId ? next : byId(after.byProject[id]);
    for (const [mentionId, m] of old) {
      const kept = now.get(mentionId);
      if (kept) {
        if (kept.read !== m.read) failures.push(`read state ${id}:${mentionId}`);
      } else {
        oracle.recordLeaving(m);
        if (!m.read) unreadDropped += 1;
      }
    }
    if (id !== projectId) {
      for (const mentionId of now.keys())
        if (!old.has(mentionId)) failures.push(`in ${id}:${mentionId}`);
    }
  }
  expect(failures).toEqual([]);
  const unreadAdded = result.added.filter((m) => !m.read).length;
  // The unread count moves only by what was added and what the caps dropped.
  expect(unreadCount(after)).toBe(unreadCount(before) - unreadDropped + unreadAdded);
  checkBounds(after, oracle, touched);
  return { store: after, unreadAdded };
}

function poll(
  store: MentionStore,
  service: Service,
  oracle: Oracle,
  now: number,
  offset: number,
): { store: MentionStore; added: number } {
  let added = 0;
  for (const projectId of PROJECTS) {
    const result = pollProject(
      store,
      projectId,
      service.histories.get(projectId)!,
      oracle,
      now,
      offset,
    );
    store = result.store;
    added += result.unreadAdded;
  }
  // An offset change moves every floor: all of them are what left, at the new offset.
  checkBounds(store, oracle, PROJECTS);
  return { store, added };
}

function run(plans: ProjectPlan[], big: boolean, ops: Op[]): void {
  const planById = new Map(PROJECTS.map((id, i) => [id, plans[i]]));
  let now = NOW.getTime();
  let offset = 0;
  const service = new Service(planById, big ? PROJECTS[0] : null, now);
  const oracle = new Oracle();
  let store = poll(emptyMentionStore(), service, oracle, now, offset).store;
  let sinceAllRead: number | null = null;
  for (const op of ops) {
    switch (op.kind) {
      case 'poll': {
        now += op.minutes * MINUTE;
        for (const arrival of op.arrivals) {
          const projectId = PROJECTS[arrival.project];
          service.add(projectId, arrival.count, now - arrival.lateMinutes * MINUTE, 1_000);
        }
        const result = poll(store, service, oracle, now, offset);
        store = result.store;
        // After "mark all read", polls that bring nothing new leave the badge empty.
        if (sinceAllRead !== null && op.arrivals.length === 0) expect(unreadCount(store)).toBe(0);
        if (sinceAllRead !== null && result.added > 0) seen.newAfterAllRead += 1;
        if (op.arrivals.length > 0 || result.added > 0) sinceAllRead = null;
        break;
      }
      case 'markAllRead':
        store = markAllRead(store);
        expect(unreadCount(store)).toBe(0);
        sinceAllRead = now;
        break;
      case 'toggle': {
        const all = [...index(store).values()];
        const keys = all.length === 0 ? [] : op.picks.map((i) => all[i % all.length]);
        const picked = keys.map((m) => ({ projectId: m.project_id, id: m.id }));
        store = op.read ? markRead(store, picked) : markUnread(store, picked);
        if (!op.read && picked.length > 0) sinceAllRead = null;
        break;
      }
      case 'quota': {
        const pruned = pruneForQuota(store, op.fraction);
        if (pruned !== store) seen.quotaDrops += 1;
        afterDrop(store, pruned, oracle);
        store = pruned;
        checkBounds(store, oracle, PROJECTS);
        break;
      }
      case 'offset':
        if (op.quarters * 15 !== offset) seen.offsetChanges += 1;
        offset = op.quarters * 15;
        break;
    }
  }
}

/**
 * One run that surely reaches every rule: heavy projects over the byte budget, a 20,000 reply,
 * late arrivals, "mark all read" then a new one, a quota prune, an offset change.
 */
const EVERYTHING: [ProjectPlan[], boolean, Op[]] = [
  PROJECTS.map((_, i) =>
    i < 9
      ? { size: 700, heavy: true, garbledEvery: 0 }
      : i < 11
        ? { size: 3_000, heavy: false, garbledEvery: 97 }
        : { size: 30, heavy: false, garbledEvery: 0 },
  ),
  true,
  [
    {
      kind: 'poll',
      arrivals: [
        { project: 1, count: 3, lateMinutes: 0 },
        { project: 9, count: 250, lateMinutes: 120 },
      ],
      minutes: 5,
    },
    { kind: 'markAllRead' },
    { kind: 'poll', arrivals: [], minutes: 5 },
    { kind: 'toggle', read: false, picks: [1, 2, 3] },
    { kind: 'quota', fraction: 0.2 },
    { kind: 'offset', quarters: 20 },
    { kind: 'poll', arrivals: [], minutes: 5 },
    { kind: 'markAllRead' },
    { kind: 'poll', arrivals: [{ project: 12, count: 1, lateMinutes: 0 }], minutes: 5 },
    { kind: 'poll', arrivals: [], minutes: 5 },
  ],
];

describe('the store at its real limits', () => {
  it('0 resurrected, 0 lost, caps and byte budget held: 20 projects, replies of whole histories', () => {
    fc.assert(
      fc.property(
        fc.array(planArb, { minLength: PROJECTS.length, maxLength: PROJECTS.length }),
        fc.boolean(),
        fc.array(opArb, { minLength: 3, maxLength: 10 }),
        (plans, big, ops) => run(plans, big, ops),
      ),
      { numRuns: 12, examples: [EVERYTHING] },
    );
    for (const [what, count] of Object.entries(seen)) expect(count, what).toBeGreaterThan(0);
  }, 120_000);
});

describe('issue 14: a reply of 3,000, "mark all read"', () => {
  it('the next polls bring nothing unread; a new mention counts as 1', () => {
    const history = Array.from({ length: 3_000 }, (_, i) =>
      mention({ id: 10_000 + i, date_added: serviceDate(NOW.getTime() - (3_000 - i) * MINUTE) }),
    );
    let store = mergeMentions(emptyMentionStore(), 1, history, NOW).store;
    expect(store.byProject[1]).toHaveLength(500);
    store = markAllRead(store);
    expect(unreadCount(store)).toBe(0);
    for (let poll = 1; poll <= 5; poll += 1) {
      const later = new Date(NOW.getTime() + poll * 5 * MINUTE);
      const result = mergeMentions(store, 1, history, later);
      expect(result).toMatchObject({ changed: false, added: [], belowFloor: 2_500 });
      expect(unreadCount(result.store)).toBe(0);
      store = result.store;
    }
    const fresh = mention({ id: 20_000, date_added: serviceDate(NOW.getTime() + MINUTE) });
    const result = mergeMentions(
      store,
      1,
      [...history, fresh],
      new Date(NOW.getTime() + 30 * MINUTE),
    );
    expect(result.added.map((m) => m.id)).toEqual([20_000]);
    expect(unreadCount(result.store)).toBe(1);
    expect(result.store.byProject[1]).toHaveLength(500);
    // And it does not come back either.
    const next = mergeMentions(markAllRead(result.store), 1, [...history, fresh], NOW);
    expect(next.added).toEqual([]);
    expect(unreadCount(next.store)).toBe(0);
  });
});
