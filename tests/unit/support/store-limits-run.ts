// The store-limits property's run (mentions/store.limits.test.ts): polls every project's whole
// history through the real merge, checks each merge against the oracle (0 resurrected, 0 lost,
// read state kept, caps, byte budget and floors held), and applies the other operations.

import { expect } from 'vitest';
import { pruneForQuota } from '@/lib/mentions/caps';
import { recordCost } from './limits';
import { mergeMentions } from '@/lib/mentions/merge';
import { markAllRead, markRead, markUnread } from '@/lib/mentions/read-state';
import {
  emptyMentionStore,
  keyString,
  type MentionStore,
  type StoredMention,
  mentionCount,
} from '@/lib/mentions/store';
import type { Mention } from '@/lib/service/values';
import { FIRST_SYNC_UNREAD_WINDOW_MS } from './limits';
import { NOW, unreadCount } from './mention-factory';
import {
  BUDGET,
  LIMITS,
  MINUTE,
  Oracle,
  PROJECTS,
  Service,
  type Op,
  type ProjectPlan,
} from './store-limits-model';

/** What the runs went through, so the test fails if it stops reaching what it claims to test. */
export const seen = {
  nearBudget: 0,
  droppedAtOnce: 0,
  refusedRefetches: 0,
  newAfterAllRead: 0,
  quotaDrops: 0,
  offsetChanges: 0,
  floorUnderKept: 0,
};

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
    // The service hands ids out in order: a floor trusts them, and its seenId covers every id
    // the project keeps, so a new mention (a higher id) is never refused, whatever its date.
    if (!floor) continue;
    if (floor.idsUnordered || floor.seenId === undefined) aboveFloor.push(`${projectId}: no ids`);
    const kept = store.byProject[projectId] ?? [];
    for (const m of kept) {
      if (m.id > (floor.seenId ?? -Infinity)) aboveFloor.push(`${projectId}:${m.id}`);
    }
    if (kept.length > 0) seen.floorUnderKept += 1;
  }
  expect(aboveFloor).toEqual([]);
}

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
      else seen.refusedRefetches += 1;
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
  // Ids in order: every refusal is proven, none counted.
  expect(result.refused).toBe(0);
  oracle.recordSent(projectId, reply);
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

export function run(plans: ProjectPlan[], big: boolean, ops: Op[]): void {
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
