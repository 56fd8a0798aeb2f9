// Arbitrary settings, triage states and saved ids as the extension stores them: what a backup is
// built from (tests/unit/backup/backup.property.test.ts) and what an import may write
// (tests/unit/background/command-schemas.test.ts).
import fc from 'fast-check';
import type { Settings } from '@/lib/settings/settings';
import { normalizeMuteValue, registrableDomain } from '@/lib/triage/mute';
import { MUTE_KINDS, type MuteRule, type TriageState } from '@/lib/triage/triage-state';

export const minute = fc.integer({ min: 0, max: 1439 });
export const projectId = fc.integer({ min: 0, max: 1_000_000 });

export const ruleValue = (kind: MuteRule['kind']) =>
  (kind === 'site'
    ? fc.domain().map((d) => registrableDomain(d))
    : fc
        .string({ unit: 'binary', minLength: 1, maxLength: 120 })
        .map((v) => normalizeMuteValue(kind, v))
  ).filter((v): v is string => v !== null);

export const rule: fc.Arbitrary<MuteRule> = fc.constantFrom(...MUTE_KINDS).chain((kind) =>
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

export const triage: fc.Arbitrary<TriageState> = fc.record({
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

export const settings: fc.Arbitrary<Settings> = fc.record({
  serviceUrl: fc.constantFrom('', 'https://mentions.example.com', 'http://127.0.0.1:8787'),
  apiKey: fc.constantFrom('', 'demo-key-0123456789'),
  label: fc.constant(''),
  accounts: fc.constant([]),
  pollIntervalMinutes: fc.integer({ min: 1, max: 1440 }),
  notificationsEnabled: fc.boolean(),
  openInBackground: fc.boolean(),
  quietHours: fc.record({ enabled: fc.boolean(), start: minute, end: minute }),
});

export const savedIds = fc.uniqueArray(
  fc.tuple(fc.integer({ min: 1, max: 99 }), fc.integer({ min: 1, max: 10_000 })),
  {
    maxLength: 20,
    selector: ([p, id]) => `${p}:${id}`,
  },
);
