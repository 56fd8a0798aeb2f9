// A command from the popup, its failure reported in the browser's own words (the toast): every
// popup action sends through here (read state, save, mute, snooze).
import type { Report } from '@/components/Toasts';
import { t } from '@/lib/i18n';
import { callBackground } from '@/lib/messaging/call-background';
import type { Command, CommandData, CommandReply } from '@/lib/messaging/protocol';

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
