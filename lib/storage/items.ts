// Every storage item of the extension, in one place: its area and key, what a missing value reads
// as, its format version and migrations, and the guard it is read through (`parse`, owned by the
// module that owns the format; `item.read()` applies it). The items are WXT's
// (`storage.defineItem` of wxt/utils/storage), whose stored format is the value under its key and a
// versioned item's version under `<key>$` as `{ v }`. The mention store's own keys, one per record
// and a few per project, are lib/mentions/store-format.ts's.
//
// Keys, areas and versions are stored data: changing one loses what existing users have stored
// (tests/unit/storage/items.test.ts pins them). A guard never writes: it only reads what is there.
//
// Every definition is marked pure, so a bundle keeps only the items it uses (and their guards): the
// popup's first paint does not load the service clock's or the session's code. Keys are plain
// literals for the same reason (a template literal counts as code that may run): the ones a
// mention-store write also carries as raw keys are named again in keys.ts, and the test checks
// that both agree.
import { storage, type WxtStorageItem, type WxtStorageItemOptions } from 'wxt/utils/storage';
import { parseStoredPreview } from '@/lib/mentions/parse-preview';
import type { StoredPreview } from '@/lib/mentions/preview';
import { parseOutbox } from '@/lib/notifications/outbox';
import { parseCachedProjects } from '@/lib/projects/project-cache';
import type { ServiceProject } from '@/lib/projects/types';
import { DEFAULT_SETTINGS, parseSettings, type Settings } from '@/lib/settings/settings';
import { parseStoredToken, type StoredToken } from '@/lib/sync/session-token';
import {
  DURABLE_STATUS_VERSION,
  durableOf,
  parseSyncStatus,
  type SyncStatus,
} from '@/lib/sync/status';
import {
  initialServiceClock,
  parseServiceClock,
  type ServiceClockState,
} from '@/lib/time/service-clock';
import { parseSaved, type SavedMentions } from '@/lib/triage/saved';
import { parseTriage, type TriageState } from '@/lib/triage/triage-state';
import { PREVIEW_KEY } from '@/lib/storage/keys';
import { accountPrefix } from '@/lib/accounts/accounts';

interface ItemOptions<T, R> extends WxtStorageItemOptions<T> {
  /** What a missing (or null) value reads as. */
  fallback: T;
  /** The guard a stored value is read through (older format, damage); else read() is getValue(). */
  parse?: (raw: unknown) => R;
}

/**
 * A WXT item with its name in its area (what a page's batched `browser.storage.*.get` asks for) and
 * its guard (`parse`, for a value read that way or given to a watch; `read()`, for one read alone).
 */
function lazyItem<T, R = T>(key: `${'local' | 'session'}:${string}`, options: ItemOptions<T, R>) {
  const { parse = (raw: unknown) => raw as R, ...wxtOptions } = options;
  // Defined on first use: WXT's defineItem reads storage when called; nothing may at import.
  let defined: WxtStorageItem<T, Record<string, never>> | undefined;
  const item = () => (defined ??= storage.defineItem<T, Record<string, never>>(key, wxtOptions));
  const guard = (raw: unknown): R => parse(raw ?? options.fallback ?? null);
  return {
    key,
    name: key.slice(key.indexOf(':') + 1),
    parse: guard,
    read: async () => guard(await item().getValue()),
    getValue: () => item().getValue(),
    /** null removes the key. */
    setValue: (value: T) => item().setValue(value),
    removeValue: () => item().removeValue(),
    /** WXT's watch tells only of a write that changes the stored data (member order aside). */
    watch: (callback: (newValue: T, oldValue: T) => void) => item().watch(callback),
  };
}

/**
 * An item every account has one of (lib/accounts/accounts.ts): `item(account)` is account's, under
 * `key` with the account's prefix (none for the first account, whose keys are those of the single
 * account of old).
 */
function accountItem<T, R = T>(
  key: `${'local' | 'session'}:${string}`,
  options: ItemOptions<T, R>,
) {
  const area = key.slice(0, key.indexOf(':')) as 'local' | 'session';
  const name = key.slice(key.indexOf(':') + 1);
  const items = new Map<string, ReturnType<typeof lazyItem<T, R>>>();
  return (account: string) => {
    let item = items.get(account);
    if (!item) {
      item = lazyItem<T, R>(`${area}:${accountPrefix(account)}${name}`, options);
      items.set(account, item);
    }
    return item;
  };
}

/** The user's settings (never storage.sync: the API key must not leave this browser). */
export const settingsItem = /* @__PURE__ */ lazyItem<Settings>('local:settings', {
  fallback: DEFAULT_SETTINGS,
  version: 1,
  migrations: {},
  parse: parseSettings,
});

/** The last project list the service gave (written by the background after listProjects). */
export const projectsItem = /* @__PURE__ */ accountItem<ServiceProject[]>('local:projects', {
  fallback: [],
  version: 1,
  migrations: {},
  parse: parseCachedProjects,
});

/**
 * The whole sync status, rewritten by every poll (memory only). Read with the durable one by
 * readSyncStatus (lib/sync/status-storage.ts).
 */
export const syncStatusItem = /* @__PURE__ */ accountItem<SyncStatus | null, SyncStatus>(
  'session:syncStatus',
  { fallback: null, parse: parseSyncStatus },
);

/**
 * The status's durable part (lib/sync/status.ts), written only when it changes. Version 2: a
 * version 1 value goes through the same guard.
 */
export const durableStatusItem = /* @__PURE__ */ accountItem<SyncStatus | null, SyncStatus>(
  'local:syncStatus',
  {
    fallback: null,
    version: DURABLE_STATUS_VERSION,
    migrations: { 2: (old: unknown) => durableOf(parseSyncStatus(old)) },
    parse: parseSyncStatus,
  },
);

/** The session token and the account it is for; gone after a browser restart (lib/sync/session.ts). */
export const sessionTokenItem = /* @__PURE__ */ accountItem<StoredToken | null, StoredToken | null>(
  'session:token',
  { fallback: null, parse: parseStoredToken },
);

/**
 * The poll lease (lib/sync/locks.ts), so overlapping triggers across worker restarts make one poll.
 * No guard here: the lease checks read any value (leaseIsHeld, leaseIsOwnedBy).
 */
export const pollLeaseItem = /* @__PURE__ */ accountItem<unknown>('session:pollLease', {
  fallback: null,
});

/**
 * The popup's first screen and counts (lib/mentions/preview.ts), written with the mention store in
 * one storage call. Read as null when damaged or inconsistent.
 */
export const mentionPreviewItem = /* @__PURE__ */ accountItem<
  StoredPreview | null,
  ReturnType<typeof parseStoredPreview>
>(`local:${PREVIEW_KEY}`, { fallback: null, parse: parseStoredPreview });

/** What is known of the service's clock (lib/time/service-clock.ts); only the background writes. */
export const serviceClockItem = /* @__PURE__ */ accountItem<ServiceClockState>(
  'local:serviceClock',
  {
    fallback: /* @__PURE__ */ initialServiceClock(),
    version: 1,
    migrations: {},
    parse: parseServiceClock,
  },
);

/**
 * Notifications waiting to be shown (lib/notifications/outbox.ts). Written as an `extra` of a
 * mention-store write (outboxWrite), shown and removed by lib/notifications/desktop.ts.
 */
export const notificationOutboxItem = /* @__PURE__ */ accountItem<
  unknown,
  ReturnType<typeof parseOutbox>
>('local:notificationOutbox', { fallback: null, parse: parseOutbox });

/**
 * Mute rules, per-project switches, the snooze and what it held back (lib/triage/triage-state.ts).
 * Per account: cleared with the account's data. Only the background writes it.
 */
export const triageItem = /* @__PURE__ */ accountItem<TriageState | null, TriageState>(
  'local:triage',
  { fallback: null, parse: parseTriage },
);

/** Mentions saved for later, each a copy of its record (lib/triage/saved.ts). Per account. */
export const savedMentionsItem = /* @__PURE__ */ accountItem<SavedMentions | null, SavedMentions>(
  'local:savedMentions',
  { fallback: null, parse: parseSaved },
);

/** The settings, every field checked. */
export function readSettings(): Promise<Settings> {
  return settingsItem.read();
}

/** Account `account`'s cached project list, every project checked. */
export function readProjects(account: string): Promise<ServiceProject[]> {
  return projectsItem(account).read();
}

/**
 * Caches a project list as a read gives it back (its guard, parseCachedProjects: the first of
 * them as listed, up to the cache's cap), so storage never holds what no read would return.
 */
export function writeProjects(account: string, projects: readonly ServiceProject[]): Promise<void> {
  return projectsItem(account).setValue(parseCachedProjects(projects));
}

/** The state of account `account`'s service clock, checked. */
export function readServiceClock(account: string): Promise<ServiceClockState> {
  return serviceClockItem(account).read();
}
