// The extension's service worker under test control: stopping it the way the browser does when it
// is idle (CDP ServiceWorker.stopAllWorkers, confirmed by the worker's running status), and
// counting the storage writes it makes.
import type { Page, Worker } from 'playwright-core';

interface WorkerVersion {
  versionId: string;
  scriptURL: string;
  status: 'new' | 'installing' | 'installed' | 'activating' | 'activated' | 'redundant';
  runningStatus: 'stopped' | 'starting' | 'running' | 'stopping';
}

/**
 * Stops every service worker of the page's browser and resolves once the extension's worker
 * reports "stopped". The next event for the extension (a message, an alarm) starts it afresh:
 * in-memory state is gone, storage and the alarm remain.
 *
 * It stops the worker only once it is activated. A worker stopped while it installs fails its
 * install, and Chromium drops the extension's registration with it: the extension then has no
 * background until it is reloaded ("Receiving end does not exist" for every message, and DevTools
 * reporting no registration at all). CI hit that on a freshly launched browser, where the first
 * reset came while the worker was still installing.
 */
export async function stopServiceWorker(
  page: Page,
  extensionId: string,
  timeoutMs = 10_000,
): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  try {
    const ours = (v: WorkerVersion) => v.scriptURL.startsWith(`chrome-extension://${extensionId}/`);
    const versions = new Map<string, WorkerVersion>();
    // Every event, for the error message: what DevTools saw when the worker did not stop.
    const reported: string[] = [];
    const waiters = new Set<() => void>();
    cdp.on('ServiceWorker.workerRegistrationUpdated', (event: unknown) => {
      reported.push(JSON.stringify(event).slice(0, 300));
    });
    cdp.on('ServiceWorker.workerVersionUpdated', (event: { versions: WorkerVersion[] }) => {
      reported.push(JSON.stringify(event).slice(0, 300));
      for (const version of event.versions.filter(ours)) versions.set(version.versionId, version);
      for (const check of waiters) check();
    });
    const live = () => [...versions.values()].filter((v) => v.status !== 'redundant');
    /** Resolves when `done` holds of the versions reported so far. */
    const until = (what: string, done: (live: WorkerVersion[]) => boolean) =>
      new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => {
          waiters.delete(check);
          const seen = JSON.stringify(
            [...versions.values()].map((v) => [v.status, v.runningStatus]),
          );
          reject(
            new Error(
              `The worker did not ${what}: ${seen}; DevTools reported: ` +
                (reported.join('\n') || 'nothing'),
            ),
          );
        }, timeoutMs);
        const check = () => {
          if (!done(live())) return;
          clearTimeout(timer);
          waiters.delete(check);
          resolve();
        };
        waiters.add(check);
        check();
      });

    // Enabling the domain reports every current version.
    await cdp.send('ServiceWorker.enable');
    await until('activate', (live) => live.some((v) => v.status === 'activated'));
    await cdp.send('ServiceWorker.stopAllWorkers');
    await until(
      'stop',
      (live) => live.length > 0 && live.every((v) => v.runningStatus === 'stopped'),
    );
  } finally {
    await cdp.detach().catch(() => undefined);
  }
}

/** Whether the extension's worker is running (or starting) right now, as DevTools reports it. */
export async function workerIsRunning(page: Page, extensionId: string): Promise<boolean> {
  const cdp = await page.context().newCDPSession(page);
  try {
    const versions: WorkerVersion[] = [];
    cdp.on('ServiceWorker.workerVersionUpdated', (event: { versions: WorkerVersion[] }) => {
      versions.push(...event.versions);
    });
    // Enabling the domain reports every current version at once.
    await cdp.send('ServiceWorker.enable');
    await page.waitForTimeout(50);
    return versions.some(
      (v) =>
        v.scriptURL.startsWith(`chrome-extension://${extensionId}/`) &&
        v.runningStatus !== 'stopped',
    );
  } finally {
    await cdp.detach().catch(() => undefined);
  }
}

/** One storage.local.set call made by the worker: the keys it wrote and their JSON size. */
export interface StorageWrite {
  keys: string[];
  bytes: Record<string, number>;
}

/**
 * Wraps the worker's chrome.storage.local.set so every call is recorded, including writes of a
 * value equal to the stored one (Chrome fires no storage.onChanged for those). The extension's
 * storage layer looks the method up on every call, so the wrapper sees all later writes; it lives
 * as long as this worker instance does.
 */
export async function recordStorageWrites(worker: Worker): Promise<void> {
  await worker.evaluate(() => {
    const g = globalThis as unknown as { __mmWrites?: unknown[] };
    if (g.__mmWrites) return;
    const writes: unknown[] = [];
    g.__mmWrites = writes;
    const area = chrome.storage.local as unknown as {
      set(items: Record<string, unknown>, ...rest: unknown[]): unknown;
    };
    const original = area.set;
    area.set = function (items, ...rest) {
      const bytes: Record<string, number> = {};
      for (const [key, value] of Object.entries(items)) {
        bytes[key] = JSON.stringify(value)?.length ?? 0;
      }
      writes.push({ keys: Object.keys(items), bytes });
      return original.call(this, items, ...rest);
    };
  });
}

/** The writes recorded since the last call (and forgets them); throws if the worker was replaced. */
export async function takeStorageWrites(worker: Worker): Promise<StorageWrite[]> {
  return worker.evaluate(() => {
    const writes = (globalThis as unknown as { __mmWrites?: StorageWrite[] }).__mmWrites;
    if (!writes) throw new Error('storage writes are not being recorded in this worker');
    return writes.splice(0, writes.length);
  });
}
