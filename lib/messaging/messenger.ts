// The commands of protocol.ts on the wire, through @webext-core/messaging: pages send with
// `sendMessage` (call-background.ts is the one caller), the background answers with a messenger's
// `onMessage` (lib/background/app.ts).
import { defineExtensionMessaging } from '@webext-core/messaging';
import type { ProtocolMap } from '@/lib/messaging/protocol';

/**
 * A messenger of the commands. The library takes one listener per command and messenger: the
 * background makes its own when it registers its handlers, so each worker's are its own.
 */
export const commandMessenger = () => defineExtensionMessaging<ProtocolMap>();

/**
 * Sends a command; resolves with the background's answer, rejects when the message could not be
 * delivered (in the browser's words), nothing answered ("No response") or the answer was an error.
 */
export const { sendMessage } = commandMessenger();
