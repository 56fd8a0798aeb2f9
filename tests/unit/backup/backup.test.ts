// The settings backup file: what export writes (the key only when asked), and what import accepts,
// with a problem in words for every field that is wrong and nothing accepted while any is. The
// problem of each field on its own: backup.problems.test.ts.
import { describe, expect, it } from 'vitest';
import { buildBackup, parseBackup } from '@/lib/backup/backup';

/** The most problems a refused file lists. */
const MAX_LISTED_PROBLEMS = 20;
import { DEFAULT_SETTINGS } from '@/lib/settings/settings';
import { EMPTY_TRIAGE } from '../support/triage-fixtures';
import { built, file, problemsOf, rule, TRIAGE } from '../support/backup-fixtures';

describe('buildBackup', () => {
  it('writes the preferences, rules, switches, saved ids and address, without the key', () => {
    expect(built()).toEqual({
      format: 'mention-monitor-settings',
      version: 1,
      exportedAt: '2025-03-04T09:30:00.000Z',
      preferences: {
        pollIntervalMinutes: 15,
        notificationsEnabled: true,
        openInBackground: true,
        quietHours: { enabled: true, start: 1350, end: 420 },
      },
      muteRules: TRIAGE.muteRules,
      projectSwitches: TRIAGE.projectSwitches,
      savedIds: ['4:55', '7:9'],
      serviceUrl: 'https://mentions.example.com',
    });
    expect(JSON.stringify(built())).not.toContain('secret-key-123');
  });

  it('adds the API key only when asked, and nothing of the connection when there is none', () => {
    expect(built(true).apiKey).toBe('secret-key-123');
    const none = buildBackup(
      DEFAULT_SETTINGS,
      EMPTY_TRIAGE,
      { items: [] },
      { includeApiKey: true },
    );
    expect(none).not.toHaveProperty('apiKey');
    expect(none).not.toHaveProperty('serviceUrl');
    expect(none.muteRules).toEqual([]);
    expect(Date.parse(none.exportedAt)).not.toBeNaN();
  });

  it('leaves the snooze and the missed count out: they are moments, not settings', () => {
    expect(Object.keys(built())).not.toContain('snooze');
    expect(JSON.stringify(built())).not.toContain('missed');
  });
});

describe('parseBackup', () => {
  it('reads back what export wrote, through its JSON text', () => {
    expect(parseBackup(file())).toEqual({ ok: true, value: built(true) });
    const withoutKey = JSON.parse(JSON.stringify(built())) as unknown;
    expect(parseBackup(withoutKey)).toEqual({ ok: true, value: built() });
  });

  it.each([null, 42, 'text', [], {}, { format: 'something-else', version: 1 }])(
    'says %j is not a backup, and nothing more',
    (raw) => {
      expect(problemsOf(raw)).toEqual(['This file is not a Mention Monitor settings backup.']);
    },
  );

  it('refuses a newer or a damaged version', () => {
    expect(problemsOf(file((b) => (b.version = 2)))).toEqual([
      'This backup was made by a newer version of Mention Monitor (format 2). Update the extension to import it.',
    ]);
    for (const version of [0, 1.5, '1', undefined]) {
      expect(problemsOf(file((b) => (b.version = version)))).toEqual([
        'The backup’s format version is missing or damaged.',
      ]);
    }
  });

  it('lists every problem of a file at once', () => {
    const problems = problemsOf(
      file((b) => {
        rule(1)(b).kind = 'user';
        rule(3)(b).projectId = -1;
        b.savedIds = ['x'];
      }),
    );
    expect(problems).toEqual([
      'Mute rule 1: the kind must be author, site or phrase.',
      'Mute rule 3: the project must be a project id, or null for all projects.',
      'Saved mention 1: “x” is not a project id and a mention id (like 12:345).',
    ]);
  });

  it('lists at most 20 problems and counts the rest', () => {
    const problems = problemsOf(file((b) => (b.savedIds = Array.from({ length: 50 }, () => 'x'))));
    expect(problems).toHaveLength(MAX_LISTED_PROBLEMS);
    expect(problems.at(-1)).toBe('…and 31 more problems.');
  });

  it('never shows the API key, and shortens any quoted value', () => {
    const key = 'a'.repeat(1_001);
    expect(problemsOf(file((b) => (b.apiKey = key))).join(' ')).not.toContain('aaaaaaaaaa');
    const [problem] = problemsOf(file((b) => (b.savedIds = ['y'.repeat(500)])));
    expect(problem).toContain(`“${'y'.repeat(39)}…”`);
  });

  it('stores values in their normal form: a site domain, an origin, ids, switches off only', () => {
    const result = parseBackup(
      file((b) => {
        rule(2)(b).value = 'https://www.Example.co.uk/post';
        rule(3)(b).value = '  Jane Doe ';
        b.serviceUrl = 'mentions.example.com/api/login.php';
        b.apiKey = '  secret-key-123 ';
        b.projectSwitches = {
          '004': { notify: false, badge: true },
          8: { notify: true, badge: true },
        };
        b.savedIds = ['4:55', '4:55', '7:-9'];
      }),
    );
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.value.muteRules.map((r) => r.value)).toEqual([
      'launch',
      'example.co.uk',
      'Jane Doe',
    ]);
    expect(result.value.serviceUrl).toBe('https://mentions.example.com');
    expect(result.value.apiKey).toBe('secret-key-123');
    expect(result.value.projectSwitches).toEqual({ '4': { notify: false, badge: true } });
    expect(result.value.savedIds).toEqual(['4:55', '7:-9']);
  });

  it('keeps the same rule once (by kind, value whatever its case, and scope)', () => {
    const result = parseBackup(
      file((b) => {
        const rules = b.muteRules as Record<string, unknown>[];
        rules.push({ ...rules[2], id: 'rzz9', value: 'JANE DOE' });
        rules.push({ ...rules[2], id: 'rzz8', projectId: 4 });
      }),
    );
    expect(result.ok && result.value.muteRules.map((r) => r.id)).toEqual([
      'rlx1abc',
      'rlx1abb',
      'rlx1aba',
      'rzz8',
    ]);
  });

  it('takes a file without a connection, and one without an export time', () => {
    const result = parseBackup(
      file((b) => {
        delete b.serviceUrl;
        delete b.apiKey;
        delete b.exportedAt;
      }),
    );
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.value).not.toHaveProperty('serviceUrl');
    expect(result.value).not.toHaveProperty('apiKey');
    expect(result.value.exportedAt).toBe('');
  });

  it('keeps only the preferences it checks: a key, an address or anything else there is dropped', () => {
    const result = parseBackup(
      file((b) => {
        Object.assign(b.preferences as object, {
          apiKey: 'x',
          serviceUrl: 'https://evil.example',
          somethingElse: 1,
        });
      }),
    );
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.value.preferences).toEqual(built().preferences);
    expect(Object.keys(result.value.preferences).sort()).toEqual([
      'notificationsEnabled',
      'openInBackground',
      'pollIntervalMinutes',
      'quietHours',
    ]);
  });

  it('answers a value nested past the call stack in words, without throwing', () => {
    let deep: unknown = [];
    for (let i = 0; i < 200_000; i++) deep = [deep];
    for (const change of [
      (b: Record<string, unknown>) => (b.savedIds = [deep]),
      (b: Record<string, unknown>) => (b.serviceUrl = deep),
    ]) {
      expect(parseBackup(file(change))).toEqual({
        ok: false,
        problems: ['This file could not be checked: it is not a settings backup.'],
      });
    }
  });
});
