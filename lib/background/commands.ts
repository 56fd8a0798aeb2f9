// What the background does for each message, and the guard around every handler. Every command
// parses its data (command-schemas.ts) before acting; the guard checks who sent it and turns
// failures into words.

import { t } from '@/lib/i18n';
import { markAllRead, markRead, markUnread } from '@/lib/mentions/read-state';
import { type MentionStore, removeProject } from '@/lib/mentions/store';
import type { Command, CommandReply } from '@/lib/messaging/protocol';
import {
  type CommandError,
  type CommandResult,
  isOwnExtensionPage,
  type MessageSender,
} from '@/lib/messaging/protocol';
import { ServiceError, isServiceError } from '@/lib/service/errors';
import { accountOf } from '@/lib/sync/poll-writer';
import { adoptProjectList } from '@/lib/sync/project-roster';
import { checkPageAccount } from '@/lib/sync/session';
import { parsingHandlers } from '@/lib/background/command-schemas';
import type { TriageCommands } from '@/lib/background/triage-commands';
import { projectShape } from '@/lib/background/project-shape';
import { createAccountCommands, type AccountCommandDeps } from '@/lib/background/account-commands';

interface CommandDeps extends AccountCommandDeps {
  /** The triage commands (triage-commands.ts), answered beside these. */
  triage: TriageCommands;
}

/** A handler for every command: it takes data as sent (anything) and parses it first. */
type Handlers = {
  [K in Exclude<Command, 'addAccount'>]: (data: unknown) => Promise<CommandReply<K>>;
};

export function createCommands(deps: CommandDeps): Handlers {
  async function checkAccount(account: string | undefined): Promise<void> {
    await checkPageAccount(await deps.readSettings(), account);
  }

  /**
   * A change of the mention store, checked against the page's account in the same turn; what must
   * land with it (`alongside`) is written in that turn too.
   */
  async function updateStore(
    account: string | undefined,
    change: (store: MentionStore) => MentionStore,
    alongside?: () => Promise<void>,
  ): Promise<void> {
    await deps.storeQueue.run(async () => {
      await checkAccount(account);
      const before = await deps.readStore();
      const after = change(before);
      if (after !== before) await deps.writeStore(after, before);
      await alongside?.();
    });
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
      const account = accountOf(await deps.readSettings());
      const list = await deps.session.call((client, token) => client.listProjects(token));
      await deps.storeQueue.run(async () => {
        // Another account's list never lands under this one.
        if (accountOf(await deps.readSettings()) !== account) return;
        // Through the roster, as a poll's list: one short reply never drops a project.
        await adoptProjectList(deps, list, deps.now());
      });
    } catch {
      // The change itself succeeded; the next poll lists the projects again.
    }
  }

  return {
    ...deps.triage.commands,
    ...createAccountCommands(deps),
    ...parsingHandlers({
      async pollNow() {
        const result = await deps.poller.poll();
        return { polled: result.polled };
      },
      async markRead({ keys, account }) {
        await updateStore(account, (store) => markRead(store, keys));
      },
      async markUnread({ keys, account }) {
        await updateStore(account, (store) => markUnread(store, keys));
      },
      async markAllRead({ projectIds, account }) {
        // Only what the user could have seen: mentions arriving after this moment stay unread.
        const now = deps.now();
        await updateStore(account, (store) =>
          markAllRead(store, { projectIds, firstSeenAtOrBefore: now }),
        );
      },
      getProject({ projectId: id, account }) {
        return deps.session.call((client, token) => client.getProject(token, id), { account });
      },
      getProjectStats({ projectId: id, account }) {
        return deps.session.call((client, token) => client.getProjectData(token, id), {
          account,
        });
      },
      async addProject(data) {
        const input = validInput(data.input);
        const result = await deps.session.call((client, token) => client.addProject(token, input), {
          account: data.account,
        });
        await refreshProjects();
        // Its first poll starts at once: the new project's mentions appear without waiting.
        void deps.poller.pollAfterChange('projects');
        return result;
      },
      async editProject(parsed) {
        const input = validInput(parsed.input);
        // The edit view sends the account it loaded the project from: another's fields never
        // travel under this account's token.
        await deps.session.call(
          (client, token) => client.editProject(token, parsed.projectId, input),
          { account: parsed.account },
        );
        await refreshProjects();
        void deps.poller.pollAfterChange('projects');
      },
      async removeProject({ projectId: id, account }) {
        try {
          await deps.session.call((client, token) => client.removeProject(token, id), {
            account,
          });
        } catch (error) {
          // A project the service's lists left out (project-roster.ts) goes from here whatever
          // the service answers: the person asked for it gone, and the service no longer lists it.
          const absent = String(id) in (await deps.readStatus()).absentProjects;
          if (!absent || isServiceError(error, 'superseded')) throw error;
        }
        // Its mentions leave at once, not at the next poll, in the same turn as the list.
        await updateStore(
          account,
          (store) => removeProject(store, id),
          async () => {
            await deps.writeProjects(
              (await deps.readProjects()).filter((p) => p.project_id !== id),
            );
          },
        );
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
