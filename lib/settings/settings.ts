// The user's settings, in storage.local (never storage.sync: the API key must not leave this
// browser; settingsItem in lib/storage/items.ts). Read field by field, so a damaged or older value
// yields defaults where it is damaged instead of breaking the worker.
import { fieldwise } from '@/lib/lenient-schema';
import { DEFAULT_INTERVAL_MINUTES, storedIntervalMinutes } from '@/lib/settings/poll-interval';
import { DEFAULT_QUIET_HOURS, storedQuietHours } from '@/lib/settings/quiet-hours';
import { lazySchema, z } from '@/lib/zod';

const settingsShape = () => ({
  /** The service's origin, already validated and normalized; '' when not set up. */
  serviceUrl: z.string(),
  apiKey: z.string(),
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
