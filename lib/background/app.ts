// The background, assembled: real storage, alarms, badge and notifications wired to the pure core,
// and the toolbar's context menu and the welcome page of a first install. `entrypoints/
// background.ts` registers the listeners; everything they do lives here so tests can run the same
// code against WXT's fake browser.

import { browser, type Browser } from 'wxt/browser';
import {
  commandAccountId,
  FIRST_ACCOUNT,
  listAccounts,
  splitAccountKey,
} from '@/lib/accounts/accounts';
import { applyBadge, badgeFor } from '@/lib/badge/apply-badge';
import { findMention } from '@/lib/mentions/store';
import { migrateStoredMentions, readMentionStore } from '@/lib/mentions/mention-storage';
import { readPreviewCounts } from '@/lib/mentions/preview';
import { commandMessenger } from '@/lib/messaging/messenger';
import type { MentionKey, ProtocolMap } from '@/lib/messaging/protocol';
import { parseNotificationId } from '@/lib/mentions/notify';
import { flushOutbox } from '@/lib/notifications/desktop';
import { hostPermissionPattern } from '@/lib/permissions/host-pattern';
import { safeHttpUrl } from '@/lib/safe-url';
import { createServiceClient } from '@/lib/service/client';
import {
  readProjects,
  readSettings,
  settingsItem,
  syncStatusItem,
  triageItem,
} from '@/lib/storage/items';
import { PREVIEW_KEY, TRIAGE_KEY } from '@/lib/storage/keys';
import { clearPollAlarm, ensurePollAlarm, pollAlarmAccount } from '@/lib/sync/poll-alarm';
import { readSyncStatus } from '@/lib/sync/status-storage';
import { commandSchemas } from '@/lib/background/command-schemas';
import { guardCommand } from '@/lib/background/commands';
import { createAccountWorlds, type AccountWorld } from '@/lib/background/account-worlds';
import { snoozeAlarm } from '@/lib/background/triage-commands';
import { openMentionsPage, addFormHash, openWelcomePage } from '@/lib/navigation/pages';
import { t } from '@/lib/i18n';
import type { ProjectType } from '@/lib/projects/types';
import { websiteHostOf } from '@/lib/site/site';

// The demo build (npm run demo) starts connected to the bundled fake service, so a newcomer sees
// mentions at once. Every other build defines the preset as null and this is dead code.

declare const __MM_DEMO_CONNECTION__: { serviceUrl: string; apiKey: string } | null | undefined;

const DEMO_CONNECTION =
  typeof __MM_DEMO_CONNECTION__ === 'undefined' ? null : __MM_DEMO_CONNECTION__;

async function hasHostPermission(origin: string): Promise<boolean> {
  const pattern = hostPermissionPattern(origin);
  return pattern !== undefined && browser.permissions.contains({ origins: [pattern] });
}

/** Best effort: a permission the browser will not give back (a required one) stays, harmlessly. */
async function removeHostPermission(origin: string): Promise<void> {
  const pattern = hostPermissionPattern(origin);
  if (pattern === undefined) return;
  try {
    await browser.permissions.remove({ origins: [pattern] });
  } catch {
    // Nothing to do: the permission only lets us reach that host, and we no longer call it.
  }
}

export function createBackgroundApp() {
  const worlds = createAccountWorlds({
    makeClient: (origin, options) =>
      createServiceClient({ baseUrl: origin, secrets: options?.secrets }),
    hasHostPermission,
    removeHostPermission,
  });
  const first = () => worlds.world(FIRST_ACCOUNT);

  /** A notification of one mention: its page opened (when it has a safe one), and read. */
  async function openMention(account: string, key: MentionKey): Promise<void> {
    const mention = findMention(await readMentionStore(account), key);
    const url = safeHttpUrl(mention?.url);
    if (url) await browser.tabs.create({ url });
    await worlds.world(account).commands.markRead({ keys: [key] });
  }

  async function refreshBadge(): Promise<void> {
    const settings = await readSettings();
    const accounts = listAccounts(settings);
    const shown = accounts.length > 0 ? accounts : [{ id: FIRST_ACCOUNT, label: '' }];
    const each = await Promise.all(
      shown.map(async ({ id }) => {
        const [status, counts, projects, triageState] = await Promise.all([
          readSyncStatus(id),
          readPreviewCounts(id),
          readProjects(id),
          triageItem(id).read(),
        ]);
        return { id, status, counts, projects, triage: triageState };
      }),
    );
    await applyBadge(badgeFor({ settings, accounts: each }));
  }

  const app = {
    /** The first account's poller (tests drive it; every account has its own). */
    get poller() {
      return first().poller;
    },
    worlds,
    refreshBadge,

    /** Answers every command (synchronously registered: a message may be what woke the worker). */
    registerMessageHandlers(): void {
      const id = browser.runtime.id;
      const origin = browser.runtime.getURL('/');
      const { onMessage } = commandMessenger();
      // The loop loses the pairing of each name with its handler's type (the protocol types each
      // one), hence the cast; guardCommand checks sender and data at run time.
      for (const name of Object.keys(commandSchemas) as (keyof ProtocolMap)[]) {
        const handler = worlds.handler(name) as (data: unknown) => Promise<never>;
        onMessage(name, guardCommand(handler, id, origin));
      }
    },

    /** Worker start, browser start, install or update: badge back, alarms present, polls if due. */
    async onStart(): Promise<void> {
      // Demo builds only: connect to the bundled fake service the first time.
      if (DEMO_CONNECTION && listAccounts(await readSettings()).length === 0) {
        await first().commands.saveConnection(DEMO_CONNECTION);
      }
      await refreshBadge();
      const accounts = await worlds.connected();
      // An account removed while the worker slept may have left its alarm behind.
      const wanted = new Set([FIRST_ACCOUNT, ...accounts.map(({ account }) => account.id)]);
      await Promise.all(
        (await browser.alarms.getAll())
          .map((alarm) => pollAlarmAccount(alarm.name))
          .filter((account): account is string => account !== null && !wanted.has(account))
          .map((account) => clearPollAlarm(account)),
      );
      // With no account yet, the first one's world starts as the single account's always did: its
      // status says "not set up" and its alarm is there.
      const starting = accounts.length > 0 ? accounts.map(({ world }) => world) : [first()];
      await Promise.all(starting.map((world) => startAccount(world)));
    },

    /**
     * An update of the extension: stored formats of the older version are brought up to date
     * (in the store queue, so no poll writes in between) before the usual start. Reads understand
     * the older formats too, so nothing is lost should the worker stop before this ends.
     */
    async onUpdate(): Promise<void> {
      const accounts = listAccounts(await readSettings());
      await worlds.storeQueue.run(async () => {
        for (const { id } of [{ id: FIRST_ACCOUNT }, ...accounts]) await migrateStoredMentions(id);
      });
      await app.onStart();
    },

    /** A permission granted or revoked anywhere (also in the browser's settings) is seen at once. */
    async onPermissionsChanged(): Promise<void> {
      // Disconnecting gives the permission back: that is no reason to poll (or to set an alarm).
      const accounts = await worlds.connected();
      await Promise.all(accounts.map(({ world }) => world.poller.pollAfterChange('connection')));
    },

    async onAlarm(name: string): Promise<void> {
      const accounts = await worlds.connected();
      const ids = accounts.map(({ account }) => account.id);
      const polled = pollAlarmAccount(name);
      // The first account's poll runs connected or not, as the single account's always did: its
      // status tells what is missing. Another account's alarm outlived its account: nothing to do.
      if (polled === FIRST_ACCOUNT || (polled !== null && ids.includes(polled))) {
        await worlds.world(polled).poller.poll();
      }
      const snoozed = ids.find((account) => name === snoozeAlarm(account));
      if (snoozed !== undefined) await worlds.world(snoozed).triage.onSnoozeEnd();
    },

    /**
     * Any change to what the badge shows recomputes it (pages never write these keys). Keys come
     * with their area, as WXT names items: `local:settings`, `session:account2/syncStatus`.
     */
    async onStorageChanged(keys: string[]): Promise<void> {
      const names = [PREVIEW_KEY, 'syncStatus', 'projects', TRIAGE_KEY, settingsItem.name];
      const badgeKey = (key: string) =>
        names.includes(splitAccountKey(key.slice(key.indexOf(':') + 1)).name);
      if (keys.some(badgeKey)) await refreshBadge();
    },

    /**
     * A click opens what the notification announced: one mention (marked read), or the mentions
     * page's unread list for several (a project's, a summary), where they wait as new.
     */
    async onNotificationClicked(notificationId: string): Promise<void> {
      const target = parseNotificationId(notificationId);
      if (!target) return;
      await browser.notifications.clear(notificationId);
      if (target.kind === 'mention') {
        await openMention(target.account, target.key);
        return;
      }
      // With several accounts the page shows the notifying account's mentions (project ids are
      // each service's own); alone, the first account's link stays the one it always was.
      await openMentionsPage({
        account: commandAccountId(await readSettings(), target.account),
        read: 'unread',
        projectId: target.kind === 'project' ? target.projectId : null,
      });
    },

    /** Chrome's buttons on a notification of one mention: "Open" (0) and "Mark read" (1). */
    async onNotificationButton(notificationId: string, index: number): Promise<void> {
      const target = parseNotificationId(notificationId);
      if (target?.kind !== 'mention') return;
      await browser.notifications.clear(notificationId);
      if (index === 0) await openMention(target.account, target.key);
      else await worlds.world(target.account).commands.markRead({ keys: [target.key] });
    },
  };
  return app;
}

/**
 * An account's start: notifications a stopped worker stored but did not show go out, its alarm is
 * there, and it polls if due.
 */
async function startAccount(world: AccountWorld): Promise<void> {
  const { account } = world;
  // Their ids are derived from their content, so one shown before is replaced, not doubled.
  try {
    await world.storeQueue.run(() => flushOutbox(account));
  } catch {
    // Never in the way of the start: the next poll tries again.
  }
  const live = await syncStatusItem(account).getValue();
  const status = await readSyncStatus(account);
  const due = status.schedule.nextPollAt;
  const created = await ensurePollAlarm(account, due);
  // The first poll runs at start-up, not one interval later. So does the first of a browser
  // session while healthy: the time of the last check is not kept on disk (lib/sync/status.ts).
  const browserStart = live === null && status.schedule.consecutiveFailures === 0;
  if ((created || browserStart) && due <= Date.now()) await world.poller.poll();
}

// The toolbar button's context menu: "Monitor this site as brand / as backlinks", which open the
// options page's add form prefilled for the current tab. Clicking the menu grants activeTab, so the
// tab's address is readable without the `tabs` permission.

const MENU_ITEMS: { id: string; type: ProjectType; title: () => string }[] = [
  { id: 'monitor-site-brand', type: 'brandMonitoring', title: () => t('menuMonitorSiteAsBrand') },
  { id: 'monitor-site-backlinks', type: 'backlinks', title: () => t('menuMonitorSiteAsBacklinks') },
];

/** Menu items persist in the browser: recreate them from scratch on install and update. */
export async function createSiteMenu(): Promise<void> {
  await browser.contextMenus.removeAll();
  for (const item of MENU_ITEMS) {
    browser.contextMenus.create({ id: item.id, title: item.title(), contexts: ['action'] });
  }
}

/**
 * The options page's fragment for a menu click: the add form of the item's type, with the tab's
 * site when it has one (a browser page opens the empty form).
 */
function siteMenuHash(menuItemId: string | number, tabUrl: string | undefined) {
  const item = MENU_ITEMS.find((i) => i.id === menuItemId);
  if (!item) return undefined;
  return addFormHash(item.type, websiteHostOf(tabUrl));
}

export async function onSiteMenuClicked(
  info: Browser.contextMenus.OnClickData,
  tab: Browser.tabs.Tab | undefined,
): Promise<void> {
  const hash = siteMenuHash(info.menuItemId, tab?.url);
  if (hash)
    await browser.tabs.create({ url: `${browser.runtime.getURL('/options.html')}#${hash}` });
}

// The welcome page opens on a first install only: an update keeps the person's setup (nothing to
// welcome them to), and a browser start fires onStartup, not onInstalled.

/** For runtime.onInstalled: `reason` is 'install', 'update', 'chrome_update' or 'shared_module_update'. */
export async function welcomeOnInstall(reason: string): Promise<void> {
  if (reason === 'install') await openWelcomePage();
}
