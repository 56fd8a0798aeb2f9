// Talking to the background from an extension page, the way the popup and options do: commands
// through runtime messages (the wire format of @webext-core/messaging), and reads of the toolbar
// button, storage, the alarm and notifications through the extension's own APIs. What storage
// holds: ./storage-views.ts; a meter of its changes: ./change-meter.ts; a reset between tests:
// ./reset-extension.ts.
import type { Page } from 'playwright-core';
import { storeOfShards } from '../../../lib/mentions/shards';
import type { CommandResult, ProtocolMap } from '../../../lib/messaging/protocol';
import type { ExtensionBrowser } from './chromium';
import type { MentionStoreView, SyncStatusView } from './storage-views';

/**
 * An extension-origin document with no script of its own (the manifest, shown as text): nothing
 * but the test sends the background anything, whatever the popup and options grow to do on open.
 */
export const QUIET_PAGE = 'manifest.json';

export const POLL_ALARM = 'mention-monitor-poll';

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

export class ExtensionPage {
  constructor(readonly page: Page) {}

  static async open(browser: ExtensionBrowser, path = QUIET_PAGE): Promise<ExtensionPage> {
    return new ExtensionPage(await browser.openPage(path));
  }

  /**
   * Sends a command as the extension's pages do, in @webext-core/messaging's format (built here:
   * the evaluated function cannot load the library): `{ id, type, data, timestamp }` out, the
   * background's CommandResult back in `{ res }`.
   */
  async command<K extends Command>(
    type: K,
    ...data: undefined extends CommandData<K> ? [CommandData<K>?] : [CommandData<K>]
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
    ...data: undefined extends CommandData<K> ? [CommandData<K>?] : [CommandData<K>]
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

  /** Saves the connection as the options page does and waits for the first poll it starts. */
  async configure(serviceUrl: string, apiKey: string): Promise<SyncStatusView> {
    await this.ok('saveConnection', { serviceUrl, apiKey });
    return this.waitForPoll();
  }
}
