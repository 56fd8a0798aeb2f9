// The settings backup: what "Export settings" writes and "Import settings" accepts (the options
// page builds and reads the file; the background's importSettings takes what it read, checks it
// with its storage guards, lib/background/import-check.ts, and applies it all or nothing). One
// format, one version: a file is checked whole, and every problem is reported in words, so a
// person can see what is wrong with a file instead of a bare "invalid".
//
// The API key is in the file only when the person asks for it; the service address always is when
// set (it is no secret, and says which account the file came from).
import { t, tn } from '@/lib/i18n';
import { normalizeServiceUrl } from '@/lib/service/base-url';
import { isRecord } from '@/lib/service/envelope';
import type { QuietHours } from '@/lib/settings/quiet-hours';
import { isIntervalWithinBounds, normalizeIntervalMinutes } from '@/lib/settings/poll-interval';
import type { Settings } from '@/lib/settings/settings';
import { savedKeys, type SavedMentions } from '@/lib/triage/saved';
import type { MuteRule, ProjectSwitches, TriageState } from '@/lib/triage/triage-state';
import {
  parseMuteRules,
  parseProjectSwitches,
  parseQuietHours,
  parseSavedIds,
  quote,
  type Report,
} from '@/lib/backup/backup-fields';

export const BACKUP_FORMAT = 'mention-monitor-settings';
export const BACKUP_VERSION = 1;
/** Problems listed at most; the rest are counted ("…and 12 more problems"). */
export const MAX_LISTED_PROBLEMS = 20;
const MAX_API_KEY_LENGTH = 1_000;

export interface BackupPreferences {
  pollIntervalMinutes: number;
  notificationsEnabled: boolean;
  openInBackground: boolean;
  quietHours: QuietHours;
}

/** The file as written. */
export interface SettingsBackup {
  format: typeof BACKUP_FORMAT;
  version: typeof BACKUP_VERSION;
  /** When it was exported (ISO 8601). */
  exportedAt: string;
  preferences: BackupPreferences;
  /** Newest first, as the triage state keeps them. */
  muteRules: MuteRule[];
  /** By project id; only projects changed from the defaults. */
  projectSwitches: Record<string, ProjectSwitches>;
  /** The saved mentions as `projectId:id` (keyString), newest saved first. */
  savedIds: string[];
  serviceUrl?: string;
  apiKey?: string;
}

/** A file that passed every check, its values as the extension stores them. */
export type ParsedBackup = SettingsBackup;

export type ParseBackupResult =
  { ok: true; value: ParsedBackup } | { ok: false; problems: string[] };

export interface BuildBackupOptions {
  includeApiKey: boolean;
  /** The export's time (now by default). */
  exportedAt?: Date;
}

export function buildBackup(
  settings: Settings,
  triage: TriageState,
  saved: SavedMentions,
  { includeApiKey, exportedAt = new Date() }: BuildBackupOptions,
): SettingsBackup {
  const backup: SettingsBackup = {
    format: BACKUP_FORMAT,
    version: BACKUP_VERSION,
    exportedAt: exportedAt.toISOString(),
    preferences: {
      pollIntervalMinutes: settings.pollIntervalMinutes,
      notificationsEnabled: settings.notificationsEnabled,
      openInBackground: settings.openInBackground,
      quietHours: { ...settings.quietHours },
    },
    muteRules: triage.muteRules.map((rule) => ({ ...rule })),
    projectSwitches: Object.fromEntries(
      Object.entries(triage.projectSwitches).map(([id, switches]) => [id, { ...switches }]),
    ),
    savedIds: [...savedKeys(saved)],
  };
  if (settings.serviceUrl !== '') backup.serviceUrl = settings.serviceUrl;
  if (includeApiKey && settings.apiKey !== '') backup.apiKey = settings.apiKey;
  return backup;
}

function parsePreferences(raw: unknown, report: Report): BackupPreferences | undefined {
  if (!isRecord(raw)) {
    report(t('optionsBackupPreferences'));
    return undefined;
  }
  let good = true;
  const { pollIntervalMinutes: interval, notificationsEnabled, openInBackground } = raw;
  if (typeof interval !== 'number' || !isIntervalWithinBounds(interval)) {
    report(t('optionsBackupInterval'));
    good = false;
  }
  if (typeof notificationsEnabled !== 'boolean') {
    report(t('optionsBackupNotifications'));
    good = false;
  }
  if (typeof openInBackground !== 'boolean') {
    report(t('optionsBackupOpenInBackground'));
    good = false;
  }
  const quietHours = parseQuietHours(raw.quietHours, report);
  if (!good || !quietHours) return undefined;
  return {
    pollIntervalMinutes: normalizeIntervalMinutes(interval),
    notificationsEnabled: notificationsEnabled as boolean,
    openInBackground: openInBackground as boolean,
    quietHours,
  };
}

/** The address as the connection stores it (an origin); a problem when it is not one. */
function parseServiceUrl(raw: unknown, report: Report): string | undefined {
  const result = normalizeServiceUrl(raw);
  if (result.ok) return result.origin;
  report(t('optionsBackupServiceUrl', quote(raw)));
  return undefined;
}

/** The format and version, or the one problem that makes the rest of the file meaningless. */
function formatProblem(raw: unknown): string | null {
  if (!isRecord(raw) || raw.format !== BACKUP_FORMAT) return t('optionsBackupNotBackup');
  const { version } = raw;
  if (!Number.isSafeInteger(version) || (version as number) < 1) {
    return t('optionsBackupVersion');
  }
  if ((version as number) > BACKUP_VERSION) {
    return t('optionsBackupNewerVersion', String(version));
  }
  return null;
}

/**
 * Checks a backup file's JSON value. Every part is checked even after a problem, so the person sees
 * all of them at once (at most MAX_LISTED_PROBLEMS, then how many more). Never throws.
 */
export function parseBackup(raw: unknown): ParseBackupResult {
  const formatIssue = formatProblem(raw);
  if (formatIssue !== null) return { ok: false, problems: [formatIssue] };
  const file = raw as Record<string, unknown>;

  const problems: string[] = [];
  const report: Report = (problem) => problems.push(problem);
  const preferences = parsePreferences(file.preferences, report);
  const muteRules = parseMuteRules(file.muteRules, report);
  const projectSwitches = parseProjectSwitches(file.projectSwitches, report);
  const savedIds = parseSavedIds(file.savedIds, report);
  const serviceUrl =
    file.serviceUrl === undefined ? undefined : parseServiceUrl(file.serviceUrl, report);
  let apiKey: string | undefined;
  if (file.apiKey !== undefined) {
    const key = typeof file.apiKey === 'string' ? file.apiKey.trim() : '';
    // Never quoted: the key is a secret, even in a message about it.
    if (key === '' || key.length > MAX_API_KEY_LENGTH) report(t('optionsBackupApiKey'));
    else apiKey = key;
  }

  if (problems.length > 0 || !preferences || !muteRules || !projectSwitches || !savedIds) {
    return { ok: false, problems: listed(problems) };
  }
  const value: ParsedBackup = {
    format: BACKUP_FORMAT,
    version: BACKUP_VERSION,
    exportedAt: typeof file.exportedAt === 'string' ? file.exportedAt : '',
    preferences,
    muteRules,
    projectSwitches,
    savedIds,
  };
  if (serviceUrl !== undefined) value.serviceUrl = serviceUrl;
  if (apiKey !== undefined) value.apiKey = apiKey;
  return { ok: true, value };
}

function listed(problems: string[]): string[] {
  if (problems.length <= MAX_LISTED_PROBLEMS) return problems;
  const shown = problems.slice(0, MAX_LISTED_PROBLEMS - 1);
  return [...shown, tn('optionsBackupMoreProblems', problems.length - shown.length)];
}
