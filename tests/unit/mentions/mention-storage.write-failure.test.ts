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
import {
  OUTBOX,
  failAt,
  ioError,
  quotaError,
  resetStorage,
  writeThrough,
} from '../support/store-write-failure';

beforeEach(() => resetStorage());

afterEach(() => vi.restoreAllMocks());

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
