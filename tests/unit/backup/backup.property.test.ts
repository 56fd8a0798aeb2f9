// Whatever a file holds, reading it never throws and either accepts it whole or names problems; and
// whatever the extension stores, its backup reads back as the same settings.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildBackup, parseBackup } from '@/lib/backup/backup';

import { recordOf } from '@/lib/mentions/mention-record';
import { DEFAULT_SETTINGS } from '@/lib/settings/settings';
import { stored } from '../support/mention-factory';
import { triage, settings, savedIds } from '../support/backup-arbitraries';

/** The most problems a refused file lists. */
const MAX_LISTED_PROBLEMS = 20;

describe('the backup, for any input', () => {
  it('reads any JSON value without throwing: accepted, or refused with 1 to 20 problems', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (raw) => {
        const result = parseBackup(raw);
        if (!result.ok) {
          expect(result.problems.length).toBeGreaterThan(0);
          expect(result.problems.length).toBeLessThanOrEqual(MAX_LISTED_PROBLEMS);
        }
      }),
    );
  });

  it('reads any damage to a good file without throwing, and what it accepts reads the same again', () => {
    const good = buildBackup(
      { ...DEFAULT_SETTINGS, quietHours: { enabled: true, start: 0, end: 60 } },
      { muteRules: [], projectSwitches: {}, snooze: null, missed: 0 },
      { items: [] },
      { includeApiKey: false },
    );
    const part = fc.constantFrom(
      'preferences',
      'muteRules',
      'projectSwitches',
      'savedIds',
      'serviceUrl',
      'apiKey',
    );
    fc.assert(
      fc.property(part, fc.jsonValue(), (key, value) => {
        const result = parseBackup({ ...good, [key]: value });
        if (result.ok)
          expect(parseBackup(JSON.parse(JSON.stringify(result.value)))).toEqual(result);
      }),
    );
  });

  it('reads back, through JSON, every setting export wrote', () => {
    fc.assert(
      fc.property(settings, triage, savedIds, fc.boolean(), (s, state, ids, includeApiKey) => {
        const saved = {
          items: ids.map(([project_id, id], index) => ({
            record: recordOf(stored({ id, project_id })),
            savedAt: 1_000 - index,
          })),
        };
        const backup = buildBackup(s, state, saved, { includeApiKey });
        const result = parseBackup(JSON.parse(JSON.stringify(backup)));
        expect(result).toEqual({ ok: true, value: backup });
        if (!includeApiKey) expect(JSON.stringify(backup)).not.toContain('demo-key');
      }),
    );
  });
});
