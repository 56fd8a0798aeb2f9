// What the extension's pages may ask of the background, and what they get back. The background is
// the only writer of mention state and the only caller of the service, so every change a page
// wants travels as one of these messages. Each command is declared once, in
// lib/background/command-schemas.ts (its data's schema and its reply); the types here are derived
// from it, as types only: no page loads the validation library to send a command.

import type { CommandReplies, commandSchemas } from '@/lib/background/command-schemas';
import type { MentionKey } from '@/lib/mentions/store';
import type { z } from '@/lib/zod';

/** A failure the page can show in words. `field` names the form field the service objected to. */
export interface CommandError {
  kind: string;
  message: string;
  field?: string;
}

export type CommandResult<T> = { ok: true; value: T } | { ok: false; error: CommandError };

export type { MentionKey };

export type Command = keyof CommandReplies;

/**
 * The commands that touch the account's data (its mentions, projects, mute rules, switches and
 * saved mentions): a page sends each with `account`, the accountFingerprint of the settings it
 * read that data with, and the background refuses it when the account is another now.
 */
export const ACCOUNT_BOUND = [
  'markRead',
  'markUnread',
  'markAllRead',
  'getProject',
  'getProjectStats',
  'addProject',
  'editProject',
  'removeProject',
  'mute',
  'muteMany',
  'unmute',
  'unmuteMany',
  'setProjectSwitches',
  'saveMention',
  'unsaveMention',
  'saveMentions',
  'unsaveMentions',
] as const satisfies readonly Command[];

/** A command's data, as its schema takes it: `undefined` for a command that takes none. */
export type CommandData<K extends Command> = z.input<ReturnType<(typeof commandSchemas)[K]>>;

/** What a command answers: its value, or a failure in words. */
export type CommandReply<K extends Command> = CommandResult<CommandReplies[K]>;

/** Every command as a function from its data to its answer (for tests that drive the wire). */
export type ProtocolMap = { [K in Command]: (data: CommandData<K>) => CommandReply<K> };

// Only our own extension pages may command the background. Content scripts (we have none, but a
// compromised page could try) and other extensions are refused before any data is looked at.

export interface MessageSender {
  id?: string;
  url?: string;
}

export function isOwnExtensionPage(
  sender: MessageSender | undefined,
  extensionId: string,
  extensionOrigin: string,
): boolean {
  if (!sender || sender.id !== extensionId || typeof sender.url !== 'string') return false;
  try {
    return new URL(sender.url).origin === new URL(extensionOrigin).origin;
  } catch {
    return false;
  }
}
