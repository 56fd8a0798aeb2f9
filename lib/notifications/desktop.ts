// Desktop notifications for new mentions: which ones is decided by newMentionsToNotify (one per
// project per poll, a summary after an outage) when a poll stores its mentions; they wait in the
// outbox (outbox.ts) until shown. This module shows them, clears them, and answers their clicks.
import { browser } from 'wxt/browser';
import { t } from '@/lib/i18n';
import { notificationOutboxItem } from '@/lib/storage/items';
import { parseNotificationId } from '@/lib/mentions/notify';
import type { OutboxEntry } from '@/lib/notifications/outbox';

async function show(entry: OutboxEntry): Promise<void> {
  await browser.notifications.create(entry.id, {
    type: 'basic',
    iconUrl: browser.runtime.getURL('/icon/128.png'),
    title: entry.title,
    message: entry.message,
    // Chrome only: Firefox shows no notification buttons (and refuses the option). Their order is
    // what app.onNotificationButton reads: "Open", then "Mark read".
    ...(!import.meta.env.FIREFOX && parseNotificationId(entry.id)?.kind === 'mention'
      ? { buttons: [{ title: t('notifyButtonOpen') }, { title: t('notifyButtonMarkRead') }] }
      : {}),
  });
}

/**
 * Shows what account `account`'s outbox holds, then empties it; returns how many were shown. Called after the
 * write that filled it, at every worker start and before every poll, always in the background's
 * store queue (so an account change, which empties the outbox in that queue, cannot interleave).
 */
export async function flushOutbox(account: string): Promise<number> {
  const outbox = notificationOutboxItem(account);
  const raw = await outbox.getValue();
  // Nothing waiting (the usual case): no write at all, so a quiet poll writes nothing.
  if (raw === null) return 0;
  const entries = outbox.parse(raw);
  for (const entry of entries) await show(entry);
  await outbox.removeValue();
  return entries.length;
}

/**
 * Everything of account `account`'s the user could still see or be shown (account change,
 * disconnect): its outbox, and the notifications on screen, whose clicks would open the old account's mentions.
 */
export async function clearNotifications(account: string): Promise<void> {
  await notificationOutboxItem(account).removeValue();
  const shown = await browser.notifications.getAll();
  await Promise.all(
    Object.keys(shown)
      .filter((id) => parseNotificationId(id)?.account === account)
      .map((id) => browser.notifications.clear(id)),
  );
}
