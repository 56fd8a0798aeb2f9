// The user's settings, in storage.local (never storage.sync: the API key must not leave this
// browser). Read through a schema so a damaged or older value yields defaults field by field
// instead of breaking the worker.
import { storage } from 'wxt/utils/storage';
import { z } from 'zod';

export const POLL_INTERVAL_CHOICES = [1, 2, 5, 10, 15, 30, 60] as const;
export const DEFAULT_POLL_INTERVAL_MINUTES = 5;
/** The service's rate limits are unknown: never poll more often than this. */
export const MIN_POLL_INTERVAL_MINUTES = 1;

export interface Settings {
  /** The service's origin, already validated and normalized; '' when not set up. */
  serviceUrl: string;
  apiKey: string;
  pollIntervalMinutes: number;
  notificationsEnabled: boolean;
}

export const DEFAULT_SETTINGS: Settings = {
  serviceUrl: '',
  apiKey: '',
  pollIntervalMinutes: DEFAULT_POLL_INTERVAL_MINUTES,
  notificationsEnabled: true,
};

const settingsSchema = z.object({
  serviceUrl: z.string().catch(DEFAULT_SETTINGS.serviceUrl),
  apiKey: z.string().catch(DEFAULT_SETTINGS.apiKey),
  pollIntervalMinutes: z
    .number()
    .int()
    .min(MIN_POLL_INTERVAL_MINUTES)
    .max(24 * 60)
    .catch(DEFAULT_SETTINGS.pollIntervalMinutes),
  notificationsEnabled: z.boolean().catch(DEFAULT_SETTINGS.notificationsEnabled),
});

export const settingsItem = storage.defineItem<Settings>('local:settings', {
  fallback: DEFAULT_SETTINGS,
  version: 1,
  migrations: {},
});

/** Parses whatever storage holds into usable settings, keeping every valid field. */
export function parseSettings(raw: unknown): Settings {
  const parsed = settingsSchema.safeParse(raw ?? {});
  return parsed.success ? parsed.data : { ...DEFAULT_SETTINGS };
}

export async function readSettings(): Promise<Settings> {
  return parseSettings(await settingsItem.getValue());
}

export function isConfigured(settings: Settings): boolean {
  return settings.serviceUrl !== '' && settings.apiKey !== '';
}
