// What importSettings takes: a backup the options page has already read and checked with
// parseBackup (lib/backup/backup.ts, which owns the file's format and words every problem for the
// person choosing the file). The background, which writes what it takes, accepts only values its
// own storage guards read back unchanged: those guards own the stored formats, so nothing an import
// writes can later read differently, be dropped as damage, or carry a member no guard knows.
// Cheaper for the worker than parsing the file again: parseBackup and its words would cost it
// 1.1 KB gzip of its 30 KB budget, for a check the page has already made.
import type { ParsedBackup } from '@/lib/backup/backup';
import { normalizeServiceUrl } from '@/lib/service/base-url';
import { isRecord } from '@/lib/service/envelope';
import { parseQuietHours } from '@/lib/settings/quiet-hours';
import { parseIntervalMinutes } from '@/lib/settings/poll-interval';
import { sameData } from '@/lib/storage/storage-item';
import { SAVED_LIMITS } from '@/lib/triage/saved';
import { MAX_MUTE_RULES, parseMuteRule, parseTriage } from '@/lib/triage/triage-state';

const SAVED_ID = /^\d{1,16}:\d{1,16}$/;

function isStorablePreferences(value: unknown): boolean {
  if (!isRecord(value)) return false;
  const { pollIntervalMinutes, notificationsEnabled, openInBackground, quietHours } = value;
  return (
    parseIntervalMinutes(pollIntervalMinutes) === pollIntervalMinutes &&
    typeof notificationsEnabled === 'boolean' &&
    typeof openInBackground === 'boolean' &&
    sameData(parseQuietHours(quietHours), quietHours)
  );
}

/** A backup whose every value storage would read back as it is. */
export function isImportable(value: unknown): value is ParsedBackup {
  if (!isRecord(value)) return false;
  const { preferences, muteRules, projectSwitches, savedIds, serviceUrl, apiKey } = value;
  const url = typeof serviceUrl === 'string' ? normalizeServiceUrl(serviceUrl) : undefined;
  return (
    isStorablePreferences(preferences) &&
    Array.isArray(muteRules) &&
    muteRules.length <= MAX_MUTE_RULES &&
    muteRules.every((rule) => sameData(parseMuteRule(rule), rule)) &&
    sameData(parseTriage({ projectSwitches }).projectSwitches, projectSwitches) &&
    Array.isArray(savedIds) &&
    savedIds.length <= SAVED_LIMITS.count &&
    savedIds.every((id) => typeof id === 'string' && SAVED_ID.test(id)) &&
    (serviceUrl === undefined || (url?.ok === true && url.origin === serviceUrl)) &&
    (apiKey === undefined || (typeof apiKey === 'string' && apiKey.trim() !== ''))
  );
}
