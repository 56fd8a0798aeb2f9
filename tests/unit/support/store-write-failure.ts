// The harness of the store-write failure tests (mentions/mention-storage.write-failure.test.ts):
// a poll's store and replies; storage.local that refuses calls as a plan says, checking at every
// removal it lets through that the floor covering it is stored already; and writeThrough, which
// writes a poll through it, then checks everything that must hold, up to the next polls.

import { FIRST_ACCOUNT } from '@/lib/accounts/accounts';
import { expect, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { floorRefuses } from './floor-checks';
import { mergeMentions } from '@/lib/mentions/merge';
import {
  StoreWriteError,
  readMentionStore,
  writeMentionStore,
} from '@/lib/mentions/mention-storage';
import { markRead } from '@/lib/mentions/read-state';
import { parseServiceDate } from '@/lib/time/service-date';
import { storeOfShards } from '@/lib/mentions/shards';
import {
  emptyMentionStore,
  type MentionStore,
  type StoredMention,
  findMention,
} from '@/lib/mentions/store';
import type { Mention } from '@/lib/service/values';
import { NOW, mention, recordKeyOf, serviceDate } from './mention-factory';

const HOUR = 3_600_000;
const LIMITS = { perProject: 50, total: 100 };
export const OUTBOX = 'notificationOutbox';
const FRESH_ID = 999;

export const quotaError = () => new Error('QUOTA_BYTES quota exceeded');
export const ioError = () => new Error('IO error: .../LOCK: File currently in use');

/**
 * What storage does with one call: `n` counts every call of the write, from 1; `stored` is the
 * keys storage holds before it.
 */
export type Plan = (call: {
  n: number;
  method: 'get' | 'set' | 'remove';
  keys: string[];
  stored: ReadonlySet<string>;
}) => Error | undefined;

/** Project 1: 60 in its history (50 kept: it has a floor); project 2: 20. Some of each read. */
function scenario() {
  const history1 = Array.from({ length: 60 }, (_, i) =>
    mention({ id: i + 1, project_id: 1, date_added: serviceDate(NOW.getTime() - (i + 1) * HOUR) }),
  );
  const history2 = Array.from({ length: 20 }, (_, i) =>
    mention({
      id: 101 + i,
      project_id: 2,
      date_added: serviceDate(NOW.getTime() - (i + 1) * 2 * HOUR),
    }),
  );
  let stored = mergeMentions(emptyMentionStore(), 1, history1, NOW, { limits: LIMITS }).store;
  stored = mergeMentions(stored, 2, history2, NOW, { limits: LIMITS }).store;
  // The newest ten of project 1 read, and a few of project 2's oldest.
  stored = markRead(stored, [
    ...Array.from({ length: 10 }, (_, i) => ({ projectId: 1, id: i + 1 })),
    ...[117, 118, 119, 120].map((id) => ({ projectId: 2, id })),
  ]);
  const fresh = mention({ id: FRESH_ID, project_id: 1, date_added: serviceDate(NOW.getTime()) });
  const replies = new Map<number, Mention[]>([
    [1, [...history1, fresh]],
    [2, history2],
  ]);
  return { stored, replies };
}

function mergeAll(
  store: MentionStore,
  replies: Map<number, Mention[]>,
  now: Date,
  utcOffsetMinutes: number,
) {
  const added: StoredMention[] = [];
  for (const [projectId, reply] of replies) {
    const result = mergeMentions(store, projectId, reply, now, {
      limits: LIMITS,
      utcOffsetMinutes,
    });
    store = result.store;
    added.push(...result.added);
  }
  return { store, added };
}

/** Whether the store's floor for the mention's project refuses it: it cannot come back. */
function covered(store: MentionStore, m: StoredMention): boolean {
  const floor = store.floors[m.project_id];
  const at = parseServiceDate(m.date_added, store.utcOffsetMinutes);
  return floorRefuses(floor, m.id, at);
}

const area = fakeBrowser.storage.local;
let realGet: typeof area.get;
let realSet: typeof area.set;
let realRemove: typeof area.remove;

/** A fresh fake browser, and storage's own methods kept for the failing storage to call through. */
export function resetStorage(): void {
  fakeBrowser.reset();
  realGet = area.get.bind(area);
  realSet = area.set.bind(area);
  realRemove = area.remove.bind(area);
}

/**
 * Storage that follows `plan`, and checks at every removal it lets through that storage already
 * holds a floor covering each record removed. Returns what it saw.
 */
function failingStorage(plan: Plan) {
  let n = 0;
  const seen = {
    quota: false,
    calls: 0,
    log: [] as { method: string; keys: string[]; failed: boolean }[],
    uncovered: [] as string[],
  };
  const decide = async (method: 'get' | 'set' | 'remove', keys: string[]) => {
    n += 1;
    seen.calls = n;
    const stored = new Set(Object.keys(await realGet(null)));
    const error = plan({ n, method, keys, stored });
    seen.log.push({ method, keys, failed: error !== undefined });
    if (error && /quota/i.test(error.message)) seen.quota = true;
    return error;
  };
  vi.spyOn(area, 'get').mockImplementation((async (keys?: string[] | null) => {
    const error = await decide('get', keys ?? []);
    if (error) throw error;
    return realGet(keys as never);
  }) as never);
  vi.spyOn(area, 'set').mockImplementation((async (items: Record<string, unknown>) => {
    const error = await decide('set', Object.keys(items));
    if (error) throw error;
    return realSet(items);
  }) as never);
  vi.spyOn(area, 'remove').mockImplementation((async (keys: string | string[]) => {
    const list = Array.isArray(keys) ? keys : [keys];
    const error = await decide('remove', list);
    if (error) throw error;
    const now = storeOfShards(await realGet(null));
    for (const key of list) {
      const named = recordKeyOf(key);
      const m = named && findMention(now, named);
      if (m && !covered(now, m)) seen.uncovered.push(key);
    }
    return realRemove(list);
  }) as never);
  return seen;
}

/**
 * The poll's write through `plan`, then everything that must hold, then the next poll. With
 * `utcOffsetMinutes` the poll has learnt the service's offset: its store moves to it (every time
 * and floor) in the same write.
 */
export async function writeThrough(plan: Plan, utcOffsetMinutes = 0) {
  const { stored, replies } = scenario();
  await writeMentionStore(FIRST_ACCOUNT, stored, emptyMentionStore());
  const before = await readMentionStore(FIRST_ACCOUNT);
  expect(before).toEqual(stored);

  const later = new Date(NOW.getTime() + 5 * 60_000);
  const poll = mergeAll(before, replies, later, utcOffsetMinutes);
  expect(poll.added.map((m) => m.id)).toEqual([FRESH_ID]);
  const seen = failingStorage(plan);
  const outcome = await writeMentionStore(FIRST_ACCOUNT, poll.store, before, {
    [OUTBOX]: [`mm:mention:1:${FRESH_ID}`],
  }).catch((error: unknown) => error);
  vi.restoreAllMocks();

  const after = await readMentionStore(FIRST_ACCOUNT);
  if (outcome instanceof Error) expect(outcome).toBeInstanceOf(StoreWriteError);
  else expect(after).toEqual(outcome);
  // Every removal found its floor already stored.
  expect(seen.uncovered).toEqual([]);

  // Read state kept; what is gone is under its floor, and only a quota prune drops anything of
  // what was stored (the merge's own cap drop here is the oldest of project 1, under its floor).
  const gone: StoredMention[] = [];
  for (const list of Object.values(before.byProject)) {
    for (const m of list) {
      const kept = findMention(after, { projectId: m.project_id, id: m.id });
      if (kept) expect([m.id, kept.read]).toEqual([m.id, m.read]);
      else gone.push(m);
    }
  }
  expect(gone.filter((m) => !covered(after, m)).map((m) => m.id)).toEqual([]);
  // Every floor below what its project keeps (unless a removal failed: then what it was to remove
  // is still there, under the floor, and goes with the next write that drops anything).
  if (!seen.log.some((call) => call.method === 'remove' && call.failed)) {
    const refused = Object.values(after.byProject)
      .flat()
      .filter((m) => covered(after, m));
    expect(refused.map((m) => [m.project_id, m.id])).toEqual([]);
  }
  const capDrop = before.byProject[1].at(-1)!;
  if (!seen.quota) expect(gone.filter((m) => m !== capDrop)).toEqual([]);

  // The new mention's notification is stored exactly when the mention is.
  const freshStored = findMention(after, { projectId: 1, id: FRESH_ID });
  const outbox = (await realGet(OUTBOX))[OUTBOX];
  expect(outbox !== undefined).toBe(freshStored !== undefined);

  // The next poll, storage working: nothing comes back; the new mention comes in if it is not in
  // yet, unread; nothing else does.
  const next = mergeAll(after, replies, new Date(later.getTime() + 5 * 60_000), utcOffsetMinutes);
  const expected = freshStored ? [] : [[FRESH_ID, false]];
  expect(next.added.map((m) => [m.id, m.read])).toEqual(expected);
  const written = await writeMentionStore(FIRST_ACCOUNT, next.store, after);
  expect(await readMentionStore(FIRST_ACCOUNT)).toEqual(written);
  expect(findMention(written, { projectId: 1, id: FRESH_ID })?.read).toBe(false);
  // And a poll after that brings nothing.
  expect(
    mergeAll(written, replies, new Date(later.getTime() + HOUR), utcOffsetMinutes).added,
  ).toEqual([]);
  return { seen, outcome, gone, freshStored, after };
}

export const failAt =
  (at: number, error: () => Error): Plan =>
  ({ n }) =>
    n === at ? error() : undefined;
