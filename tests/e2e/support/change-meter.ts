// A meter of what storage.local.onChanged reports, run in an extension page of its own: Chrome
// reports only values that differ from the stored ones, so it measures changed data (the worker's
// own set() calls are recorded by ./worker.ts).
import type { Page } from 'playwright-core';

/** A storage.local key only the test writes, to know when earlier changes have been reported. */
const CHANGE_FENCE_KEY = '__e2eChangeFence';

/** Per key: the events reported and the JSON size of their new values. */
export type Changes = Record<string, { events: number; bytes: number }>;

/**
 * Starts summing, in this page, what storage.local.onChanged reports per key: events and
 * JSON.stringify(newValue).length. Chrome reports only values that differ from the stored
 * ones, so this measures changed data, not write calls (see recordStorageWrites for those).
 */
export async function startChangeMeter(page: Page): Promise<void> {
  await page.evaluate((fenceKey) => {
    const g = globalThis as unknown as {
      __mmChanges: Record<string, { events: number; bytes: number }>;
      __mmFence?: (value: unknown) => void;
    };
    g.__mmChanges = {};
    chrome.storage.onChanged.addListener((changes, area) => {
      if (area !== 'local') return;
      for (const [key, change] of Object.entries(changes)) {
        if (key === fenceKey) {
          g.__mmFence?.(change.newValue);
          continue;
        }
        const entry = (g.__mmChanges[key] ??= { events: 0, bytes: 0 });
        entry.events += 1;
        entry.bytes += JSON.stringify(change.newValue)?.length ?? 0;
      }
    });
  }, CHANGE_FENCE_KEY);
}

/**
 * What the meter summed since the last call, per key. A write of its own goes last and is
 * waited for, so every change made before this call has been counted.
 */
export async function takeChanges(page: Page): Promise<Changes> {
  return page.evaluate(async (fenceKey) => {
    const g = globalThis as unknown as {
      __mmChanges: Record<string, { events: number; bytes: number }>;
      __mmFence?: (value: unknown) => void;
    };
    const mark = `${Date.now()}:${Math.random()}`;
    await new Promise<void>((resolve) => {
      g.__mmFence = (value) => {
        if (value === mark) resolve();
      };
      void chrome.storage.local.set({ [fenceKey]: mark });
    });
    const taken = g.__mmChanges;
    g.__mmChanges = {};
    return taken;
  }, CHANGE_FENCE_KEY);
}
