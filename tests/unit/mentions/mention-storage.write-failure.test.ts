// A poll's write of the store that storage refuses part way: at any call (the format check, a set,
// a removal), once or for good, with a quota error or another. Whatever storage is left holding:
// every removal finds the floor that covers what it removes already stored; no mention comes back
// as new with the next poll (0 resurrected); an unread mention is gone only when a quota prune
// dropped it under its floor, and never otherwise (0 lost); no read state changes; the new mention
// the write carried is stored exactly once, with the next poll if not with this one, and its
// notification is written with it (one where one is due).

import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { admits, excludedIds } from '@/lib/mentions/floors';
import { mergeMentions } from '@/lib/mentions/merge';
import {
  StoreWriteError,
  readMentionStore,
  writeMentionStore,
} from '@/lib/mentions/mention-storage';
import { markRead } from '@/lib/mentions/read-state';
import { findMention } from '@/lib/mentions/selectors';
import { parseServiceDate } from '@/lib/mentions/service-date';
import { parseRecordKey } from '@/lib/mentions/shard-keys';
import { storeOfShards } from '@/lib/mentions/shards';
import { emptyMentionStore, type MentionStore, type StoredMention } from '@/lib/mentions/store';
import type { Mention } from '@/lib/service/mention';
import { NOW, mention, serviceDate } from '../support/mention-factory';

const HOUR = 3_600_000;
const LIMITS = { perProject: 50, total: 100 };
const OUTBOX = 'notificationOutbox';
const FRESH_ID = 999;

const quotaError = () => new Error('QUOTA_BYTES quota exceeded');
const ioError = () => new Error('IO error: .../LOCK: File currently in use');

/**
 * What storage does with one call: `n` counts every call of the write, from 1; `stored` is the
 * keys storage holds before it.
 */
type Plan = (call: {
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
  return !admits(floor, excludedIds(floor), m.id, at);
}

const area = fakeBrowser.storage.local;
let realGet: typeof area.get;
let realSet: typeof area.set;
let realRemove: typeof area.remove;

beforeEach(async () => {
  fakeBrowser.reset();
  realGet = area.get.bind(area);
  realSet = area.set.bind(area);
  realRemove = area.remove.bind(area);
});

afterEach(() => vi.restoreAllMocks());

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
      const named = parseRecordKey(key);
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
async function writeThrough(plan: Plan, utcOffsetMinutes = 0) {
  const { stored, replies } = scenario();
  await writeMentionStore(stored, emptyMentionStore());
  const before = await readMentionStore();
  expect(before).toEqual(stored);

  const later = new Date(NOW.getTime() + 5 * 60_000);
  const poll = mergeAll(before, replies, later, utcOffsetMinutes);
  expect(poll.added.map((m) => m.id)).toEqual([FRESH_ID]);
  const seen = failingStorage(plan);
  const outcome = await writeMentionStore(poll.store, before, {
    [OUTBOX]: [`mm:mention:1:${FRESH_ID}`],
  }).catch((error: unknown) => error);
  vi.restoreAllMocks();

  const after = await readMentionStore();
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
  const written = await writeMentionStore(next.store, after);
  expect(await readMentionStore()).toEqual(written);
  expect(findMention(written, { projectId: 1, id: FRESH_ID })?.read).toBe(false);
  // And a poll after that brings nothing.
  expect(
    mergeAll(written, replies, new Date(later.getTime() + HOUR), utcOffsetMinutes).added,
  ).toEqual([]);
  return { seen, outcome, gone, freshStored, after };
}

const failAt =
  (at: number, error: () => Error): Plan =>
  ({ n }) =>
    n === at ? error() : undefined;

describe('a store write that storage refuses part way', () => {
  // The write: 1 the format check (get), 2 the set of records, floor, preview and outbox,
  // 3 the removal of what the caps dropped.
  it.each([
    ['the format check', 1],
    ['the set', 2],
    ['the removal after the set', 3],
  ])('%s failing (call %d): nothing resurrected, nothing lost', async (_what, at) => {
    const { outcome, seen } = await writeThrough(failAt(at, ioError));
    expect(outcome).toMatchObject({ reason: 'failed' });
    expect(seen.calls).toBe(at);
  });

  // After a quota error on the set: 3 reading what is stored, 4 the floors alone, 5 the removal
  // of what the prune dropped, 6 the set of the rest (records, preview, outbox).
  it.each([
    ['the floors', 4, (keys: string[]) => keys.every((key) => key.startsWith('mentionFloor:'))],
    ['the removal', 5, (keys: string[]) => keys.some((key) => key.startsWith('mention:'))],
    ['the rest', 6, (keys: string[]) => keys.includes(OUTBOX)],
  ])(
    'a quota error, then %s failing (call %d): the floors went first, nothing resurrected',
    async (_what, at, isTheCall) => {
      const { outcome, gone, seen } = await writeThrough(({ n }) =>
        n === 2 ? quotaError() : n === at ? ioError() : undefined,
      );
      expect(outcome).toMatchObject({ reason: 'failed' });
      expect(seen.calls).toBe(at);
      expect(isTheCall(seen.log[at - 1].keys)).toBe(true);
      expect(seen.log.map((call) => call.method)).toEqual(
        ['get', 'set', 'get', 'set', 'remove', 'set'].slice(0, at),
      );
      // Past the removal, the prune's drops are gone, each under its floor (writeThrough checks).
      if (at === 6) expect(gone.length).toBeGreaterThan(1);
      else expect(gone).toEqual([]);
    },
  );

  it.each([-300, 540])(
    'a quota error in a write that moves the store to UTC%i: the early floors are at the stored offset',
    async (offset) => {
      const { outcome, gone, after } = await writeThrough(
        ({ n }) => (n === 2 ? quotaError() : n === 6 ? ioError() : undefined),
        offset,
      );
      expect(outcome).toMatchObject({ reason: 'failed' });
      // The prune's drops are gone under floors that read right at the offset storage still has.
      expect(gone.length).toBeGreaterThan(1);
      expect(after.utcOffsetMinutes).toBe(0);
    },
  );

  it('a quota error once: the prune makes room and the write lands', async () => {
    const { outcome, freshStored, gone } = await writeThrough(failAt(2, quotaError));
    expect(outcome).not.toBeInstanceOf(Error);
    expect(freshStored?.read).toBe(false);
    expect(gone.length).toBeGreaterThan(1);
  });

  it('quota full for good: nothing removed, nothing written', async () => {
    const { outcome, gone, freshStored, seen } = await writeThrough(({ method }) =>
      method === 'set' ? quotaError() : undefined,
    );
    expect(outcome).toMatchObject({ reason: 'quota' });
    expect(gone).toEqual([]);
    expect(freshStored).toBeUndefined();
    expect(seen.calls).toBeGreaterThan(7);
  });

  it('quota full for records for good (small items still fit): drops only under floors', async () => {
    const { outcome, gone, freshStored } = await writeThrough(({ method, keys }) =>
      method === 'set' && keys.some((key) => key.startsWith('mention:')) ? quotaError() : undefined,
    );
    expect(outcome).toMatchObject({ reason: 'quota' });
    // Six rounds of a fifth: about three quarters went, each under its floor.
    expect(gone.length).toBeGreaterThan(40);
    expect(freshStored).toBeUndefined();
  });

  it('a quota that fits only so many records: pruned until it fits, the new one in', async () => {
    // 70 stored, room for 70: the new one does not fit until the prune removed some.
    const { outcome, freshStored, gone } = await writeThrough(({ method, keys, stored }) => {
      if (method !== 'set') return undefined;
      const records = new Set([...stored, ...keys].filter((key) => key.startsWith('mention:')));
      return records.size > 70 ? quotaError() : undefined;
    });
    expect(outcome).not.toBeInstanceOf(Error);
    expect(freshStored?.read).toBe(false);
    expect(gone.length).toBeGreaterThanOrEqual(11);
  });

  it('any storage, any failures: the same holds', async () => {
    const step = fc.constantFrom('ok', 'ok', 'quota', 'io');
    await fc.assert(
      fc.asyncProperty(
        fc.array(step, { maxLength: 14 }),
        fc.constantFrom('ok', 'quota', 'recordsQuota'),
        fc.constantFrom(0, 0, -300, 540),
        async (steps, tail, offset) => {
          fakeBrowser.reset();
          await writeThrough(({ n, method, keys }) => {
            const what = n <= steps.length ? steps[n - 1] : tail;
            if (what === 'io') return ioError();
            if (what === 'quota' || (what === 'recordsQuota' && method === 'set')) {
              if (what === 'recordsQuota' && !keys.some((key) => key.startsWith('mention:'))) {
                return undefined;
              }
              return quotaError();
            }
            return undefined;
          }, offset);
        },
      ),
      { numRuns: 60 },
    );
  }, 60_000);
});
