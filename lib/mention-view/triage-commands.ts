// The triage commands the popup's menus and dialogs send (loaded with them, never with the first
// paint): a mute, followed by its Undo; a snooze and its end.
import { t } from '@/lib/i18n';
import type { MuteKind } from '@/lib/triage/triage-state';
import { sendCommand, type Reporter } from '@/lib/mention-view/send-command';

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
}

/** What the toast says after a mute, in the rule's own (normalised) words. */
export function mutedMessage(kind: MuteKind, value: string): string {
  if (kind === 'author') return t('popupMutedAuthor', value);
  if (kind === 'site') return t('popupMutedSite', value);
  return t('popupMutedPhrase', value);
}

/** Mutes, then offers the Undo (unmute) of the rule the background made or already had. */
export async function muteWithUndo(request: MuteRequest, context: CommandContext): Promise<void> {
  const reply = await sendCommand('mute', request, context.report);
  if (!reply) return;
  const { rule } = reply.value;
  context.offerUndo(mutedMessage(rule.kind, rule.value), () =>
    sendCommand('unmute', { ruleId: rule.id }, context.report),
  );
}
