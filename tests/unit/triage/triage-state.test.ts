// The triage state as stored: every part checked on its own, damage dropped, never a throw.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  isSnoozed,
  MAX_MUTE_RULES,
  parseTriage,
  switchesOf,
  type MuteRule,
  type TriageState,
} from '@/lib/triage/triage-state';
import { EMPTY_TRIAGE } from '../support/triage-fixtures';

const rule = (overrides: Partial<MuteRule> = {}): MuteRule => ({
  id: 'rabc123',
  kind: 'author',
  value: 'Jane Doe',
  projectId: null,
  createdAt: 1_700_000_000_000,
  ...overrides,
});

describe('parseTriage', () => {
  it('keeps a sound state as it is', () => {
    const state: TriageState = {
      muteRules: [rule(), rule({ id: 'r2', kind: 'site', value: 'example.com', projectId: 7 })],
      projectSwitches: { '7': { notify: false, badge: true } },
      snooze: { until: null },
      missed: 3,
    };
    expect(parseTriage(state)).toEqual(state);
    expect(parseTriage({ ...state, snooze: { until: 5 } }).snooze).toEqual({ until: 5 });
  });

  it.each([undefined, null, 'x', 3, []])('reads %j as the empty state', (raw) => {
    expect(parseTriage(raw)).toEqual(EMPTY_TRIAGE);
  });

  it('drops each damaged rule and keeps the rest', () => {
    const rules = [
      rule({ id: 'r1' }),
      rule({ id: 'r2', kind: 'mood' as never }),
      rule({ id: 'r3', value: ' untrimmed ' }),
      rule({ id: 'r4', kind: 'site', value: 'https://blog.example.com/' }),
      rule({ id: 'r5', projectId: -1 }),
      rule({ id: 'r6', createdAt: Number.NaN }),
      rule({ id: 'r1', value: 'A twin id' }),
      rule({ id: 'bad id' }),
      'not a rule',
      rule({ id: 'r9', kind: 'phrase', value: 'launch', projectId: 3 }),
    ];
    expect(parseTriage({ muteRules: rules }).muteRules.map((r) => r.id)).toEqual(['r1', 'r9']);
  });

  it('keeps at most the newest MAX_MUTE_RULES rules', () => {
    const rules = Array.from({ length: MAX_MUTE_RULES + 5 }, (_, i) => rule({ id: `r${i}` }));
    const parsed = parseTriage({ muteRules: rules }).muteRules;
    expect(parsed).toHaveLength(MAX_MUTE_RULES);
    expect(parsed[0].id).toBe('r0');
  });

  it('keeps only switches that differ from the default, under project ids', () => {
    const parsed = parseTriage({
      projectSwitches: {
        '1': { notify: false, badge: true },
        '2': { notify: true, badge: true },
        x: { notify: false, badge: false },
        '3': { notify: 'no', badge: true },
        '4': { notify: true, badge: false },
      },
    });
    expect(parsed.projectSwitches).toEqual({
      '1': { notify: false, badge: true },
      '4': { notify: true, badge: false },
    });
  });

  it('reads a damaged snooze as none and a damaged count as 0', () => {
    expect(parseTriage({ snooze: { until: 'soon' }, missed: -2 })).toEqual(EMPTY_TRIAGE);
    expect(parseTriage({ snooze: true, missed: 1.5 })).toEqual(EMPTY_TRIAGE);
  });

  it('reads a rule’s project id of -0 as 0, as storage gives it back (found by the property below)', () => {
    const rule = { id: 'r1', kind: 'author', value: 'Jane', projectId: -0, createdAt: 0 };
    const state = parseTriage({ muteRules: [rule], projectSwitches: {}, snooze: [], missed: {} });
    expect(Object.is(state.muteRules[0]?.projectId, 0)).toBe(true);
  });

  it('never throws, and reads its own output back unchanged', () => {
    const ruleish = fc.record({
      id: fc.oneof(fc.string(), fc.constantFrom('r1', 'r2', 'rz9')),
      kind: fc.oneof(fc.string(), fc.constantFrom('author', 'site', 'phrase')),
      value: fc.oneof(fc.string(), fc.constantFrom('Jane', 'example.com', 'a.example.co.uk')),
      projectId: fc.oneof(fc.constant(null), fc.integer(), fc.double()),
      createdAt: fc.oneof(fc.double(), fc.integer()),
    });
    const raw = fc.oneof(
      fc.anything(),
      fc.record({
        muteRules: fc.oneof(fc.anything(), fc.array(fc.oneof(ruleish, fc.anything()))),
        projectSwitches: fc.oneof(
          fc.anything(),
          fc.dictionary(fc.string(), fc.record({ notify: fc.anything(), badge: fc.boolean() })),
        ),
        snooze: fc.anything(),
        missed: fc.anything(),
      }),
    );
    fc.assert(
      fc.property(raw, (value) => {
        const state = parseTriage(value);
        expect(parseTriage(JSON.parse(JSON.stringify(state)))).toEqual(state);
        expect(Number.isSafeInteger(state.missed) && state.missed >= 0).toBe(true);
      }),
    );
  });
});

describe('switchesOf', () => {
  it('is both on unless changed', () => {
    const state = { ...EMPTY_TRIAGE, projectSwitches: { '5': { notify: false, badge: true } } };
    expect(switchesOf(state, 5)).toEqual({ notify: false, badge: true });
    expect(switchesOf(state, 6)).toEqual({ notify: true, badge: true });
  });
});

describe('isSnoozed', () => {
  it('holds until its time, or until turned back on', () => {
    expect(isSnoozed(EMPTY_TRIAGE, 0)).toBe(false);
    expect(isSnoozed({ ...EMPTY_TRIAGE, snooze: { until: null } }, 1e15)).toBe(true);
    expect(isSnoozed({ ...EMPTY_TRIAGE, snooze: { until: 100 } }, 99)).toBe(true);
    expect(isSnoozed({ ...EMPTY_TRIAGE, snooze: { until: 100 } }, 100)).toBe(false);
  });
});
