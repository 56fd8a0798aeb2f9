// The background, assembled: real storage, alarms, badge and notifications wired to the pure core,
// and the toolbar's context menu and the welcome page of a first install. `entrypoints/
// background.ts` registers the listeners; everything they do lives here so tests can run the same
// code against WXT's fake browser.

import { browser, type Browser } from 'wxt/browser';
import { applyBadge, badgeFor } from '@/lib/badge/apply-badge';
import { findMention } from '@/lib/mentions/store';
import { migrateStoredMentions, readMentionStore } from '@/lib/mentions/mention-storage';
import { readPreviewCounts } from '@/lib/mentions/preview';
import { commandMessenger } from '@/lib/messaging/messenger';
import type { MentionKey, ProtocolMap } from '@/lib/messaging/protocol';
import { parseNotificationId } from '@/lib/mentions/notify';
import { clearNotifications, flushOutbox } from '@/lib/notifications/desktop';
import { hostPermissionPattern } from '@/lib/permissions/host-pattern';
import { safeHttpUrl } from '@/lib/safe-url';
import { createServiceClient } from '@/lib/service/client';
import { isConfigured } from '@/lib/settings/settings';
import {
  pollLeaseItem,
  projectsItem,
  readProjects,
  readSettings,
  serviceClockItem,
  settingsItem,
  syncStatusItem,
  triageItem,
} from '@/lib/storage/items';
import { PREVIEW_KEY } from '@/lib/storage/keys';
import { ensurePollAlarm, clearPollAlarm, POLL_ALARM, schedulePollAt } from '@/lib/sync/poll-alarm';
import { createPoller } from '@/lib/sync/poller';
import { createSerialQueue } from '@/lib/sync/locks';
import { createSession } from '@/lib/sync/session';
import { extensionStorageState } from '@/lib/sync/stored-state';
import { readSyncStatus } from '@/lib/sync/status-storage';
import { guardCommand, createCommands } from '@/lib/background/commands';
import { createAccountOrder } from '@/lib/background/account-commands';
import { createTriageCommands, SNOOZE_ALARM } from '@/lib/background/triage-commands';
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
  const makeClient = (origin: string, options?: { secrets?: readonly string[] }) =>
    createServiceClient({ baseUrl: origin, secrets: options?.secrets });
  const session = createSession({ readSettings, makeClient });
  const storeQueue = createSerialQueue();

  const poller = createPoller({
    session,
    storeQueue,
    now: Date.now,
    random: Math.random,
    ...extensionStorageState,
    isOnline: () => globalThis.navigator?.onLine !== false,
    hasHostPermission,
    readLease: () => pollLeaseItem.getValue(),
    writeLease: (lease) => (lease ? pollLeaseItem.setValue(lease) : pollLeaseItem.removeValue()),
    scheduleAt: schedulePollAt,
    flushNotifications: async () => {
      await flushOutbox();
    },
  });

  const order = createAccountOrder();
  // The triage commands, and their alarm: a snooze's end.
  const triage = createTriageCommands({
    storeQueue,
    now: Date.now,
    ...extensionStorageState,
    pollAfterConnection: () => poller.pollAfterChange('connection'),
    accountReplaced: () => void order.next(),
  });
  const commands = createCommands({
    order,
    session,
    poller,
    storeQueue,
    now: Date.now,
    ...extensionStorageState,
    makeClient,
    writeSettings: (settings) => settingsItem.setValue(settings),
    clearPollAlarm,
    clearNotifications,
    removeHostPermission,
    forgetServiceClock: () => serviceClockItem.removeValue(),
    triage,
  });

  /** A notification of one mention: its page opened (when it has a safe one), and read. */
  async function openMention(key: MentionKey): Promise<void> {
    const mention = findMention(await readMentionStore(), key);
    const url = safeHttpUrl(mention?.url);
    if (url) await browser.tabs.create({ url });
    await commands.markRead({ keys: [key] });
  }

  async function refreshBadge(): Promise<void> {
    const [settings, status, counts, projects, triageState] = await Promise.all([
      readSettings(),
      readSyncStatus(),
      readPreviewCounts(),
      readProjects(),
      triageItem.read(),
    ]);
    await applyBadge(badgeFor({ settings, status, counts, projects, triage: triageState }));
  }

  const app = {
    poller,
    refreshBadge,

    /** Answers every command (synchronously registered: a message may be what woke the worker). */
    registerMessageHandlers(): void {
      const id = browser.runtime.id;
      const origin = browser.runtime.getURL('/');
      const { onMessage } = commandMessenger();
      // The loop loses the pairing of each name with its handler's type (createCommands types each
      // one by the protocol), hence the cast; guardCommand checks sender and data at run time.
      for (const name of Object.keys(commands) as (keyof ProtocolMap)[]) {
        const handler = commands[name] as (data: unknown) => Promise<never>;
        onMessage(name, guardCommand(handler, id, origin));
      }
    },

    /** Worker start, browser start, install or update: badge back, alarm present, poll if due. */
    async onStart(): Promise<void> {
      // Demo builds only: connect to the bundled fake service the first time.
      if (DEMO_CONNECTION && !isConfigured(await readSettings())) {
        await commands.saveConnection(DEMO_CONNECTION);
      }
      await refreshBadge();
      // Notifications a stopped worker stored but did not show (or did not clear) go out now;
      // their ids are derived from their content, so one shown before is replaced, not doubled.
      try {
        await storeQueue.run(flushOutbox);
      } catch {
        // Never in the way of the start: the next poll tries again.
      }
      const live = await syncStatusItem.getValue();
      const status = await readSyncStatus();
      const due = status.schedule.nextPollAt;
      const created = await ensurePollAlarm(due);
      // The first poll runs at start-up, not one interval later. So does the first of a browser
      // session while healthy: the time of the last check is not kept on disk (lib/sync/status.ts).
      const browserStart = live === null && status.schedule.consecutiveFailures === 0;
      if ((created || browserStart) && due <= Date.now()) await poller.poll();
    },

    /**
     * An update of the extension: stored formats of the older version are brought up to date
     * (in the store queue, so no poll writes in between) before the usual start. Reads understand
     * the older formats too, so nothing is lost should the worker stop before this ends.
     */
    async onUpdate(): Promise<void> {
      await storeQueue.run(() => migrateStoredMentions());
      await app.onStart();
    },

    /** A permission granted or revoked anywhere (also in the browser's settings) is seen at once. */
    async onPermissionsChanged(): Promise<void> {
      // Disconnecting gives the permission back: that is no reason to poll (or to set an alarm).
      if (!isConfigured(await readSettings())) return;
      await poller.pollAfterChange('connection');
    },

    async onAlarm(name: string): Promise<void> {
      if (name === POLL_ALARM) await poller.poll();
      if (name === SNOOZE_ALARM) await triage.onSnoozeEnd();
    },

    /**
     * Any change to what the badge shows recomputes it (pages never write these keys). Keys come
     * with their area, as WXT names items: `local:settings`, `session:syncStatus`.
     */
    async onStorageChanged(keys: string[]): Promise<void> {
      const watched: string[] = [
        `local:${PREVIEW_KEY}`,
        ...[syncStatusItem, settingsItem, projectsItem, triageItem].map((item) => item.key),
      ];
      if (keys.some((key) => watched.includes(key))) await refreshBadge();
    },

    /**
     * A click opens what the notification announced: one mention (marked read), or the mentions
     * page's unread list for several (a project's, a summary), where they wait as new.
     */
    async onNotificationClicked(notificationId: string): Promise<void> {
      const target = parseNotificationId(notificationId);
      if (!target) return;
      await browser.notifications.clear(notificationId);
      if (target.kind === 'mention') await openMention(target.key);
      else
        await openMentionsPage({
          read: 'unread',
          projectId: target.kind === 'project' ? target.projectId : null,
        });
    },

    /** Chrome's buttons on a notification of one mention: "Open" (0) and "Mark read" (1). */
    async onNotificationButton(notificationId: string, index: number): Promise<void> {
      const target = parseNotificationId(notificationId);
      if (target?.kind !== 'mention') return;
      await browser.notifications.clear(notificationId);
      if (index === 0) await openMention(target.key);
      else await commands.markRead({ keys: [target.key] });
    },
  };
  return app;
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
