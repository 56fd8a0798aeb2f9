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
import { keptList, lazySchema, z } from '@/lib/zod';

/** A poll shows a handful at most; anything longer in storage is damage. */
const MAX_ENTRIES = 20;
const MAX_TEXT = 2_000;

const text = () =>
  z.pipe(
    z.string(),
    z.transform((value) => value.slice(0, MAX_TEXT)),
  );

/**
 * What showing a notification needs, and nothing of the mentions beyond it: entries of ours, of
 * any account (`mm:`, `mm2:`: lib/mentions/notify.ts).
 */
const entrySchema = lazySchema(() =>
  z.object({
    id: z.string().check(z.regex(/^mm(\d{1,6})?:/), z.maxLength(200)),
    title: text(),
    message: text(),
  }),
);

export type OutboxEntry = z.output<ReturnType<typeof entrySchema>>;

function outboxEntries(notifications: readonly MentionNotification[]): OutboxEntry[] {
  return notifications.map(({ id, title, message }) => ({ id, title, message }));
}

/**
 * The outbox after `notifications` join what is `waiting` (entries a stopped worker or a failed
 * show left): appended, never replacing them. An id already waiting is replaced in place (ids come
 * from the content); beyond MAX_ENTRIES the oldest go, as the newest say the most.
 */
export function appendToOutbox(
  waiting: readonly OutboxEntry[],
  notifications: readonly MentionNotification[],
): OutboxEntry[] {
  const byId = new Map(waiting.map((entry) => [entry.id, entry]));
  for (const entry of outboxEntries(notifications)) {
    byId.delete(entry.id);
    byId.set(entry.id, entry);
  }
  return [...byId.values()].slice(-MAX_ENTRIES);
}

/** The `extra` for the store write that carries these notifications (none: nothing extra). */
export function outboxWrite(
  waiting: readonly OutboxEntry[],
  notifications: readonly MentionNotification[],
): Record<string, unknown> | undefined {
  return notifications.length === 0
    ? undefined
    : { [OUTBOX_KEY]: appendToOutbox(waiting, notifications) };
}

const outboxSchema = lazySchema(() => keptList(entrySchema(), { first: MAX_ENTRIES }));

/** The outbox as stored: only well-formed entries of ours (ids start with `mm:`). */
export const parseOutbox = (raw: unknown): OutboxEntry[] => outboxSchema().parse(raw);
