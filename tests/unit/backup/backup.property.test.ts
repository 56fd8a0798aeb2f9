// Whatever a file holds, reading it never throws and either accepts it whole or names problems; and
// whatever the extension stores, its backup reads back as the same settings.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildBackup, MAX_LISTED_PROBLEMS, parseBackup } from '@/lib/backup/backup';
import { recordOf } from '@/lib/mentions/stored-record';
import { DEFAULT_SETTINGS, type Settings } from '@/lib/settings/settings';
import { normalizeMuteValue, registrableDomain } from '@/lib/triage/mute';
import { MUTE_KINDS, type MuteRule, type TriageState } from '@/lib/triage/triage-state';
import { stored } from '../support/mention-factory';

const minute = fc.integer({ min: 0, max: 1439 });
const projectId = fc.integer({ min: 0, max: 1_000_000 });

const ruleValue = (kind: MuteRule['kind']) =>
  (kind === 'site'
    ? fc.domain().map((d) => registrableDomain(d))
    : fc
        .string({ unit: 'binary', minLength: 1, maxLength: 120 })
        .map((v) => normalizeMuteValue(kind, v))
  ).filter((v): v is string => v !== null);

const rule: fc.Arbitrary<MuteRule> = fc.constantFrom(...MUTE_KINDS).chain((kind) =>
  fc.record({
    id: fc
      .string({
        unit: fc.constantFrom(...'0123456789abcdefghijklmnopqrstuvwxyz'),
        minLength: 1,
        maxLength: 20,
      })
      .map((s) => `r${s}`),
    kind: fc.constant(kind),
    value: ruleValue(kind),
    projectId: fc.option(projectId, { nil: null }),
    createdAt: fc.integer({ min: 0, max: 4_000_000_000_000 }),
  }),
);

const triage: fc.Arbitrary<TriageState> = fc.record({
  muteRules: fc
    .uniqueArray(rule, {
      maxLength: 30,
      selector: (r) => r.id,
    })
    .map((rules) => {
      // The background keeps each rule once (kind, value whatever its case, scope).
      const seen = new Set<string>();
      return rules.filter((r) => {
        const identity = JSON.stringify([r.kind, r.value.toLowerCase(), r.projectId]);
        if (seen.has(identity)) return false;
        seen.add(identity);
        return true;
      });
    }),
  projectSwitches: fc.dictionary(
    projectId.map(String),
    fc.constantFrom(
      { notify: false, badge: true },
      { notify: true, badge: false },
      { notify: false, badge: false },
    ),
    { maxKeys: 10 },
  ),
  snooze: fc.constant(null),
  missed: fc.nat(),
});

const settings: fc.Arbitrary<Settings> = fc.record({
  serviceUrl: fc.constantFrom('', 'https://mentions.example.com', 'http://127.0.0.1:8787'),
  apiKey: fc.constantFrom('', 'demo-key-0123456789'),
  pollIntervalMinutes: fc.integer({ min: 1, max: 1440 }),
  notificationsEnabled: fc.boolean(),
  openInBackground: fc.boolean(),
  quietHours: fc.record({ enabled: fc.boolean(), start: minute, end: minute }),
});

const savedIds = fc.uniqueArray(
  fc.tuple(fc.integer({ min: 1, max: 99 }), fc.integer({ min: 1, max: 10_000 })),
  {
    maxLength: 20,
    selector: ([p, id]) => `${p}:${id}`,
  },
);

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
