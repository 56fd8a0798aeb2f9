// The user's settings, in storage.local (never storage.sync: the API key must not leave this
// browser). Read through a schema so a damaged or older value yields defaults field by field
// instead of breaking the worker.
import { storage } from 'wxt/utils/storage';
import { z } from 'zod';
import {
  DEFAULT_INTERVAL_MINUTES,
  MAX_INTERVAL_MINUTES,
  MIN_INTERVAL_MINUTES,
} from '../sync/schedule';

/** The intervals the options page offers. */
export const POLL_INTERVAL_CHOICES = [1, 2, 5, 10, 15, 30, 60] as const;

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
  pollIntervalMinutes: DEFAULT_INTERVAL_MINUTES,
  notificationsEnabled: true,
};

const settingsSchema = z.object({
  serviceUrl: z.string().catch(DEFAULT_SETTINGS.serviceUrl),
  apiKey: z.string().catch(DEFAULT_SETTINGS.apiKey),
  pollIntervalMinutes: z
    .number()
    .int()
    .min(MIN_INTERVAL_MINUTES)
    .max(MAX_INTERVAL_MINUTES)
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
