// The options page's one way to the background. A message that cannot be delivered (the worker
// failed to start, the extension was updated under the page) becomes a CommandResult like any other
// failure, so every caller shows it in words instead of leaving a button spinning.

import { t } from '../i18n';
import {
  sendMessage,
  type CommandData,
  type CommandResult,
  type ProtocolMap,
} from '../messaging/protocol';

type Command = keyof ProtocolMap;
type CommandReply<K extends Command> = ReturnType<ProtocolMap[K]>;

export async function runCommand<K extends Command>(
  type: K,
  data?: CommandData<K>,
): Promise<CommandReply<K>> {
  try {
    const send = sendMessage as (type: K, data: unknown) => Promise<CommandReply<K> | undefined>;
    const reply = await send(type, data);
    if (reply && typeof reply === 'object' && 'ok' in reply) return reply;
  } catch {
    // Falls through to the message below.
  }
  const failed: CommandResult<never> = {
    ok: false,
    error: { kind: 'internal', message: t('optionsErrorBackground') },
  };
  return failed as CommandReply<K>;
}
