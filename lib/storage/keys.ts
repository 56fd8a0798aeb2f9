// The names of storage.local keys that a mention-store write carries beside the store's own keys in
// the same storage call (so they land atomically with the mentions they go with). Each is also the
// name of a storage item (lib/storage/items.ts, which pins that the two agree). Apart from the items
// because the modules that own these values (the preview, the outbox, the service clock) write them
// as raw keys, and items.ts imports those modules for their guards: naming the keys here keeps that
// one-way. The names are stored data: changing one loses what existing users have stored.

/** The popup's first page and counts (lib/mentions/preview.ts): also the item mentionPreviewItem. */
export const PREVIEW_KEY = 'mentionPreview';
/** Notifications waiting to be shown (lib/notifications/outbox.ts): also notificationOutboxItem. */
export const OUTBOX_KEY = 'notificationOutbox';
/** What is known of the service's clock (lib/time/service-clock.ts): also serviceClockItem. */
export const SERVICE_CLOCK_KEY = 'serviceClock';
/** Mute rules, switches, snooze (lib/triage/triage-state.ts): also triageItem. */
export const TRIAGE_KEY = 'triage';
/** Saved mentions (lib/triage/saved.ts), written with the triage by an import: savedMentionsItem. */
export const SAVED_KEY = 'savedMentions';
