// The background's side of the commands pages send (protocol.ts), in @webext-core/messaging's wire
// format: `{ id, type, data, timestamp }` in and `{ res }` out (as the library's own onMessage would
// answer). Neither side loads the library: its receiving side cost about 1 KB gzipped of the worker's
// 30 KB budget (issue 8) for what we do not use here (listeners added and removed per type, errors
// serialised across: guardCommand turns every failure into a CommandResult, so a handler never
// throws).
import { browser } from 'wxt/browser';
import type { Command } from '@/lib/messaging/protocol';
import type { MessageSender } from '@/lib/messaging/sender';

export type CommandHandler = (message: {
  data: unknown;
  sender?: MessageSender;
}) => Promise<unknown>;

function isProtocolMessage(value: unknown): value is { type: string; data?: unknown } {
  const message = value as { type?: unknown; timestamp?: unknown } | null;
  return (
    typeof message === 'object' &&
    message !== null &&
    typeof message.type === 'string' &&
    typeof message.timestamp === 'number'
  );
}

/** Answers each command of the protocol with its handler; anything else is left unanswered. */
export function listenForCommands(handlers: Partial<Record<Command, CommandHandler>>): void {
  browser.runtime.onMessage.addListener(
    (message: unknown, sender: MessageSender, sendResponse: (reply: unknown) => void) => {
      if (!isProtocolMessage(message) || !Object.hasOwn(handlers, message.type)) return false;
      const handler = handlers[message.type as Command]!;
      void handler({ data: message.data, sender }).then(
        (res) => sendResponse({ res }),
        (error: unknown) => sendResponse({ err: { message: String(error) } }),
      );
      // The answer comes asynchronously: keep the channel open.
      return true;
    },
  );
}
