// Every account's background: one world per account (its session, poller, triage and commands,
// over its own keys in storage), and the routing of a page's command to the world of the account it
// names. The worlds share the store queue (the settings and the badge are everyone's, and a write
// of one account never interleaves with another's) and the poll's call slots (several accounts
// polled together ask no more at once than one). Nothing else is shared: one account's outage,
// 429 or rejected key is its own status and schedule.
import { browser } from 'wxt/browser';
import {
  accountPrefix,
  FIRST_ACCOUNT,
  isAccountId,
  listAccounts,
  newAccountId,
  type Account,
} from '@/lib/accounts/accounts';
import { notifyingAccountName } from '@/lib/mentions/notify';
import { rewritePreviews } from '@/lib/mentions/mention-storage';
import { clearNotifications, flushOutbox } from '@/lib/notifications/desktop';
import { hostPermissionPattern } from '@/lib/permissions/host-pattern';
import type { ServiceClient } from '@/lib/service/client';
import { ServiceError } from '@/lib/service/errors';
import { t } from '@/lib/i18n';
import { MAX_ACCOUNTS } from '@/lib/settings/settings';
import { pollLeaseItem, readSettings, serviceClockItem, triageItem } from '@/lib/storage/items';
import { clearPollAlarm, schedulePollAt } from '@/lib/sync/poll-alarm';
import { createCallSlots } from '@/lib/sync/poll-fetch';
import { createPoller } from '@/lib/sync/poller';
import { createSerialQueue } from '@/lib/sync/locks';
import { createSession } from '@/lib/sync/session';
import { accountStorageState } from '@/lib/sync/stored-state';
import { createAccountOrder } from '@/lib/background/account-commands';
import { parseCommand } from '@/lib/background/command-schemas';
import { createCommands } from '@/lib/background/commands';
import { createTriageCommands } from '@/lib/background/triage-commands';
import type { Command, CommandReply } from '@/lib/messaging/protocol';

interface WorldsDeps {
  makeClient(origin: string, options?: { secrets?: readonly string[] }): ServiceClient;
  hasHostPermission(origin: string): Promise<boolean>;
  /** Gives back the host permission of `origin` (best effort: never throws). */
  removeHostPermission(origin: string): Promise<void>;
}

/** The commands that are everyone's: the preferences, the import, the snooze. */
const SHARED = ['savePreferences', 'importSettings', 'snooze', 'resumeNotifications'];

/** The account a command's data names: the first when it names none. */
function accountIdOf(data: unknown): string {
  const id = (data as { accountId?: unknown } | null | undefined)?.accountId;
  if (id === undefined) return FIRST_ACCOUNT;
  if (!isAccountId(id)) throw new ServiceError('invalid-input', t('bgMalformedRequest'));
  return id;
}

/** Everything of an account after the first, gone: every key of its in both storage areas. */
async function removeAccountKeys(account: string): Promise<void> {
  const prefix = accountPrefix(account);
  if (prefix === '') return;
  for (const area of [browser.storage.local, browser.storage.session]) {
    const keys = Object.keys(await area.get(null)).filter((key) => key.startsWith(prefix));
    if (keys.length > 0) await area.remove(keys);
  }
}

export function createAccountWorlds(deps: WorldsDeps) {
  const storeQueue = createSerialQueue();
  const callSlots = createCallSlots();
  const worlds = new Map<string, ReturnType<typeof createWorld>>();
  // Ids of the accounts being added: two Adds at once never take the same.
  const adding = new Set<string>();

  /** Gives a host back only when no account still connected needs it. */
  async function releaseHost(origin: string): Promise<void> {
    const pattern = hostPermissionPattern(origin);
    const accounts = listAccounts(await readSettings());
    if (accounts.some((other) => hostPermissionPattern(other.serviceUrl) === pattern)) return;
    await deps.removeHostPermission(origin);
  }

  function createWorld(account: string) {
    const state = accountStorageState(account);
    const session = createSession({ account, readSettings: state.readSettings, ...deps });
    const lease = pollLeaseItem(account);
    const poller = createPoller({
      session,
      storeQueue,
      callSlots,
      now: Date.now,
      random: Math.random,
      ...state,
      isOnline: () => globalThis.navigator?.onLine !== false,
      hasHostPermission: deps.hasHostPermission,
      readLease: () => lease.getValue(),
      writeLease: (next) => (next ? lease.setValue(next) : lease.removeValue()),
      scheduleAt: (when) => schedulePollAt(account, when),
      flushNotifications: async () => {
        await flushOutbox(account);
      },
      accountName: async () => notifyingAccountName(await readSettings(), account),
    });
    const order = createAccountOrder();
    const triage = createTriageCommands({
      storeQueue,
      now: Date.now,
      ...state,
      accountReplaced: () => void order.next(),
      accountsBeingAdded: () => adding,
      pollAfterImport: (accounts) => {
        for (const id of accounts) void world(id).poller.pollAfterChange('connection');
      },
    });
    const commands = createCommands({
      order,
      session,
      poller,
      storeQueue,
      now: Date.now,
      ...state,
      makeClient: deps.makeClient,
      clearPollAlarm: () => clearPollAlarm(account),
      clearNotifications: () => clearNotifications(account),
      removeHostPermission: releaseHost,
      forgetServiceClock: () => serviceClockItem(account).removeValue(),
      otherAccounts: async () =>
        listAccounts(await readSettings()).filter((other) => other.id !== account),
      triage,
    });
    return { account, state, session, poller, triage, commands, storeQueue };
  }

  /** Account `account`'s world, made on first use. */
  function world(account: string) {
    let found = worlds.get(account);
    if (!found) {
      found = createWorld(account);
      worlds.set(account, found);
    }
    return found;
  }

  /** The accounts connected now, each with its world. */
  async function connected(): Promise<{ account: Account; world: ReturnType<typeof world> }[]> {
    return listAccounts(await readSettings()).map((account) => ({
      account,
      world: world(account.id),
    }));
  }

  /**
   * Every listed account's preview, written again for how many accounts there are now (each holds
   * its share of the first page: previewRows), after the command's reply: queued behind the
   * account's first poll, never holding the page up. One left as it was costs a page a few more
   * rows to read, or a few fewer before its store comes, until its store next changes.
   */
  function shareOutPreviews(): Promise<void> {
    return storeQueue.run(async () => rewritePreviews(await readSettings())).catch(() => undefined);
  }

  /** Disconnects an account; one after the first leaves nothing behind, not even a key. */
  async function disconnect(data: unknown): Promise<CommandReply<'disconnect'>> {
    const account = accountIdOf(data);
    const reply = await world(account).commands.disconnect(data);
    if (reply.ok && account !== FIRST_ACCOUNT) {
      await storeQueue.run(async () => {
        // Added again meanwhile (the same id is never given twice, but a Save may have run).
        if (listAccounts(await readSettings()).some((other) => other.id === account)) return;
        worlds.delete(account);
        await removeAccountKeys(account);
      });
    }
    if (reply.ok) void shareOutPreviews();
    return reply;
  }

  /** Connects one more account, as its own world's Save and connect does: its id when it took. */
  async function addAccount(data: unknown): Promise<CommandReply<'addAccount'>> {
    const connection = parseCommand('addAccount', data);
    const settings = await readSettings();
    if (listAccounts(settings).length >= MAX_ACCOUNTS) {
      throw new ServiceError('invalid-input', t('bgTooManyAccounts', String(MAX_ACCOUNTS)));
    }
    let accountId = newAccountId(settings);
    while (adding.has(accountId)) accountId = String(Math.max(2, Number(accountId) + 1));
    adding.add(accountId);
    try {
      const reply = await world(accountId).commands.saveConnection(connection);
      if (!reply.ok) {
        worlds.delete(accountId);
        return reply;
      }
      // A snooze holds every account's notifications, a new one's too. Its write is queued before
      // anything the first poll (started by the save, still at the service) can merge.
      const snooze = (await triageItem(FIRST_ACCOUNT).read()).snooze;
      if (snooze && (snooze.until === null || snooze.until > Date.now())) {
        await handlerOf(world(accountId), 'snooze')({ until: snooze.until });
      }
      void shareOutPreviews();
      return { ok: true, value: { accountId, projectCount: reply.value.projectCount } };
    } finally {
      adding.delete(accountId);
    }
  }

  /** A world's handler of `name`, whatever its data's type. */
  const handlerOf = (target: ReturnType<typeof world>, name: Command) =>
    (target.commands as unknown as Record<string, (data: unknown) => Promise<unknown>>)[name];

  /** The handler of `name`: to the world of the account its data names, or to every world. */
  function handler<K extends Command>(name: K): (data: unknown) => Promise<CommandReply<K>> {
    if (name === 'addAccount') return addAccount as never;
    if (name === 'disconnect') return disconnect as never;
    if (name === 'snooze' || name === 'resumeNotifications') {
      // A snooze holds the person's notifications, whichever account they come from.
      return async (data) => {
        const targets = (await connected()).map((each) => each.world);
        let reply = (await handlerOf(targets[0] ?? world(FIRST_ACCOUNT), name)(data)) as {
          ok: boolean;
        };
        for (const other of targets.slice(1)) {
          if (reply.ok) reply = (await handlerOf(other, name)(data)) as { ok: boolean };
        }
        return reply as CommandReply<K>;
      };
    }
    if (SHARED.includes(name)) {
      return (data) => handlerOf(world(FIRST_ACCOUNT), name)(data) as Promise<CommandReply<K>>;
    }
    return (data) => handlerOf(world(accountIdOf(data)), name)(data) as Promise<CommandReply<K>>;
  }

  return { storeQueue, world, connected, handler };
}

export type AccountWorld = ReturnType<ReturnType<typeof createAccountWorlds>['world']>;
