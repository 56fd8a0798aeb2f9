// What the popup's actions send to the background and what they tell the reader: every command
// goes through sendCommand, its failure reported in the browser's own words (the toast); a mute
// offers its Undo; "Open all" opens the rows with a web link, asking first above a glance's worth.
// The mentions page sends and opens the same way.
import { t } from '@/lib/i18n';
import { callBackground } from '@/lib/messaging/call-background';
import type { Command, CommandData, CommandReply } from '@/lib/messaging/protocol';
import type { StoredMention } from '@/lib/mentions/store';
import { keysByAccount } from '@/lib/mention-view/account-mentions';
import { accountData } from '@/lib/messaging/page-account';
import { safeHttpUrl } from '@/lib/safe-url';
import type { MuteKind } from '@/lib/triage/triage-state';

/** A short report for the toast (components/Toasts.tsx): a result, or a failure. */
export interface Report {
  text: string;
  tone: 'info' | 'error';
}

export type Reporter = (report: Report) => void;

/** The command's answer, or null once its failure is reported. */
export async function sendCommand<K extends Command>(
  type: K,
  data: CommandData<K>,
  report: Reporter,
): Promise<Extract<CommandReply<K>, { ok: true }> | null> {
  const result = await callBackground(type, data, { unanswered: (reason) => reason });
  if (result.ok) return result;
  report({ text: t('popupActionFailed', result.error.message), tone: 'error' });
  return null;
}

/**
 * Sends `type` for these mentions: one command per account, each with that account's keys.
 * True once every account has the change; each failure is reported.
 */
export async function sendPerAccount(
  type: 'markRead' | 'markUnread',
  mentions: readonly StoredMention[],
  report: Reporter,
): Promise<boolean> {
  const sent = await Promise.all(
    [...keysByAccount(mentions)].map(([account, keys]) =>
      sendCommand(type, { keys, ...accountData(account) }, report),
    ),
  );
  return sent.every((reply) => reply !== null);
}

/** What a menu or dialog needs to say how a command went. */
export interface CommandContext {
  report: Reporter;
  /** Offers to undo what `message` says was done, by `run` (the popup's Undo toast). */
  offerUndo(message: string, run: () => Promise<unknown>): void;
}

/** A mute rule to add (the `mute` command's data). */
export interface MuteRequest {
  kind: MuteKind;
  value: string;
  /** The mention's project, or null for all projects. */
  projectId: number | null;
  /** The mention's account (mentionAccount): the rule is that account's. */
  account?: string;
}

/** What the toast says after a mute, in the rule's own (normalised) words. */
function mutedMessage(kind: MuteKind, value: string): string {
  if (kind === 'author') return t('popupMutedAuthor', value);
  if (kind === 'site') return t('popupMutedSite', value);
  return t('popupMutedPhrase', value);
}

/** Mutes, then offers the Undo (unmute) of the rule the background made or already had. */
export async function muteWithUndo(request: MuteRequest, context: CommandContext): Promise<void> {
  const { account, ...mute } = request;
  const target = account === undefined ? {} : accountData(account);
  const reply = await sendCommand('mute', { ...mute, ...target }, context.report);
  if (!reply) return;
  const { rule } = reply.value;
  context.offerUndo(mutedMessage(rule.kind, rule.value), () =>
    sendCommand('unmute', { ruleId: rule.id, ...target }, context.report),
  );
}

/** Above this many tabs, "Open all" asks before opening them. */
export const OPEN_ALL_ASK_ABOVE = 10;

export interface OpenTarget {
  mention: StoredMention;
  /** The mention's link, normalized: only http(s) ever opens (lib/safe-url.ts). */
  url: string;
}

/** What "Open all" opens of these rows, in their order: every one with a safe web link. */
export function openTargets(shown: readonly StoredMention[]): OpenTarget[] {
  const targets: OpenTarget[] = [];
  for (const mention of shown) {
    const url = safeHttpUrl(mention.url);
    if (url) targets.push({ mention, url });
  }
  return targets;
}

/** Whether opening this many tabs asks first. */
export function asksFirst(count: number): boolean {
  return count > OPEN_ALL_ASK_ABOVE;
}
