// The backup as a file: its name, and reading a chosen file into a JSON value. A settings backup is
// a few kilobytes (500 rules, 1,000 saved ids); a file far larger is something else, and is refused
// before it is read into memory.
import { t } from '@/lib/i18n';

/** Larger than any backup the extension writes, by far. */
export const MAX_BACKUP_BYTES = 2 * 1024 * 1024;

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

export type BackupFileResult = { ok: true; raw: unknown } | { ok: false; problem: string };

/** What a chosen file holds as a JSON value, or the one reason it cannot be a backup. */
export async function readBackupFile(file: Pick<Blob, 'size' | 'text'>): Promise<BackupFileResult> {
  if (file.size > MAX_BACKUP_BYTES) return { ok: false, problem: t('optionsBackupTooLarge') };
  let text: string;
  try {
    text = await file.text();
  } catch {
    return { ok: false, problem: t('optionsBackupUnreadable') };
  }
  try {
    return { ok: true, raw: JSON.parse(text) as unknown };
  } catch {
    return { ok: false, problem: t('optionsBackupNotBackup') };
  }
}
