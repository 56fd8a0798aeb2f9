// Items defined on first use: no storage call until something other than the key is used, and
// then the same behaviour as an item WXT defines at once.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { defineLazyItem } from '@/lib/lazy-storage-item';

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
