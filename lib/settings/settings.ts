// The user's settings, in storage.local (never storage.sync: the API key must not leave this
// browser; settingsItem in lib/storage/items.ts). Read through a guard so a damaged or older value
// yields defaults field by field instead of breaking the worker. A plain guard rather than a zod
// schema: the popup reads settings on its first paint and should not load a schema library for
// five fields.
import { DEFAULT_INTERVAL_MINUTES, parseIntervalMinutes } from '@/lib/settings/poll-interval';
import { DEFAULT_QUIET_HOURS, parseQuietHours, type QuietHours } from '@/lib/settings/quiet-hours';
import { isRecord } from '@/lib/service/envelope';

export interface Settings {
  /** The service's origin, already validated and normalized; '' when not set up. */
  serviceUrl: string;
  apiKey: string;
  pollIntervalMinutes: number;
  notificationsEnabled: boolean;
  /** A plain click on a mention opens it behind, keeping the popup open (false: in front). */
  openInBackground: boolean;
  /** No desktop notification in this daily span (lib/settings/quiet-hours.ts). */
  quietHours: QuietHours;
}

export const DEFAULT_SETTINGS: Settings = {
  serviceUrl: '',
  apiKey: '',
  pollIntervalMinutes: DEFAULT_INTERVAL_MINUTES,
  notificationsEnabled: true,
  openInBackground: false,
  quietHours: DEFAULT_QUIET_HOURS,
};

/** Parses whatever storage holds into usable settings, keeping every valid field. */
export function parseSettings(raw: unknown): Settings {
  const value = isRecord(raw) ? raw : {};
  return {
    serviceUrl:
      typeof value.serviceUrl === 'string' ? value.serviceUrl : DEFAULT_SETTINGS.serviceUrl,
    apiKey: typeof value.apiKey === 'string' ? value.apiKey : DEFAULT_SETTINGS.apiKey,
    pollIntervalMinutes: parseIntervalMinutes(value.pollIntervalMinutes),
    notificationsEnabled:
      typeof value.notificationsEnabled === 'boolean'
        ? value.notificationsEnabled
        : DEFAULT_SETTINGS.notificationsEnabled,
    openInBackground:
      typeof value.openInBackground === 'boolean'
        ? value.openInBackground
        : DEFAULT_SETTINGS.openInBackground,
    quietHours: parseQuietHours(value.quietHours),
  };
}

export function isConfigured(settings: Settings): boolean {
  return settings.serviceUrl !== '' && settings.apiKey !== '';
}
