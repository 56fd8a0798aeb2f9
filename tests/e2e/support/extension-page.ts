// Talking to the background from an extension page, the way the popup and options do: commands
// through runtime messages (the wire format of @webext-core/messaging), and reads of the toolbar
// button, storage, the alarm and notifications through the extension's own APIs.
import type { Page } from 'playwright-core';
import { storeOfShards } from '../../../lib/mentions/shards';
import type { CommandResult, ProtocolMap } from '../../../lib/messaging/protocol';
import type { ExtensionBrowser } from './chromium';
import { workerIsRunning, stopServiceWorker } from './worker';

/**
 * An extension-origin document with no script of its own (the manifest, shown as text): nothing
 * but the test sends the background anything, whatever the popup and options grow to do on open.
 */
export const QUIET_PAGE = 'manifest.json';

export const POLL_ALARM = 'mention-monitor-poll';

/** A storage.local key only the test writes, to know when earlier changes have been reported. */
const CHANGE_FENCE_KEY = '__e2eChangeFence';

export type Command = keyof ProtocolMap;
export type CommandData<K extends Command> = Parameters<ProtocolMap[K]>[0];
export type CommandValue<K extends Command> =
  ReturnType<ProtocolMap[K]> extends CommandResult<infer T> ? T : never;

export interface Badge {
  text: string;
  title: string;
}

export interface AlarmInfo {
  name: string;
  scheduledTime: number;
  periodInMinutes?: number;
}

/** Storage as the test reads it (shapes of lib/mentions/store.ts and lib/sync/status.ts). */
export interface StoredMentionView {
  id: number;
  project_id: number;
  read: boolean;
  firstSeen: number;
  addedAt: number;
  date_added: string;
  title: string;
}

export interface MentionStoreView {
  byProject: Record<string, StoredMentionView[]>;
  syncedProjects: number[];
  floors: Record<string, unknown>;
  utcOffsetMinutes: number;
}

export interface SyncStatusView {
  schedule: {
    consecutiveFailures: number;
    lastSuccessAt: number | null;
    nextPollAt: number;
    attention: boolean;
  };
  keyRejected: boolean;
  permissionMissing: boolean;
  lastError: { kind: string; message: string; at: number } | null;
  projectErrors: Record<string, { kind: string; message: string; at: number }>;
  lastPollAt: number | null;
}

export class ExtensionPage {
  constructor(readonly page: Page) {}

  static async open(browser: ExtensionBrowser, path = QUIET_PAGE): Promise<ExtensionPage> {
    return new ExtensionPage(await browser.openPage(path));
  }

  /** Sends a command as the extension's pages do; the background's CommandResult comes back. */
  async command<K extends Command>(
    type: K,
    ...data: CommandData<K> extends undefined ? [] : [CommandData<K>]
  ): Promise<CommandResult<CommandValue<K>>> {
    const reply = await this.page.evaluate(
      ([type, data]) => chrome.runtime.sendMessage({ id: 1, type, data, timestamp: Date.now() }),
      [type, data[0]] as const,
    );
    if (typeof reply !== 'object' || reply === null || !('res' in reply)) {
      throw new Error(`${type}: the background did not answer: ${JSON.stringify(reply)}`);
    }
    return (reply as { res: CommandResult<CommandValue<K>> }).res;
  }

  /** A command that must succeed: its value, or a thrown error naming what the background said. */
  async ok<K extends Command>(
    type: K,
    ...data: CommandData<K> extends undefined ? [] : [CommandData<K>]
  ): Promise<CommandValue<K>> {
    const result = await this.command(type, ...data);
    if (!result.ok) throw new Error(`${type} failed: ${JSON.stringify(result.error)}`);
    return result.value;
  }

  async badge(): Promise<Badge> {
    return this.page.evaluate(async () => ({
      text: await chrome.action.getBadgeText({}),
      title: await chrome.action.getTitle({}),
    }));
  }

  /**
   * The badge once it has stopped changing for `quietMs`: the worker recomputes it after each
   * storage write, a moment after the command that caused the write has answered.
   */
  async settledBadge(quietMs = 300): Promise<Badge> {
    let last = await this.badge();
    let since = Date.now();
    while (Date.now() - since < quietMs) {
      await this.page.waitForTimeout(50);
      const now = await this.badge();
      if (now.text !== last.text || now.title !== last.title) {
        last = now;
        since = Date.now();
      }
    }
    return last;
  }

  async local<T = unknown>(key: string): Promise<T | undefined> {
    return this.page.evaluate(
      async (key) => (await chrome.storage.local.get(key))[key] as never,
      key,
    );
  }

  async session<T = unknown>(key: string): Promise<T | undefined> {
    return this.page.evaluate(
      async (key) => (await chrome.storage.session.get(key))[key] as never,
      key,
    );
  }

  /** The mention store, read from its split keys the way the extension reads it. */
  async store(): Promise<MentionStoreView> {
    const all = await this.page.evaluate(async () => chrome.storage.local.get(null));
    return storeOfShards(all as Record<string, unknown>) as MentionStoreView;
  }

  async status(): Promise<SyncStatusView> {
    // The whole status is in storage.session; after a browser start, its durable part in local.
    const status =
      (await this.session<SyncStatusView>('syncStatus')) ??
      (await this.local<SyncStatusView>('syncStatus'));
    if (!status) throw new Error('No syncStatus in storage yet');
    return status;
  }

  async alarm(): Promise<AlarmInfo | undefined> {
    return this.page.evaluate(
      async (name) => ((await chrome.alarms.get(name)) as AlarmInfo | undefined) ?? undefined,
      POLL_ALARM,
    );
  }

  async notificationIds(): Promise<string[]> {
    return this.page.evaluate(async () => Object.keys(await chrome.notifications.getAll()).sort());
  }

  async clearNotifications(): Promise<void> {
    await this.page.evaluate(async () => {
      for (const id of Object.keys(await chrome.notifications.getAll())) {
        await chrome.notifications.clear(id);
      }
    });
  }

  /**
   * Waits until a poll has finished after `since` (epoch ms; any poll when null): the status
   * records it and the lease is released. saveConnection starts its first poll without waiting
   * for it, so tests wait here.
   */
  async waitForPoll(since: number | null = null, timeoutMs = 15_000): Promise<SyncStatusView> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const [status, lease] = await Promise.all([
        this.session<SyncStatusView>('syncStatus'),
        this.session('pollLease'),
      ]);
      const polled = status?.lastPollAt != null && (since === null || status.lastPollAt >= since);
      if (status && polled && lease == null) return status;
      if (Date.now() > deadline) {
        throw new Error(`No poll finished in ${timeoutMs} ms: ${JSON.stringify(status)}`);
      }
      await this.page.waitForTimeout(50);
    }
  }

  /**
   * Starts summing, in this page, what storage.local.onChanged reports per key: events and
   * JSON.stringify(newValue).length. Chrome reports only values that differ from the stored
   * ones, so this measures changed data, not write calls (see recordStorageWrites for those).
   */
  async startChangeMeter(): Promise<void> {
    await this.page.evaluate((fenceKey) => {
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
  async takeChanges(): Promise<Record<string, { events: number; bytes: number }>> {
    return this.page.evaluate(async (fenceKey) => {
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

  /**
   * Back to a freshly installed extension without relaunching the browser (a launch costs
   * seconds): the worker stopped, so its memory is gone; storage, alarms, notifications and the
   * badge cleared; then the worker woken and its start-up awaited (badge recomputed, alarm
   * re-created). The status says the next poll is an hour away, so the start-up begins no poll of
   * its own (not-configured) for the test's first command to join.
   */
  async resetExtension(extensionId: string): Promise<void> {
    await stopServiceWorker(this.page, extensionId);
    // Storage changes wake a stopped worker (it listens to storage.onChanged): clear storage first,
    // then stop whatever woke, and only then clear what wakes nothing (alarms, notifications,
    // badge), so a worker woken mid-reset cannot leave an alarm or a lease behind.
    await this.page.evaluate(
      async (nextPollAt) => {
        await chrome.storage.local.clear();
        await chrome.storage.session.clear();
        await chrome.storage.local.set({
          syncStatus: {
            schedule: { consecutiveFailures: 0, lastSuccessAt: null, nextPollAt, attention: false },
            keyRejected: false,
            permissionMissing: false,
            lastError: null,
            projectErrors: {},
            lastPollAt: null,
          },
        });
      },
      Date.now() + 60 * 60_000,
    );
    // Storage events are delivered to the worker asynchronously and may start it after a stop has
    // returned: repeat until a stop holds across the clearing of what wakes nothing.
    for (let attempt = 0; ; attempt += 1) {
      if (attempt === 5) throw new Error('The worker keeps waking during the reset');
      await stopServiceWorker(this.page, extensionId);
      await this.page.waitForTimeout(200);
      if (await workerIsRunning(this.page, extensionId)) continue;
      const leftovers = await this.page.evaluate(
        async () => Object.keys(await chrome.storage.session.get(null)).length,
      );
      if (leftovers > 0) {
        // A lease or token written by a woken worker: clear it (this wakes it again) and retry.
        await this.page.evaluate(() => chrome.storage.session.clear());
        continue;
      }
      await this.page.evaluate(async () => {
        await chrome.alarms.clearAll();
        for (const id of Object.keys(await chrome.notifications.getAll())) {
          await chrome.notifications.clear(id);
        }
        await chrome.action.setBadgeText({ text: 'rst' });
        await chrome.action.setTitle({ title: 'reset' });
      });
      if (!(await workerIsRunning(this.page, extensionId))) break;
    }
    // Wakes the worker; marking nothing read changes nothing.
    await this.ok('markRead', { keys: [] });
    const deadline = Date.now() + 10_000;
    while ((await this.badge()).text !== '?' || !(await this.alarm())) {
      if (Date.now() > deadline) throw new Error('The worker did not start up after the reset');
      await this.page.waitForTimeout(25);
    }
  }

  /** Saves the connection as the options page does and waits for the first poll it starts. */
  async configure(serviceUrl: string, apiKey: string): Promise<SyncStatusView> {
    await this.ok('saveConnection', { serviceUrl, apiKey });
    return this.waitForPoll();
  }
}

/** Unread mentions in a stored store, per project id and in all. */
export function unreadIn(store: MentionStoreView): {
  total: number;
  byProject: Map<number, number>;
} {
  const byProject = new Map<number, number>();
  let total = 0;
  for (const [id, list] of Object.entries(store.byProject)) {
    const unread = list.filter((m) => !m.read).length;
    byProject.set(Number(id), unread);
    total += unread;
  }
  return { total, byProject };
}

export function mentionTotal(store: MentionStoreView): number {
  return Object.values(store.byProject).reduce((n, list) => n + list.length, 0);
}
