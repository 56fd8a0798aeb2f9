// The commands that change the account or the settings: "Save and connect", Disconnect, the
// preferences and the service's clock. They take effect in the store queue, in the order the user
// made them (docs/accounts.md, "One order for account changes"): each Save and Disconnect takes a
// number the moment it arrives (createAccountOrder), and a Save whose turn comes after a later one
// arrived is dropped, so the last account command is the one that stays, even when a slow login
// answers after it.

import { t } from '@/lib/i18n';
import { emptyMentionStore, rebaseServiceTimes } from '@/lib/mentions/store';
import type { ServiceProject } from '@/lib/projects/types';
import { adoptProjectList } from '@/lib/sync/project-roster';
import { normalizeApiKey, normalizeServiceUrl } from '@/lib/service/connection';
import type { Account } from '@/lib/accounts/accounts';
import type { ServiceClient } from '@/lib/service/client';
import { ServiceError } from '@/lib/service/errors';
import { hostPermissionPattern } from '@/lib/permissions/host-pattern';
import { isConfigured } from '@/lib/settings/settings';
import type { Poller } from '@/lib/sync/poller';
import type { SerialQueue } from '@/lib/sync/locks';
import type { AccountSession } from '@/lib/sync/session';
import type { StoredState } from '@/lib/sync/stored-state';
import { initialSyncStatus } from '@/lib/sync/status';
import { effectiveOffsetMinutes, serviceClockWrite, withOverride } from '@/lib/time/service-clock';
import { parsingHandlers } from '@/lib/background/command-schemas';
import { clearTriageData } from '@/lib/background/triage-commands';

/**
 * The order of the commands that replace the account: each Save, Disconnect and connecting import
 * takes the next number as it arrives; a Save that is no longer the latest when its turn comes is
 * dropped.
 */
export function createAccountOrder() {
  let latest = 0;
  return {
    next: () => ++latest,
    isLatest: (number: number) => number === latest,
  };
}

type AccountOrder = ReturnType<typeof createAccountOrder>;

export interface AccountCommandDeps extends StoredState {
  /** Shared with the import (triage-commands.ts), which may connect a browser too. */
  order: AccountOrder;
  session: AccountSession;
  poller: Poller;
  storeQueue: SerialQueue;
  makeClient(origin: string): ServiceClient;
  clearPollAlarm(): Promise<void>;
  /** Empties the notification outbox and closes our notifications on screen. */
  clearNotifications(): Promise<void>;
  /** Gives back the host permission of `origin` (best effort: never throws). */
  removeHostPermission(origin: string): Promise<void>;
  /** Forgets what was learned (or chosen) about a service's clock: it was another server's. */
  forgetServiceClock(): Promise<void>;
  /** Every other account this browser holds (one key at one address is one account). */
  otherAccounts(): Promise<Account[]>;
  now(): number;
}

type ProjectList = { projects: ServiceProject[]; skipped: number };

const superseded = () => new ServiceError('superseded', t('errorSuperseded'));

export function createAccountCommands(deps: AccountCommandDeps) {
  // Host patterns of the saves under way: a failed save gives its permission back only when no
  // other save still needs it.
  const asking = new Map<string, number>();

  /**
   * Everything bound to an account, gone: the mention store (records, read state, floors), the
   * project list, the sync status, the notifications waiting or on screen; with `server` also
   * the service's clock (its time zone is that server's, whoever the key belongs to). Statistics
   * are never stored (fetched when a page asks). Runs inside the store queue, before the next
   * account's settings are written, so no page ever shows one account's data under another's.
   */
  async function clearAccountData(server: boolean): Promise<void> {
    const before = await deps.readStore();
    await deps.writeStore(emptyMentionStore(), before);
    await deps.writeProjects([]);
    await deps.writeStatus(initialSyncStatus());
    await deps.clearNotifications();
    // Mute rules, switches, the snooze and saved mentions are the account's too.
    await clearTriageData(deps.account);
    if (server) await deps.forgetServiceClock();
  }

  /** The host permission of `origin`, unless the connection in use (`inUse`) needs it. */
  async function releaseHost(origin: string, inUse: string | null): Promise<void> {
    const pattern = hostPermissionPattern(origin);
    if (pattern === undefined) return;
    if (inUse !== null && hostPermissionPattern(inUse) === pattern) return;
    await deps.removeHostPermission(origin);
  }

  /**
   * After a save that did not take: the permission the page asked for its address goes back
   * unless the connection in use needs it or another save of that host is still under way (a
   * mistyped address, corrected, leaves no permission behind).
   */
  async function releaseAsked(origin: string): Promise<void> {
    const pattern = hostPermissionPattern(origin);
    if (pattern === undefined || asking.has(pattern)) return;
    const settings = await deps.readSettings();
    await releaseHost(origin, isConfigured(settings) ? settings.serviceUrl : null);
  }

  /** Refuses the key at the address of another account: the same account cannot be held twice. */
  async function checkNotHeld(origin: string, apiKey: string): Promise<void> {
    const key = normalizeApiKey(apiKey);
    const held = (await deps.otherAccounts()).some(
      (other) => other.serviceUrl === origin && normalizeApiKey(other.apiKey) === key,
    );
    if (held) throw new ServiceError('invalid-input', t('bgAccountHeld'), { field: 'apiKey' });
  }

  /** Logs in and counts projects with these settings, without saving anything. */
  async function probe(origin: string, apiKey: string, current: () => boolean) {
    if (apiKey.trim() === '') {
      throw new ServiceError('invalid-input', t('bgApiKeyMissing'), { field: 'apiKey' });
    }
    await checkNotHeld(origin, apiKey);
    const client = deps.makeClient(origin);
    const token = await client.login(apiKey.trim());
    // A Disconnect (or a later Save) arrived during the login: its token is used for nothing.
    if (!current()) throw superseded();
    const list = await client.listProjects(token);
    return { apiKey: apiKey.trim(), token, list };
  }

  /** Writes the new connection (in the store queue); answers the settings it replaced. */
  async function commit(
    origin: string,
    key: string,
    label: string | undefined,
    token: string,
    list: ProjectList,
  ) {
    // Checked again in the queue: another account may have taken this key since the login.
    await checkNotHeld(origin, key);
    const settings = await deps.readSettings();
    // Data belongs to one account (origin and key): another's project ids and read state
    // would collide, and its mentions must never show under the new key.
    const changed = settings.serviceUrl !== origin || settings.apiKey !== key;
    // A key the service had rejected has no session worth keeping: take the fresh token.
    const rejected = (await deps.readStatus()).keyRejected;
    if (changed) await clearAccountData(settings.serviceUrl !== origin);
    // Saving clears a rejected key and the backoff: the new settings are tried at once.
    await deps.writeStatus(
      changed
        ? initialSyncStatus()
        : {
            ...initialSyncStatus(),
            schedule: {
              ...(await deps.readStatus()).schedule,
              consecutiveFailures: 0,
              attention: false,
            },
          },
    );
    await deps.writeSettings({
      ...settings,
      serviceUrl: origin,
      apiKey: key,
      label: (label ?? settings.label).trim(),
    });
    // A new account's session starts with the token just obtained (and supersedes the old
    // account's calls). The same account keeps its session, a poll under way goes on, unless
    // its key had been rejected (then nothing worth keeping is under way).
    if (changed || rejected) await deps.session.adopt(origin, key, token);
    // Through the roster, as a poll's list: saving the same account again never drops a project
    // on one short reply.
    await adoptProjectList(deps, list, deps.now());
    return settings;
  }

  return parsingHandlers({
    async saveConnection({ serviceUrl, apiKey, label }) {
      const save = deps.order.next();
      const url = normalizeServiceUrl(serviceUrl);
      if (!url.ok) throw new ServiceError('invalid-input', url.message, { field: 'serviceUrl' });
      const pattern = hostPermissionPattern(url.origin) ?? url.origin;
      asking.set(pattern, (asking.get(pattern) ?? 0) + 1);
      let saved = false;
      try {
        const current = () => deps.order.isLatest(save);
        const { apiKey: key, token, list } = await probe(url.origin, apiKey, current);
        // In the store queue: a poll of the old account checks the settings there before it
        // writes, so it either wrote before all this or writes nothing.
        const previous = await deps.storeQueue.run(async () => {
          if (!current()) throw superseded();
          return commit(url.origin, key, label, token, list);
        });
        saved = true;
        if (previous.serviceUrl !== '') await releaseHost(previous.serviceUrl, url.origin);
        // The first poll runs right away, not one interval later; the page need not wait for it.
        void deps.poller.pollAfterChange('connection');
        return { projectCount: list.projects.length };
      } finally {
        const left = (asking.get(pattern) ?? 1) - 1;
        if (left > 0) asking.set(pattern, left);
        else asking.delete(pattern);
        if (!saved) await releaseAsked(url.origin);
      }
    },
    async savePreferences(prefs) {
      // Read and written in the queue: an overlapping Disconnect's settings are never undone.
      await deps.storeQueue.run(async () => {
        const settings = await deps.readSettings();
        await deps.writeSettings({ ...settings, ...prefs });
      });
    },
    async disconnect() {
      deps.order.next();
      // From now until the key is gone from the settings, nothing logs in or calls with it.
      const release = deps.session.suspend();
      try {
        const settings = await deps.storeQueue.run(async () => {
          try {
            const current = await deps.readSettings();
            // The key first: a poll checks the settings before every write and every call.
            await deps.writeSettings({ ...current, apiKey: '' });
            await deps.session.forget();
            // The one way to have no alarm: nothing is left to poll for.
            await deps.clearPollAlarm();
            await clearAccountData(true);
            return current;
          } finally {
            // Released in the queue: a Save queued behind this one starts its session unhindered.
            release();
          }
        });
        if (settings.serviceUrl !== '') await releaseHost(settings.serviceUrl, null);
      } finally {
        release();
      }
    },
    async setServiceClockOverride({ overrideMinutes }) {
      // In the store queue with the polls: the clock and every stored instant move together.
      await deps.storeQueue.run(async () => {
        const clock = await deps.readServiceClock();
        const next = withOverride(clock, overrideMinutes);
        if (next === clock) return;
        const before = await deps.readStore();
        const store = rebaseServiceTimes(before, effectiveOffsetMinutes(next));
        await deps.writeStore(store, before, serviceClockWrite(next));
      });
    },
  });
}
