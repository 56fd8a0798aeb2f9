// The commands' schemas: what each command takes, and the backups importSettings takes (only when
// its storage guards would read every value back as sent: whatever the options page's parseBackup
// accepts passes, and any damage to it is refused).

import { describe, expect, it } from 'vitest';
import { commandSchemas, parseCommand } from '@/lib/background/command-schemas';
import fc from 'fast-check';
import { buildBackup, parseBackup } from '@/lib/backup/backup';
import { settings, triage } from '../support/backup-arbitraries';
import { built, file } from '../support/backup-fixtures';

// The commands' schemas as the background reads a message with them (parseCommand).

describe('parseCommand', () => {
  it('savePreferences writes no key: undefined, so a choice sent as undefined stays as stored', () => {
    const data = parseCommand('savePreferences', {
      pollIntervalMinutes: 5,
      notificationsEnabled: true,
      openInBackground: undefined,
      quietHours: undefined,
    });
    expect(Object.keys(data)).toEqual(['pollIntervalMinutes', 'notificationsEnabled']);
  });

  it('refuses malformed data in its own words, not the schema’s', () => {
    expect(() => parseCommand('markRead', { keys: [{ projectId: -1, id: 2 }] })).toThrow(
      'The request was malformed.',
    );
  });

  it('reads each command with a schema of its own, built once', () => {
    expect(commandSchemas.markRead()).toBe(commandSchemas.markRead());
    expect(commandSchemas.markRead()).not.toBe(commandSchemas.markUnread());
  });
});

// The background takes a backup only when its storage guards would read every value back as sent:
// whatever the options page's parseBackup accepts passes, and any damage to it is refused.

/** Whether importSettings takes this backup. */
const isImportable = (value: unknown) =>
  commandSchemas.importSettings().safeParse({ backup: value }).success;

/** What the options page sends: the file as parseBackup read it. */
function parsed(raw: unknown) {
  const result = parseBackup(raw);
  if (!result.ok) throw new Error(result.problems.join('\n'));
  return result.value;
}

describe('importableBackup', () => {
  it('takes every backup parseBackup accepts, as the page sends it (through JSON)', () => {
    fc.assert(
      fc.property(settings, triage, fc.boolean(), (s, t, includeApiKey) => {
        const backup = buildBackup(s, t, { items: [] }, { includeApiKey });
        const sent = JSON.parse(JSON.stringify(parsed(JSON.parse(JSON.stringify(backup)))));
        expect(isImportable(sent)).toBe(true);
      }),
    );
  });

  it('refuses values storage would read differently', () => {
    const good = parsed(built(true));
    expect(isImportable(good)).toBe(true);
    const damaged: Record<string, unknown>[] = [
      { ...good, preferences: { ...good.preferences, pollIntervalMinutes: 'often' } },
      { ...good, preferences: { ...good.preferences, quietHours: { enabled: true, start: -1 } } },
      { ...good, muteRules: [{ ...good.muteRules[0], kind: 'mood' }] },
      { ...good, muteRules: [{ ...good.muteRules[0], value: '  Not Normalised ', kind: 'site' }] },
      { ...good, projectSwitches: { x: { notify: false, badge: true } } },
      { ...good, projectSwitches: { '3': { notify: true, badge: true, extra: 1 } } },
      { ...good, savedIds: ['3:x'] },
      { ...good, serviceUrl: 'ftp://example.com' },
      { ...good, apiKey: 7 },
      { ...good, muteRules: 'none' },
    ];
    for (const backup of damaged) expect(isImportable(backup)).toBe(false);
    for (const value of [null, 'backup', [], {}]) expect(isImportable(value)).toBe(false);
  });

  it('refuses any file parseBackup refuses', () => {
    const bad = file((b) => {
      b.muteRules = [{ id: 'r1', kind: 'mood', value: 'x', projectId: null, createdAt: 1 }];
    });
    expect(parseBackup(bad).ok).toBe(false);
    expect(isImportable(bad)).toBe(false);
  });
});
