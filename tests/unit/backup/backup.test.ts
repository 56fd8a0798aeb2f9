// The settings backup file: what export writes (the key only when asked), and what import accepts,
// with a problem in words for every field that is wrong and nothing accepted while any is.
import { describe, expect, it } from 'vitest';
import { buildBackup, MAX_LISTED_PROBLEMS, parseBackup } from '@/lib/backup/backup';
import { recordOf } from '@/lib/mentions/stored-record';
import { DEFAULT_SETTINGS, type Settings } from '@/lib/settings/settings';
import type { SavedMentions } from '@/lib/triage/saved';
import { EMPTY_TRIAGE, type TriageState } from '@/lib/triage/triage-state';
import { stored } from '../support/mention-factory';

const SETTINGS: Settings = {
  ...DEFAULT_SETTINGS,
  serviceUrl: 'https://mentions.example.com',
  apiKey: 'secret-key-123',
  pollIntervalMinutes: 15,
  openInBackground: true,
  quietHours: { enabled: true, start: 22 * 60 + 30, end: 7 * 60 },
};
const TRIAGE: TriageState = {
  ...EMPTY_TRIAGE,
  muteRules: [
    { id: 'rlx1abc', kind: 'phrase', value: 'launch', projectId: 4, createdAt: 3_000 },
    { id: 'rlx1abb', kind: 'site', value: 'example.co.uk', projectId: null, createdAt: 2_000 },
    { id: 'rlx1aba', kind: 'author', value: 'Jane Doe', projectId: null, createdAt: 1_000 },
  ],
  projectSwitches: { '4': { notify: false, badge: true }, '7': { notify: true, badge: false } },
  snooze: { until: null },
  missed: 3,
};
const SAVED: SavedMentions = {
  items: [
    { record: recordOf(stored({ id: 55, project_id: 4 })), savedAt: 20 },
    { record: recordOf(stored({ id: 9, project_id: 7 })), savedAt: 10 },
  ],
};
const AT = new Date(Date.UTC(2025, 2, 4, 9, 30));

const built = (includeApiKey = false) =>
  buildBackup(SETTINGS, TRIAGE, SAVED, { includeApiKey, exportedAt: AT });
/** A good file, as read back from its JSON text, with `change` applied to it. */
function file(change: (backup: Record<string, unknown>) => void = () => {}): unknown {
  const backup = JSON.parse(JSON.stringify(built(true))) as Record<string, unknown>;
  change(backup);
  return backup;
}
const problemsOf = (raw: unknown) => {
  const result = parseBackup(raw);
  return result.ok ? [] : result.problems;
};

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

  const rule = (n: number) => (b: Record<string, unknown>) =>
    (b.muteRules as Record<string, unknown>[])[n - 1];
  it.each<[string, (b: Record<string, unknown>) => void, string]>([
    [
      'no preferences',
      (b) => delete b.preferences,
      'Preferences: missing or not a group of settings.',
    ],
    [
      'an interval out of bounds',
      (b) => ((b.preferences as Record<string, unknown>).pollIntervalMinutes = 0),
      'Preferences: the check interval must be a number of minutes from 1 to 1440.',
    ],
    [
      'notifications as text',
      (b) => ((b.preferences as Record<string, unknown>).notificationsEnabled = 'yes'),
      'Preferences: desktop notifications must be true or false.',
    ],
    [
      'no background tabs choice',
      (b) => delete (b.preferences as Record<string, unknown>).openInBackground,
      'Preferences: background tabs must be true or false.',
    ],
    [
      'no quiet hours',
      (b) => ((b.preferences as Record<string, unknown>).quietHours = 'night'),
      'Quiet hours: missing or not a group of settings.',
    ],
    [
      'a quiet hours start past midnight',
      (b) =>
        (((b.preferences as Record<string, unknown>).quietHours as { start: number }).start = 1440),
      'Quiet hours: the start must be minutes after midnight, from 0 to 1439.',
    ],
    [
      'rules that are no list',
      (b) => (b.muteRules = { 0: 'x' }),
      'Mute rules: must be a list of at most 500 rules.',
    ],
    [
      'too many rules',
      (b) => (b.muteRules = Array.from({ length: 501 }, () => rule(1)(b))),
      'Mute rules: must be a list of at most 500 rules.',
    ],
    [
      'a rule that is text',
      (b) => ((b.muteRules as unknown[])[1] = 'x'),
      'Mute rule 2: not a rule.',
    ],
    [
      'an unknown kind',
      (b) => (rule(3)(b).kind = 'user'),
      'Mute rule 3: the kind must be author, site or phrase.',
    ],
    [
      'an empty phrase',
      (b) => (rule(1)(b).value = '   '),
      'Mute rule 1: what it mutes is empty or too long.',
    ],
    [
      'a phrase too long',
      (b) => (rule(1)(b).value = 'x'.repeat(101)),
      'Mute rule 1: what it mutes is empty or too long.',
    ],
    [
      'a site that is no domain',
      (b) => (rule(2)(b).value = 'localhost'),
      'Mute rule 2: “localhost” is not a web site’s domain.',
    ],
    [
      'a project id as text',
      (b) => (rule(1)(b).projectId = '4'),
      'Mute rule 1: the project must be a project id, or null for all projects.',
    ],
    [
      'no creation time',
      (b) => delete rule(1)(b).createdAt,
      'Mute rule 1: the time it was made must be a number of milliseconds.',
    ],
    [
      'an id not of the stored form',
      (b) => (rule(2)(b).id = 'has spaces'),
      'Mute rule 2: the id is missing, too long or used by another rule.',
    ],
    [
      'an id used twice',
      (b) => (rule(2)(b).id = rule(1)(b).id),
      'Mute rule 2: the id is missing, too long or used by another rule.',
    ],
    [
      'switches as a list',
      (b) => (b.projectSwitches = []),
      'Project switches: must be a group of switches by project id.',
    ],
    [
      'a switch named by no project id',
      (b) => ((b.projectSwitches as Record<string, unknown>).acme = { notify: true, badge: false }),
      'Project switches: “acme” is not a project id.',
    ],
    [
      'a switch that is not true or false',
      (b) => ((b.projectSwitches as Record<string, unknown>)['9'] = { notify: 0, badge: true }),
      'Project switches of project 9: notify and badge must be true or false.',
    ],
    [
      'saved ids that are no list',
      (b) => (b.savedIds = '4:55'),
      'Saved mentions: must be a list of at most 1000 ids.',
    ],
    [
      'a saved id of the wrong form',
      (b) => (b.savedIds = ['4:55', '4-56']),
      'Saved mention 2: “4-56” is not a project id and a mention id (like 12:345).',
    ],
    [
      'an address that is not one',
      (b) => (b.serviceUrl = 'ftp://files.example.com'),
      'Service address: “ftp://files.example.com” is not an address the extension can use.',
    ],
    ['an empty key', (b) => (b.apiKey = ' '), 'API key: must be text of at most 1000 characters.'],
  ])('names the problem with %s', (_, change, problem) => {
    expect(problemsOf(file(change))).toEqual([problem]);
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
        rule(2)(b).value = 'https://blog.Example.co.uk/post';
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
});
