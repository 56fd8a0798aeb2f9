// The settings backup: what "Export settings" writes and "Import settings" accepts (the options
// page builds and reads the file; the background's importSettings takes what it read, checks it
// with its storage guards, lib/background/command-schemas.ts, and applies it all or nothing). One
// format, one version: a file is checked whole, and every problem is reported in words, so a
// person can see what is wrong with a file instead of a bare "invalid".
//
// The API keys are in the file only when the person asks for them; the service addresses always are
// when set (they are no secret, and say which account each part came from). A file of one account
// is what it always was; a file of several also lists the others (`accounts`), each with its
// address, name, rules, switches and saved mentions. Same format, same version: a file of one
// account reads as before, and an older version reading a file of several imports its first.

import { FIRST_ACCOUNT, listAccounts, type Account } from '@/lib/accounts/accounts';
import { t, tn } from '@/lib/i18n';
import type { Settings } from '@/lib/settings/settings';
import { savedKeys, type SavedMentions } from '@/lib/triage/saved';
import type { TriageState } from '@/lib/triage/triage-state';
import { backupParts, partProblem } from '@/lib/backup/backup-fields';
import { lazySchema, z } from '@/lib/zod';

const BACKUP_FORMAT = 'mention-monitor-settings';
const BACKUP_VERSION = 1;
/** Problems listed at most; the rest are counted ("…and 12 more problems"). */
const MAX_LISTED_PROBLEMS = 20;

/** The file: its format and version first, whose problems make the rest meaningless. */
const backupSchema = lazySchema(() =>
  z.object({
    format: z.literal(BACKUP_FORMAT),
    version: z.pipe(
      z.int().check(z.gte(1), z.lte(BACKUP_VERSION)),
      z.transform(() => BACKUP_VERSION),
    ),
    /** When it was exported (ISO 8601); '' for a file without. */
    exportedAt: z.catch(z.string(), ''),
    ...backupParts(),
  }),
);

/** The file as written. */
type SettingsBackup = z.output<ReturnType<typeof backupSchema>>;

/** What the file holds of its own account (and of each further one). */
type AccountPart = Omit<
  SettingsBackup,
  'format' | 'version' | 'exportedAt' | 'preferences' | 'accounts'
>;

/** A file that passed every check, its values as the extension stores them. */
export type ParsedBackup = SettingsBackup;

type ParseBackupResult = { ok: true; value: ParsedBackup } | { ok: false; problems: string[] };

interface BuildBackupOptions {
  includeApiKey: boolean;
  /** The export's time (now by default). */
  exportedAt?: Date;
  /** The file's own account: the first of accountsToBack when not given. */
  account?: Account;
  /** The further accounts of a browser of several, each with its triage, in order. */
  others?: readonly AccountInBackup[];
}

/** What the file holds of one account. */
interface AccountInBackup {
  account: Account;
  triage: TriageState;
  saved: SavedMentions;
}

/**
 * The accounts a backup holds, in order: every account connected, or the first account's place
 * (its address, its rules) when none is.
 */
export function accountsToBack(settings: Settings): Account[] {
  const accounts = listAccounts(settings);
  if (accounts.length > 0) return accounts;
  const { serviceUrl, apiKey, label } = settings;
  return [{ id: FIRST_ACCOUNT, label, serviceUrl, apiKey }];
}

function accountPart({ account, triage, saved }: AccountInBackup, includeApiKey: boolean) {
  const part: AccountPart = {
    muteRules: triage.muteRules.map((rule) => ({ ...rule })),
    projectSwitches: Object.fromEntries(
      Object.entries(triage.projectSwitches).map(([id, switches]) => [id, { ...switches }]),
    ),
    savedIds: [...savedKeys(saved)],
  };
  if (account.serviceUrl !== '') part.serviceUrl = account.serviceUrl;
  if (includeApiKey && account.apiKey !== '') part.apiKey = account.apiKey;
  if (account.label !== '') part.label = account.label;
  return part;
}

/**
 * The backup of `settings` and of the file's own account, whose `triage` and `saved` these are: as
 * a file of one account always had it. A file of several lists the others after it, so a version
 * that knows one account still imports the first.
 */
export function buildBackup(
  settings: Settings,
  triage: TriageState,
  saved: SavedMentions,
  { includeApiKey, exportedAt = new Date(), account, others = [] }: BuildBackupOptions,
): SettingsBackup {
  const own = { account: account ?? accountsToBack(settings)[0], triage, saved };
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
    ...accountPart(own, includeApiKey),
  };
  if (others.length > 0) {
    backup.accounts = others.map((other) => {
      const part = accountPart(other, includeApiKey);
      return { ...part, serviceUrl: part.serviceUrl ?? '' };
    });
  }
  return backup;
}

/** The words of a problem with the format or the version, or else with a part. */
function problemWords(issue: z.core.$ZodRawIssue): string | undefined {
  const [part] = issue.path ?? [];
  if (part === undefined || part === 'format') return t('optionsBackupNotBackup');
  if (part !== 'version') return partProblem(issue);
  const { input } = issue;
  return Number.isSafeInteger(input) && (input as number) > BACKUP_VERSION
    ? t('optionsBackupNewerVersion', String(input))
    : t('optionsBackupVersion');
}

/**
 * Checks a backup file's JSON value. Every part is checked even after a problem, so the person sees
 * all of them at once (at most MAX_LISTED_PROBLEMS, then how many more). Never throws: a value the
 * checks cannot walk (nested past the call stack, which readBackupFile already refuses) is a file
 * that could not be checked.
 */
export function parseBackup(raw: unknown): ParseBackupResult {
  try {
    return checked(raw);
  } catch {
    return { ok: false, problems: [t('optionsBackupUncheckable')] };
  }
}

function checked(raw: unknown): ParseBackupResult {
  const read = backupSchema().safeParse(raw, { error: problemWords });
  if (read.success) return { ok: true, value: read.data };
  const [first] = read.error.issues;
  const [part] = first.path;
  if (part === undefined || part === 'format' || part === 'version') {
    return { ok: false, problems: [first.message] };
  }
  // Each entry's problem once, however many of its checks failed (a switch's notify and badge).
  const problems = new Map<string, string>();
  for (const { path, message } of read.error.issues) {
    problems.set(JSON.stringify([...path.slice(0, 2).map(String), message]), message);
  }
  return { ok: false, problems: listed([...problems.values()]) };
}

function listed(problems: string[]): string[] {
  if (problems.length <= MAX_LISTED_PROBLEMS) return problems;
  const shown = problems.slice(0, MAX_LISTED_PROBLEMS - 1);
  return [...shown, tn('optionsBackupMoreProblems', problems.length - shown.length)];
}

// The backup as a file: its name, and reading a chosen file into a JSON value. A settings backup is
// a few kilobytes (500 rules, 1,000 saved ids); a file far larger is something else, and is refused
// before it is read into memory. Its values nest three deep (the file, a list, a rule); a file
// nested far deeper is refused before it is parsed, because parsing and checking such a value
// walk it recursively and can exhaust the call stack.

/** Larger than any backup the extension writes, by far. */
const MAX_BACKUP_BYTES = 2 * 1024 * 1024;
/** Arrays and objects inside one another: deeper than any backup the extension writes. */
const MAX_BACKUP_DEPTH = 16;

const pad = (n: number) => String(n).padStart(2, '0');

/** `mention-monitor-settings-2025-03-04.json`, by the local date. */
export function backupFileName(date: Date): string {
  const day = `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
  return `mention-monitor-settings-${day}.json`;
}

/** The backup's text as written: indented, so a person can read or edit it. */
export function backupText(backup: object): string {
  return `${JSON.stringify(backup, null, 2)}\n`;
}

type BackupFileResult = { ok: true; raw: unknown } | { ok: false; problem: string };

/** Whether JSON text nests at most `most` arrays and objects inside one another (strings skipped). */
function nestsAtMost(text: string, most: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (inString) {
      if (char === '\\') i++;
      else if (char === '"') inString = false;
    } else if (char === '"') inString = true;
    else if (char === '[' || char === '{') {
      if (++depth > most) return false;
    } else if (char === ']' || char === '}') depth--;
  }
  return true;
}

/** What a chosen file holds as a JSON value, or the one reason it cannot be a backup. */
export async function readBackupFile(file: Pick<Blob, 'size' | 'text'>): Promise<BackupFileResult> {
  if (file.size > MAX_BACKUP_BYTES) return { ok: false, problem: t('optionsBackupTooLarge') };
  let text: string;
  try {
    text = await file.text();
  } catch {
    return { ok: false, problem: t('optionsBackupUnreadable') };
  }
  if (!nestsAtMost(text, MAX_BACKUP_DEPTH))
    return { ok: false, problem: t('optionsBackupTooDeep') };
  try {
    return { ok: true, raw: JSON.parse(text) as unknown };
  } catch {
    // Not JSON (a SyntaxError), or so large a value that the parser ran out of room (RangeError).
    return { ok: false, problem: t('optionsBackupNotBackup') };
  }
}
