// Notifications a poll has decided to show, kept in storage until they are shown. The poll writes
// them in the same storage.local.set as the mentions they announce (writeMentionStore's `extra`),
// so a worker stopped between that write and the notification loses nothing: the next worker start
// or poll shows what is left. Ids are derived from the content (lib/mentions/notify.ts), so showing
// an entry again after a stop between showing and clearing replaces it instead of doubling it.
// Pure: the storage calls and the showing are lib/notifications/desktop.ts's.
// The outbox is notificationOutboxItem (lib/storage/items.ts), under OUTBOX_KEY (not a
// mention-store key: see lib/storage/keys.ts).
import { OUTBOX_KEY } from '@/lib/storage/keys';
import type { MentionNotification } from '@/lib/mentions/notify';
import { isRecord } from '@/lib/service/envelope';

/** What showing a notification needs, and nothing of the mentions beyond it. */
export interface OutboxEntry {
  id: string;
  title: string;
  message: string;
}

/** A poll shows a handful at most; anything longer in storage is damage. */
const MAX_ENTRIES = 20;
const MAX_TEXT = 2_000;

export function outboxEntries(notifications: readonly MentionNotification[]): OutboxEntry[] {
  return notifications.map(({ id, title, message }) => ({ id, title, message }));
}

/** The `extra` for the store write that carries these notifications (none: nothing extra). */
export function outboxWrite(
  notifications: readonly MentionNotification[],
): Record<string, unknown> | undefined {
  return notifications.length === 0 ? undefined : { [OUTBOX_KEY]: outboxEntries(notifications) };
}

/** The outbox as stored: only well-formed entries of ours (ids start with `mm:`). */
export function parseOutbox(raw: unknown): OutboxEntry[] {
  if (!Array.isArray(raw)) return [];
  const out: OutboxEntry[] = [];
  for (const value of raw.slice(0, MAX_ENTRIES)) {
    if (!isRecord(value)) continue;
    const { id, title, message } = value as Partial<OutboxEntry>;
    if (typeof id !== 'string' || !id.startsWith('mm:') || id.length > 200) continue;
    if (typeof title !== 'string' || typeof message !== 'string') continue;
    out.push({ id, title: title.slice(0, MAX_TEXT), message: message.slice(0, MAX_TEXT) });
  }
  return out;
}
