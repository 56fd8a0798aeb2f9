// Around every command handler: senders other than our own pages are refused, and every failure
// comes back as words the page can show (a CommandResult), never as an exception. Malformed data
// is one of them: parseCommand (command-schemas.ts) refuses it as a ServiceError.
import { t } from '@/lib/i18n';
import type { CommandError, CommandResult } from '@/lib/messaging/protocol';
import { isOwnExtensionPage, type MessageSender } from '@/lib/messaging/sender';
import { isServiceError } from '@/lib/service/errors';

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
