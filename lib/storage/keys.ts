// The names of the storage keys that are not single items (lib/storage/items.ts has those): the
// mention store's keys, one per record and a few per project (lib/mentions/shards.ts says why it is
// split up), and the keys a mention-store write carries beside them in the same storage call.
// Every one is in storage.local. A leaf module, so pages can recognise a store key without loading
// the store. The names are stored data: changing one loses what existing users have stored.

/** One mention's record: `mention:<project id>:<id>`. */
export const RECORD_PREFIX = 'mention:';
/** A project's read ids: `mentionRead:<project id>`. */
export const READ_PREFIX = 'mentionRead:';
/** A project's floor (store.ts, ProjectFloor): `mentionFloor:<project id>`. */
export const FLOOR_PREFIX = 'mentionFloor:';
/**
 * Format 1 (before floors): a project's pruned ids. Read only by the migration (migrate.ts), which
 * turns them into the project's floor and removes them.
 */
export const LEGACY_PRUNED_PREFIX = 'mentionPruned:';
/** The format version, the synced projects and the service's offset the times were read at. */
export const META_KEY = 'mentionMeta';
/** The popup's first page and counts (lib/mentions/preview.ts): also the item mentionPreviewItem. */
export const PREVIEW_KEY = 'mentionPreview';
/** Notifications waiting to be shown (lib/notifications/outbox.ts): also notificationOutboxItem. */
export const OUTBOX_KEY = 'notificationOutbox';
/** What is known of the service's clock (lib/time/service-clock.ts): also serviceClockItem. */
export const SERVICE_CLOCK_KEY = 'serviceClock';
/** Mute rules, switches, snooze (lib/triage/triage-state.ts): also triageItem. */
export const TRIAGE_KEY = 'triage';

export function recordKey(projectId: number, id: number): string {
  return `${RECORD_PREFIX}${projectId}:${id}`;
}

export function readKey(projectId: number): string {
  return `${READ_PREFIX}${projectId}`;
}

export function floorKey(projectId: number): string {
  return `${FLOOR_PREFIX}${projectId}`;
}
