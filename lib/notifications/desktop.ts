// Desktop notifications for new mentions: which ones is decided by newMentionsToNotify (one per
// project per poll, a summary after an outage); this module shows them and answers their clicks.
import { browser } from 'wxt/browser';
import {
  newMentionsToNotify,
  parseNotificationId,
  type NotificationTarget,
} from '../mentions/notify';
import type { StoredMention } from '../mentions/store';
import type { ServiceProject } from '../projects/types';

export async function showMentionNotifications(
  added: readonly StoredMention[],
  projects: readonly ServiceProject[],
  firstSyncProjectIds: readonly number[],
): Promise<number> {
  const notifications = newMentionsToNotify(added, projects, { firstSyncProjectIds });
  for (const n of notifications) {
    await browser.notifications.create(n.id, {
      type: 'basic',
      iconUrl: browser.runtime.getURL('/icon/128.png'),
      title: n.title,
      message: n.message,
    });
  }
  return notifications.length;
}

/** What a clicked notification points at; undefined for ids that are not ours. */
export function notificationTarget(id: string): NotificationTarget | undefined {
  return parseNotificationId(id);
}
