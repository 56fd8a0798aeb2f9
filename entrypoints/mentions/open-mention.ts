// A click on a mention's title: its page in a new tab (in front, or behind for a modified click,
// lib/navigation/pages.ts) and the mention marked read. The mentions page stays open; only
// safe http(s) URLs open (the row shows no link for others).
import { type Report, sendCommand } from '@/lib/mention-view/actions';
import { t } from '@/lib/i18n';
import { keyOf, type StoredMention } from '@/lib/mentions/store';
import type { OpenMode } from '@/lib/navigation/pages';
import { safeHttpUrl } from '@/lib/safe-url';
import { browser } from 'wxt/browser';

export async function openMention(
  mention: StoredMention,
  mode: OpenMode,
  report: (report: Report) => void,
): Promise<void> {
  const url = safeHttpUrl(mention.url);
  if (!url) return;
  try {
    await browser.tabs.create({ url, active: mode === 'foreground' });
  } catch {
    report({ text: t('popupOpenFailed'), tone: 'error' });
    return;
  }
  if (!mention.read) await sendCommand('markRead', { keys: [keyOf(mention)] }, report);
}
