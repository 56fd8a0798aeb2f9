// Items defined on first use: no storage call until something other than the key is used, and
// then the same behaviour as an item WXT defines at once.
import fc from 'fast-check';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { defineLazyItem } from '@/lib/storage/storage-item';

beforeEach(() => {
  fakeBrowser.reset();
  vi.restoreAllMocks();
});

/** Spies on every read of storage.local (WXT's driver reads through get). */
const spyOnReads = () => vi.spyOn(fakeBrowser.storage.local, 'get');

describe('defineLazyItem', () => {
  it('makes no storage call when defined, nor when only its key is read', async () => {
    const reads = spyOnReads();
    const item = defineLazyItem<number>('local:count', { fallback: 0, version: 1, migrations: {} });
    expect(item.key).toBe('local:count');
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(reads).not.toHaveBeenCalled();
  });

  it('reads, writes, removes and watches like a WXT item once used', async () => {
    const item = defineLazyItem<number>('local:count', { fallback: 0 });
    expect(await item.getValue()).toBe(0);
    const seen: (number | null)[] = [];
    const unwatch = item.watch((value) => seen.push(value));
    await item.setValue(3);
    expect(await item.getValue()).toBe(3);
    expect(await fakeBrowser.storage.local.get('count')).toEqual({ count: 3 });
    await item.removeValue();
    expect(await item.getValue()).toBe(0);
    unwatch();
    await item.setValue(4);
    expect(seen).toEqual([3, 0]);
  });

  it('is one item: a value written through one method is read through another', async () => {
    const item = defineLazyItem<string | null>('session:token', { fallback: null });
    const { setValue, getValue } = item;
    await setValue('abc');
    expect(await getValue()).toBe('abc');
    expect(item.fallback).toBeNull();
  });
});

describe('a versioned item', () => {
  it('records its version with the first write when nothing was stored, and only then', async () => {
    const item = defineLazyItem<number>('local:count', { fallback: 0, version: 2, migrations: {} });
    await item.setValue(1);
    expect(await fakeBrowser.storage.local.get(['count', 'count$'])).toEqual({
      count: 1,
      count$: { v: 2 },
    });
    await fakeBrowser.storage.local.set({ count$: { v: 2, note: 'kept' } });
    const writes = vi.spyOn(fakeBrowser.storage.local, 'set');
    await item.setValue(2);
    expect(writes.mock.calls).toEqual([[{ count: 2 }]]);
  });

  it('brings an older value up through each step in order, keeping the rest of its meta', async () => {
    await fakeBrowser.storage.local.set({ log: ['v1'], log$: { v: 1, note: 'kept' } });
    const item = defineLazyItem<string[]>('local:log', {
      fallback: [],
      version: 4,
      migrations: {
        2: (old: string[]) => [...old, 'v2'],
        // A step that returns nothing keeps the value as it was.
        3: () => undefined,
        4: async (old: string[]) => [...old, 'v4'],
      },
    });
    expect(await item.getValue()).toEqual(['v1', 'v2', 'v4']);
    expect(await fakeBrowser.storage.local.get(['log', 'log$'])).toEqual({
      log: ['v1', 'v2', 'v4'],
      log$: { v: 4, note: 'kept' },
    });
  });

  it('reads a value of a missing version as version 1', async () => {
    await fakeBrowser.storage.local.set({ count: 5 });
    const item = defineLazyItem<number>('local:count', {
      fallback: 0,
      version: 2,
      migrations: { 2: (old: number) => old * 10 },
    });
    expect(await item.getValue()).toBe(50);
    expect((await fakeBrowser.storage.local.get('count$')).count$).toEqual({ v: 2 });
  });

  it('leaves a value of its own version as stored', async () => {
    await fakeBrowser.storage.local.set({ count: 5, count$: { v: 2 } });
    const writes = vi.spyOn(fakeBrowser.storage.local, 'set');
    const step = vi.fn();
    const item = defineLazyItem<number>('local:count', {
      fallback: 0,
      version: 2,
      migrations: { 2: step },
    });
    expect(await item.getValue()).toBe(5);
    expect(step).not.toHaveBeenCalled();
    expect(writes).not.toHaveBeenCalled();
  });

  it('logs a newer version or a failing step and goes on with what is stored', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await fakeBrowser.storage.local.set({ newer: 1, newer$: { v: 3 }, broken: 1 });
    const newer = defineLazyItem<number>('local:newer', {
      fallback: 0,
      version: 2,
      migrations: {},
    });
    const broken = defineLazyItem<number>('local:broken', {
      fallback: 0,
      version: 2,
      migrations: {
        2: () => {
          throw new Error('cannot');
        },
      },
    });
    expect(await newer.getValue()).toBe(1);
    expect(await broken.getValue()).toBe(1);
    expect(errors).toHaveBeenCalledTimes(2);
    expect(await fakeBrowser.storage.local.get(null)).toEqual({
      newer: 1,
      newer$: { v: 3 },
      broken: 1,
    });
    await broken.setValue(2);
    expect(await broken.getValue()).toBe(2);
  });

  it('is brought up to date by a watch alone, as a page that only watches it would', async () => {
    await fakeBrowser.storage.local.set({ count: 5 });
    const item = defineLazyItem<number>('local:count', {
      fallback: 0,
      version: 2,
      migrations: { 2: (old: number) => old + 1 },
    });
    const unwatch = item.watch(() => undefined);
    await vi.waitFor(async () =>
      expect(await fakeBrowser.storage.local.get(['count', 'count$'])).toEqual({
        count: 6,
        count$: { v: 2 },
      }),
    );
    unwatch();
  });
});

describe('writes and watches', () => {
  it('removes the key for null and reads the fallback again', async () => {
    const item = defineLazyItem<string | null>('session:token', { fallback: null });
    await item.setValue('abc');
    await item.setValue(null);
    expect(await fakeBrowser.storage.session.get(null)).toEqual({});
    expect(await item.getValue()).toBeNull();
  });

  it('watches its own key in its own area only', async () => {
    const item = defineLazyItem<number>('session:count', { fallback: -1 });
    const seen: [number, number][] = [];
    item.watch((value, old) => seen.push([value, old]));
    await fakeBrowser.storage.local.set({ count: 1 });
    await fakeBrowser.storage.session.set({ other: 1 });
    await item.setValue(2);
    await item.removeValue();
    expect(seen).toEqual([
      [2, -1],
      [-1, 2],
    ]);
  });

  it('tells of a write exactly when the stored data changed (member order aside)', async () => {
    const shuffled = (value: unknown): unknown => {
      if (Array.isArray(value)) return value.map(shuffled);
      if (typeof value !== 'object' || value === null) return value;
      return Object.fromEntries(
        Object.entries(value)
          .reverse()
          .map(([k, v]) => [k, shuffled(v)]),
      );
    };
    // Storage holds JSON: the oracle compares the JSON of both with members in one order.
    const canonical = (value: unknown): string =>
      JSON.stringify(value, (_key, v: unknown) =>
        typeof v === 'object' && v !== null && !Array.isArray(v)
          ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : 1)))
          : v,
      );
    await fc.assert(
      fc.asyncProperty(fc.jsonValue(), fc.jsonValue(), fc.boolean(), async (a, b, same) => {
        fakeBrowser.reset();
        const next = same ? shuffled(a) : b;
        const item = defineLazyItem<unknown>('local:value', { fallback: null });
        await item.setValue(a);
        const calls: unknown[] = [];
        const unwatch = item.watch((value) => calls.push(value));
        await item.setValue(next);
        unwatch();
        const changed = canonical(a ?? null) !== canonical(next ?? null);
        // As storage gives it back: JSON, where -0 is 0 (toEqual tells the two apart).
        const asStored = JSON.parse(JSON.stringify(next ?? null)) as unknown;
        expect(calls).toEqual(changed ? [asStored] : []);
      }),
      { numRuns: 200, examples: [[false, [-0], false]] },
    );
  });
});

describe('an item with a guard', () => {
  const guard = (raw: unknown): number[] =>
    Array.isArray(raw) ? raw.filter((n): n is number => typeof n === 'number') : [];

  it('names its area and its key within it', () => {
    const item = defineLazyItem<number[]>('session:counts', { fallback: [] });
    expect([item.area, item.name]).toEqual(['session', 'counts']);
  });

  it('reads through the guard, and getValue still gives what is stored', async () => {
    const item = defineLazyItem<unknown, number[]>('local:counts', { fallback: [], parse: guard });
    await fakeBrowser.storage.local.set({ counts: [1, 'x', 2] });
    expect(await item.read()).toEqual([1, 2]);
    expect(await item.getValue()).toEqual([1, 'x', 2]);
  });

  it('guards a value read another way as read() would, nothing stored as the fallback', () => {
    const item = defineLazyItem<unknown, number[]>('local:counts', { fallback: [3], parse: guard });
    fc.assert(
      fc.property(fc.jsonValue(), (raw) => {
        expect(item.parse(raw)).toEqual(guard(raw ?? [3]));
      }),
    );
    expect(item.parse(undefined)).toEqual([3]);
  });

  it('without a guard, read() is getValue()', async () => {
    const item = defineLazyItem<unknown>('local:anything', { fallback: null });
    await item.setValue({ a: 1 });
    expect(await item.read()).toEqual(await item.getValue());
    expect(item.parse(undefined)).toBeNull();
  });
});
