// The backup as a file: its name by the local date, its text, and reading a chosen file (a size
// limit before reading, JSON or a reason).
import { describe, expect, it } from 'vitest';
import { backupFileName, backupText, readBackupFile } from '@/lib/backup/backup';

/** The largest backup file read: 2 MiB. */
const MAX_BACKUP_BYTES = 2 * 1024 * 1024;

const fileOf = (text: string) => new Blob([text], { type: 'application/json' });

describe('the backup file', () => {
  it('is named by the local date', () => {
    expect(backupFileName(new Date(2025, 0, 5, 23, 59))).toBe(
      'mention-monitor-settings-2025-01-05.json',
    );
    expect(backupFileName(new Date(2024, 11, 31, 0, 0))).toBe(
      'mention-monitor-settings-2024-12-31.json',
    );
  });

  it('is indented JSON ending with a new line', () => {
    expect(backupText({ a: [1] })).toBe('{\n  "a": [\n    1\n  ]\n}\n');
  });

  it('reads a chosen file as its JSON value', async () => {
    expect(await readBackupFile(fileOf('{"format":"x","list":[1,2]}'))).toEqual({
      ok: true,
      raw: { format: 'x', list: [1, 2] },
    });
  });

  it('refuses a file that is not JSON', async () => {
    expect(await readBackupFile(fileOf('format = x'))).toEqual({
      ok: false,
      problem: 'This file is not a Mention Monitor settings backup.',
    });
  });

  it('refuses a file over 2 MB without reading it', async () => {
    let read = false;
    const huge = {
      size: MAX_BACKUP_BYTES + 1,
      text: async () => {
        read = true;
        return '{}';
      },
    };
    expect(await readBackupFile(huge)).toEqual({
      ok: false,
      problem: 'This file is larger than 2 MB: it is not a settings backup.',
    });
    expect(read).toBe(false);
    expect((await readBackupFile({ ...huge, size: MAX_BACKUP_BYTES })).ok).toBe(true);
  });

  it('refuses a file nested far deeper than a backup before parsing it, whatever its size', async () => {
    // A 400 KB file: one saved id nested 200,000 lists deep, which the checks cannot walk.
    const deep = `{"format":"mention-monitor-settings","savedIds":[${'['.repeat(200_000)}${']'.repeat(200_000)}]}`;
    expect(await readBackupFile(fileOf(deep))).toEqual({
      ok: false,
      problem:
        'This file nests its values far deeper than a settings backup does: it is not a settings backup.',
    });
    // Brackets inside text are text: a value like that nests nothing.
    const brackets = `{"a":"${'['.repeat(100)}\\"${'{'.repeat(100)}","b":[[[{"c":[]}]]]}`;
    expect(await readBackupFile(fileOf(brackets))).toEqual({ ok: true, raw: JSON.parse(brackets) });
  });

  it('says so when the browser cannot read the file', async () => {
    const broken = { size: 10, text: () => Promise.reject(new Error('gone')) };
    expect(await readBackupFile(broken)).toEqual({
      ok: false,
      problem: 'The file could not be read.',
    });
  });
});
