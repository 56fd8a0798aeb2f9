// What the background does for each message, and the guard around every handler. Every command
// parses its data (command-schemas.ts) before acting; the guard checks who sent it and turns
// failures into words.

import { t } from '@/lib/i18n';
import { markAllRead, markRead, markUnread } from '@/lib/mentions/read-state';
import {
  emptyMentionStore,
  type MentionStore,
  removeProject,
  rebaseServiceTimes,
} from '@/lib/mentions/store';
import type { Command, CommandReply } from '@/lib/messaging/protocol';
import { normalizeServiceUrl } from '@/lib/service/connection';
import {
  type CommandError,
  type CommandResult,
  isOwnExtensionPage,
  type MessageSender,
} from '@/lib/messaging/protocol';
import type { ServiceClient } from '@/lib/service/client';
import { ServiceError, isServiceError } from '@/lib/service/errors';
import { hostPermissionPattern } from '@/lib/permissions/host-pattern';
import type { Settings } from '@/lib/settings/settings';
import type { Poller } from '@/lib/sync/poller';
import type { SerialQueue } from '@/lib/sync/locks';
import type { Session } from '@/lib/sync/session';
import type { StoredState } from '@/lib/sync/stored-state';
import { initialSyncStatus } from '@/lib/sync/status';
import { effectiveOffsetMinutes, serviceClockWrite, withOverride } from '@/lib/time/service-clock';
import { parsingHandlers } from '@/lib/background/command-schemas';
import { clearTriageData, type TriageCommands } from '@/lib/background/triage-commands';
import { projectShape } from '@/lib/background/project-shape';

interface CommandDeps extends StoredState {
  session: Session;
  poller: Poller;
  storeQueue: SerialQueue;
  now(): number;
  makeClient(origin: string): ServiceClient;
  writeSettings(settings: Settings): Promise<void>;
  clearPollAlarm(): Promise<void>;
  /** Empties the notification outbox and closes our notifications on screen. */
  clearNotifications(): Promise<void>;
  /** Gives back the host permission of `origin` (best effort: never throws). */
  removeHostPermission(origin: string): Promise<void>;
  /** Forgets what was learned (or chosen) about a service's clock: it was another server's. */
  forgetServiceClock(): Promise<void>;
  /** The triage commands (triage-commands.ts), answered beside these. */
  triage: TriageCommands;
}

/** A handler for every command: it takes data as sent (anything) and parses it first. */
type Handlers = { [K in Command]: (data: unknown) => Promise<CommandReply<K>> };

export function createCommands(deps: CommandDeps): Handlers {
  /**
   * Saves in the order the user made them: a save whose login answers after a later save began
   * (a slow network) is dropped, so the last "Save and connect" is the account that stays.
   */
  let latestSave = 0;

  async function updateStore(change: (store: MentionStore) => MentionStore): Promise<void> {
    await deps.storeQueue.run(async () => {
      const before = await deps.readStore();
      const after = change(before);
      if (after !== before) await deps.writeStore(after, before);
    });
  }

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
    await clearTriageData();
    if (server) await deps.forgetServiceClock();
  }

  /** The old origin's host permission, once no saved connection needs it any more. */
  async function releaseHost(oldOrigin: string, newOrigin: string | null): Promise<void> {
    const old = hostPermissionPattern(oldOrigin);
    if (old === undefined) return;
    if (newOrigin !== null && hostPermissionPattern(newOrigin) === old) return;
    await deps.removeHostPermission(oldOrigin);
  }

  /** The project as the page's form checked it; one of another shape is refused, naming the field. */
  function validInput(raw: unknown) {
    const result = projectShape(raw);
    if (!result.ok) {
      throw new ServiceError('invalid-input', t('bgCheckTheForm'), { field: result.field });
    }
    return result.value;
  }

  /**
   * The cached project list right after an add or edit, so pages show the change at once: a poll
   * already running (which `poll()` would join) may have listed the projects before it.
   */
  async function refreshProjects(): Promise<void> {
    try {
      const { projects } = await deps.session.call((client, token) => client.listProjects(token));
      await deps.writeProjects(projects);
    } catch {
      // The change itself succeeded; the next poll lists the projects again.
    }
  }

  /** Logs in and counts projects with these settings, without saving anything. */
  async function probe(serviceUrl: string, apiKey: string) {
    const url = normalizeServiceUrl(serviceUrl);
    if (!url.ok) throw new ServiceError('invalid-input', url.message, { field: 'serviceUrl' });
    if (apiKey.trim() === '') {
      throw new ServiceError('invalid-input', t('bgApiKeyMissing'), { field: 'apiKey' });
    }
    const client = deps.makeClient(url.origin);
    const token = await client.login(apiKey.trim());
    const { projects } = await client.listProjects(token);
    return { origin: url.origin, apiKey: apiKey.trim(), token, projects };
  }

  return {
    ...deps.triage.commands,
    ...parsingHandlers({
      async pollNow() {
        const result = await deps.poller.poll();
        return { polled: result.polled };
      },
      async markRead({ keys }) {
        await updateStore((store) => markRead(store, keys));
      },
      async markUnread({ keys }) {
        await updateStore((store) => markUnread(store, keys));
      },
      async markAllRead({ projectIds }) {
        // Only what the user could have seen: mentions arriving after this moment stay unread.
        const now = deps.now();
        await updateStore((store) => markAllRead(store, { projectIds, firstSeenAtOrBefore: now }));
      },
      async saveConnection({ serviceUrl, apiKey }) {
        const save = ++latestSave;
        const { origin, apiKey: key, token, projects } = await probe(serviceUrl, apiKey);
        if (save !== latestSave) throw new ServiceError('superseded', t('errorSuperseded'));
        // In the store queue: a poll of the old account checks the settings there before it writes,
        // so it either wrote before all this or writes nothing.
        const previous = await deps.storeQueue.run(async () => {
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
          await deps.writeSettings({ ...settings, serviceUrl: origin, apiKey: key });
          // A new account's session starts with the token just obtained (and supersedes the old
          // account's calls). The same account keeps its session, a poll under way goes on, unless
          // its key had been rejected (then nothing worth keeping is under way).
          if (changed || rejected) await deps.session.adopt(origin, key, token);
          await deps.writeProjects(projects);
          return settings;
        });
        if (previous.serviceUrl !== '') await releaseHost(previous.serviceUrl, origin);
        // The first poll runs right away, not one interval later; the page need not wait for it.
        void deps.poller.pollAfterChange('connection');
        return { projectCount: projects.length };
      },
      async savePreferences(prefs) {
        const settings = await deps.readSettings();
        await deps.writeSettings({ ...settings, ...prefs });
      },
      async disconnect() {
        const settings = await deps.storeQueue.run(async () => {
          const current = await deps.readSettings();
          await deps.session.forget();
          // The one way to have no alarm: nothing is left to poll for.
          await deps.clearPollAlarm();
          await clearAccountData(true);
          await deps.writeSettings({ ...current, apiKey: '' });
          return current;
        });
        if (settings.serviceUrl !== '') await releaseHost(settings.serviceUrl, null);
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
      getProject({ projectId: id }) {
        return deps.session.call((client, token) => client.getProject(token, id));
      },
      getProjectStats({ projectId: id }) {
        return deps.session.call((client, token) => client.getProjectData(token, id));
      },
      async addProject(data) {
        const input = validInput(data.input);
        const result = await deps.session.call((client, token) => client.addProject(token, input));
        await refreshProjects();
        // Its first poll starts at once: the new project's mentions appear without waiting.
        void deps.poller.pollAfterChange('projects');
        return result;
      },
      async editProject(parsed) {
        const input = validInput(parsed.input);
        await deps.session.call((client, token) =>
          client.editProject(token, parsed.projectId, input),
        );
        await refreshProjects();
        void deps.poller.pollAfterChange('projects');
      },
      async removeProject({ projectId: id }) {
        await deps.session.call((client, token) => client.removeProject(token, id));
        // Its mentions leave at once, not at the next poll.
        await updateStore((store) => removeProject(store, id));
        await deps.writeProjects((await deps.readProjects()).filter((p) => p.project_id !== id));
      },
    }),
  };
}

// Around every command handler: senders other than our own pages are refused, and every failure
// comes back as words the page can show (a CommandResult), never as an exception. Malformed data
// is one of them: parseCommand (command-schemas.ts) refuses it as a ServiceError.

function failure(error: unknown): { ok: false; error: CommandError } {
  if (isServiceError(error)) {
    const out: CommandError = { kind: error.kind, message: error.message };
    if (error.field) out.field = error.field;
    return { ok: false, error: out };
  }
  return {
    ok: false,
    error: { kind: 'internal', message: t('bgSomethingWentWrong') },
  };
}

/**
 * Wraps the handlers: refuses foreign senders and malformed data, and turns every failure into
 * a CommandResult the page can show.
 */
export function guardCommand<T>(
  handler: (data: unknown) => Promise<CommandResult<T>>,
  extensionId: string,
  extensionOrigin: string,
) {
  return async (message: { data: unknown; sender?: MessageSender }): Promise<CommandResult<T>> => {
    if (!isOwnExtensionPage(message.sender, extensionId, extensionOrigin)) {
      return {
        ok: false,
        error: { kind: 'forbidden', message: t('bgForeignSender') },
      };
    }
    try {
      return await handler(message.data);
    } catch (error) {
      return failure(error);
    }
  };
}
