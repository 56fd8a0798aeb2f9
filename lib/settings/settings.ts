// The user's settings, and the poll interval's rules.

import { lazySchema, z, fieldwise, keptList } from '@/lib/zod';
import { DEFAULT_QUIET_HOURS, storedQuietHours } from '@/lib/settings/quiet-hours';
import { FIRST_ACCOUNT, isAccountId } from '@/lib/accounts/accounts';

// The poll interval's rules in one place: the choices the options page offers, the bounds, the
// default, and how any stored or sent value becomes a usable one. Settings parsing, the schedule,
// the savePreferences command and the options page all take them from here, so a value one of
// them accepts is never refused by another (an interval stored by an older version or another
// device, e.g. 45, must not make a later save fail).

/** The intervals the options page offers. */
const POLL_INTERVAL_CHOICES = [1, 2, 5, 10, 15, 30, 60] as const;
const DEFAULT_INTERVAL_MINUTES = 5;
/** Never poll more often than once a minute (docs/service/notes.md, "rate limits"). */
export const MIN_INTERVAL_MINUTES = 1;
const MAX_INTERVAL_MINUTES = 24 * 60;

/** An interval as settings store it: whole minutes within the bounds. */
const storedIntervalMinutes = lazySchema(() =>
  z.int().check(z.gte(MIN_INTERVAL_MINUTES), z.lte(MAX_INTERVAL_MINUTES)),
);

/** A stored interval, or the default when what is stored is damaged (settings parsing). */
export function parseIntervalMinutes(value: unknown): number {
  return storedIntervalMinutes().safeParse(value).data ?? DEFAULT_INTERVAL_MINUTES;
}

/** Whether a page may ask for `value`: any number of minutes within the bounds, choice or not. */
export function isIntervalWithinBounds(value: number): boolean {
  return Number.isFinite(value) && value >= MIN_INTERVAL_MINUTES && value <= MAX_INTERVAL_MINUTES;
}

/**
 * Any value as an interval the schedule can use: whole minutes (rounded), within the bounds;
 * the default when it is not a positive number at all.
 */
export function normalizeIntervalMinutes(value: unknown): number {
  if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0) {
    return DEFAULT_INTERVAL_MINUTES;
  }
  return Math.min(MAX_INTERVAL_MINUTES, Math.max(MIN_INTERVAL_MINUTES, Math.round(value)));
}

/**
 * The options the page's select offers: the choices, plus the current interval in its place when
 * it is not one of them (so the select shows what is in effect instead of a wrong choice).
 */
export function intervalOptions(current: number): number[] {
  const choices: number[] = [...POLL_INTERVAL_CHOICES];
  if (parseIntervalMinutes(current) !== current || choices.includes(current)) return choices;
  return [...choices, current].sort((a, b) => a - b);
}

// The user's settings, in storage.local (never storage.sync: the API key must not leave this
// browser; settingsItem in lib/storage/items.ts). Read field by field, so a damaged or older value
// yields defaults where it is damaged instead of breaking the worker.

/**
 * An account after the first (lib/accounts/accounts.ts): its number, its name as the person gave
 * it ('' for none) and its connection, as the first account's is stored.
 */
const storedAccount = lazySchema(() =>
  z.object({
    id: z.string().check(z.refine((id) => isAccountId(id) && id !== FIRST_ACCOUNT)),
    label: z.string().check(z.maxLength(MAX_LABEL_LENGTH)),
    serviceUrl: z.string().check(z.minLength(1)),
    apiKey: z.string().check(z.minLength(1)),
  }),
);

/** The longest account name the options page takes. */
export const MAX_LABEL_LENGTH = 60;
/** How many accounts one browser holds, the first included. */
export const MAX_ACCOUNTS = 20;

export type StoredAccount = z.output<ReturnType<typeof storedAccount>>;

const settingsShape = () => ({
  /** The first account's service origin, already validated and normalized; '' when not set up. */
  serviceUrl: z.string(),
  apiKey: z.string(),
  /** The first account's name as the person gave it; '' for none. */
  label: z.string().check(z.maxLength(MAX_LABEL_LENGTH)),
  /** The accounts after the first, in the order they were added. */
  accounts: keptList(storedAccount(), {
    most: MAX_ACCOUNTS - 1,
    idOf: (account) => account.id,
  }),
  pollIntervalMinutes: storedIntervalMinutes(),
  notificationsEnabled: z.boolean(),
  /** A plain click on a mention opens it behind, keeping the popup open (false: in front). */
  openInBackground: z.boolean(),
  /** No desktop notification in this daily span (lib/settings/quiet-hours.ts). */
  quietHours: storedQuietHours(),
});

export type Settings = z.output<z.ZodMiniObject<ReturnType<typeof settingsShape>>>;

export const DEFAULT_SETTINGS: Settings = {
  serviceUrl: '',
  apiKey: '',
  label: '',
  accounts: [],
  pollIntervalMinutes: DEFAULT_INTERVAL_MINUTES,
  notificationsEnabled: true,
  openInBackground: false,
  quietHours: DEFAULT_QUIET_HOURS,
};

const settingsSchema = lazySchema(() => fieldwise(settingsShape(), DEFAULT_SETTINGS));

/** Parses whatever storage holds into usable settings, keeping every valid field. */
export const parseSettings = (raw: unknown): Settings => settingsSchema().parse(raw);

export function isConfigured(settings: Settings): boolean {
  return settings.serviceUrl !== '' && settings.apiKey !== '';
}
