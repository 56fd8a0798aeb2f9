// The background takes a backup only when its storage guards would read every value back as sent:
// whatever the options page's parseBackup accepts passes, and any damage to it is refused.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { importableBackup } from '@/lib/background/import-check';
import { buildBackup, parseBackup } from '@/lib/backup/backup';
import { settings, triage } from '../support/backup-arbitraries';
import { built, file } from '../support/backup-fixtures';

const isImportable = (value: unknown) => importableBackup().safeParse(value).success;

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
