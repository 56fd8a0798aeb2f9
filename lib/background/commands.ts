// What the background does for each message. Every command checks who sent it and parses its
// data before acting; failures come back as words (CommandResult), never as exceptions.
import { atMost, safeInteger, z } from '@/lib/zod';
import { t } from '../i18n';
import { markAllRead, markRead, markUnread } from '../mentions/read-state';
import { removeProject } from '../mentions/remove-projects';
import { emptyMentionStore, type MentionStore } from '../mentions/store';
import type { CommandError, CommandResult, ProtocolMap } from '../messaging/protocol';
import { isOwnExtensionPage, type MessageSender } from '../messaging/sender';
import { validateProjectInput } from '../projects/schema';
import { normalizeServiceUrl } from '../service/base-url';
import type { ServiceClient } from '../service/client';
import { isServiceError, ServiceError } from '../service/errors';
import { POLL_INTERVAL_CHOICES, type Settings } from '../settings/settings';
import type { Poller } from '../sync/poller';
import type { SerialQueue } from '../sync/serial';
import type { Session } from '../sync/session';
import type { StoredState } from '../sync/stored-state';
import { initialSyncStatus } from '../sync/status';

export interface CommandDeps extends StoredState {
  session: Session;
  poller: Poller;
  storeQueue: SerialQueue;
  now(): number;
  makeClient(origin: string): ServiceClient;
  writeSettings(settings: Settings): Promise<void>;
  clearPollAlarm(): Promise<void>;
}

type Handlers = {
  [K in keyof ProtocolMap]: (data: unknown) => Promise<ReturnType<ProtocolMap[K]>>;
};

const projectId = safeInteger(0);
const mentionKeys = z.array(z.object({ projectId, id: safeInteger() })).check(atMost(10_000));
const connection = z.object({
  serviceUrl: z.string().check(atMost(2_000)),
  apiKey: z.string().check(atMost(1_000)),
});
const schemas = {
  pollNow: z.custom<undefined | null>((data) => data == null),
  markRead: z.object({ keys: mentionKeys }),
  markUnread: z.object({ keys: mentionKeys }),
  markAllRead: z.object({ projectIds: z.optional(z.array(projectId)) }),
  testConnection: connection,
  saveConnection: connection,
  savePreferences: z.object({
    pollIntervalMinutes: z
      .number()
      .check(z.refine((n) => (POLL_INTERVAL_CHOICES as readonly number[]).includes(n))),
    notificationsEnabled: z.boolean(),
  }),
  disconnect: z.object({ keepMentions: z.boolean() }),
  getProject: z.object({ projectId }),
  getProjectStats: z.object({ projectId }),
  addProject: z.object({ input: z.unknown() }),
  editProject: z.object({ projectId, input: z.unknown() }),
  removeProject: z.object({ projectId }),
} satisfies Record<keyof ProtocolMap, z.ZodMiniType>;

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

function ok<T>(value: T): CommandResult<T> {
  return { ok: true, value };
}

export function createCommands(deps: CommandDeps): Handlers {
  async function updateStore(change: (store: MentionStore) => MentionStore): Promise<void> {
    await deps.storeQueue.run(async () => {
      const before = await deps.readStore();
      const after = change(before);
      if (after !== before) await deps.writeStore(after, before);
    });
  }

  function validInput(raw: unknown) {
    const result = validateProjectInput(raw);
    if (!result.ok) {
      const [field, message] = Object.entries(result.errors)[0] ?? ['name'];
      throw new ServiceError('invalid-input', message ?? t('bgCheckTheForm'), { field });
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
    async pollNow(data) {
      schemas.pollNow.parse(data);
      const result = await deps.poller.poll();
      return ok({ polled: result.polled });
    },
    async markRead(data) {
      const { keys } = schemas.markRead.parse(data);
      await updateStore((store) => markRead(store, keys));
      return ok(null);
    },
    async markUnread(data) {
      const { keys } = schemas.markUnread.parse(data);
      await updateStore((store) => markUnread(store, keys));
      return ok(null);
    },
    async markAllRead(data) {
      const { projectIds } = schemas.markAllRead.parse(data);
      // Only what the user could have seen: mentions arriving after this moment stay unread.
      const now = deps.now();
      await updateStore((store) => markAllRead(store, { projectIds, firstSeenAtOrBefore: now }));
      return ok(null);
    },
    async testConnection(data) {
      const { serviceUrl, apiKey } = schemas.testConnection.parse(data);
      const { projects } = await probe(serviceUrl, apiKey);
      return ok({ projectCount: projects.length });
    },
    async saveConnection(data) {
      const { serviceUrl, apiKey } = schemas.saveConnection.parse(data);
      const { origin, apiKey: key, token, projects } = await probe(serviceUrl, apiKey);
      const settings = await deps.readSettings();
      // Mentions and read state belong to one service: project ids of another would collide.
      if (settings.serviceUrl !== '' && settings.serviceUrl !== origin) {
        await updateStore(() => emptyMentionStore());
      }
      await deps.writeSettings({ ...settings, serviceUrl: origin, apiKey: key });
      await deps.session.adopt(origin, token);
      await deps.writeStatus({
        ...initialSyncStatus(),
        schedule: {
          ...(await deps.readStatus()).schedule,
          consecutiveFailures: 0,
          attention: false,
        },
      });
      await deps.writeProjects(projects);
      // The first poll runs right away, not one interval later; the page need not wait for it.
      void deps.poller.pollAfterChange('connection');
      return ok({ projectCount: projects.length });
    },
    async savePreferences(data) {
      const prefs = schemas.savePreferences.parse(data);
      const settings = await deps.readSettings();
      await deps.writeSettings({ ...settings, ...prefs });
      return ok(null);
    },
    async disconnect(data) {
      const { keepMentions } = schemas.disconnect.parse(data);
      const settings = await deps.readSettings();
      await deps.session.forget();
      await deps.clearPollAlarm();
      await deps.writeSettings({ ...settings, apiKey: '' });
      await deps.writeStatus(initialSyncStatus());
      if (!keepMentions) {
        await updateStore(() => emptyMentionStore());
        await deps.writeProjects([]);
      }
      return ok(null);
    },
    async getProject(data) {
      const { projectId: id } = schemas.getProject.parse(data);
      return ok(await deps.session.call((client, token) => client.getProject(token, id)));
    },
    async getProjectStats(data) {
      const { projectId: id } = schemas.getProjectStats.parse(data);
      return ok(await deps.session.call((client, token) => client.getProjectData(token, id)));
    },
    async addProject(data) {
      const input = validInput(schemas.addProject.parse(data).input);
      const result = await deps.session.call((client, token) => client.addProject(token, input));
      await refreshProjects();
      // Its first poll starts at once: the new project's mentions appear without waiting.
      void deps.poller.pollAfterChange('projects');
      return ok(result);
    },
    async editProject(data) {
      const parsed = schemas.editProject.parse(data);
      const input = validInput(parsed.input);
      await deps.session.call((client, token) =>
        client.editProject(token, parsed.projectId, input),
      );
      await refreshProjects();
      void deps.poller.pollAfterChange('projects');
      return ok(null);
    },
    async removeProject(data) {
      const { projectId: id } = schemas.removeProject.parse(data);
      await deps.session.call((client, token) => client.removeProject(token, id));
      // Its mentions leave at once, not at the next poll.
      await updateStore((store) => removeProject(store, id));
      await deps.writeProjects((await deps.readProjects()).filter((p) => p.project_id !== id));
      return ok(null);
    },
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
      if (error instanceof z.core.$ZodError) {
        return {
          ok: false,
          error: { kind: 'invalid-input', message: t('bgMalformedRequest') },
        };
      }
      return failure(error);
    }
  };
}
