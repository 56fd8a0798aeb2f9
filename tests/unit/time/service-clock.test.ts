// Learning the service's UTC offset from arrivals: examples of each rule, then the storage item.
import { FIRST_ACCOUNT } from '@/lib/accounts/accounts';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import {
  detectedOffsetMinutes,
  effectiveOffsetMinutes,
  initialServiceClock,
  observeArrivals,
  parseServiceClock,
  withOverride,
  type ServiceClockState,
} from '@/lib/time/service-clock';
import { readServiceClock, serviceClockItem } from '@/lib/storage/items';
import { arrival, DAY, HOUR, MINUTE, NOW, serviceText } from '../support/clock';

/** The most samples the clock keeps: 8 a day for today and the 7 days before. */
const MAX_SAMPLES = 64;

/** The state after one poll at `seenAt` that stored these arrivals. */
function afterPoll(
  state: ServiceClockState,
  offset: number,
  seenAt: number,
  ages: number[],
): ServiceClockState {
  return observeArrivals(
    state,
    ages.map((age) => arrival(seenAt - age, seenAt, offset)),
    seenAt,
  );
}

describe('detecting the offset', () => {
  it('UTC−5: a mention added a minute ago and one added 4 minutes ago give −5:00', () => {
    const state = afterPoll(initialServiceClock(), -300, NOW, [MINUTE, 4 * MINUTE]);
    expect(detectedOffsetMinutes(state)).toBe(-300);
    expect(effectiveOffsetMinutes(state)).toBe(-300);
  });

  it('before any sample nothing is detected and times read as UTC', () => {
    expect(detectedOffsetMinutes(initialServiceClock())).toBeNull();
    expect(effectiveOffsetMinutes(initialServiceClock())).toBe(0);
  });

  it('rounds a bound up to the next offset in use on Earth, never past the truth', () => {
    // UTC, the newest record 75 minutes old: "at least UTC−1:17"; UTC−1 is the next zone.
    const state = afterPoll(initialServiceClock(), 0, NOW, [75 * MINUTE]);
    expect(detectedOffsetMinutes(state)).toBe(-60);
    // Nepal (+5:45), seen 20 minutes late: the next zone above +5:23 is India's +5:30.
    const late = afterPoll(initialServiceClock(), 345, NOW, [20 * MINUTE]);
    expect(detectedOffsetMinutes(late)).toBe(330);
  });

  it('one fresh arrival is enough, and quarter hours are found', () => {
    const state = afterPoll(initialServiceClock(), 345, NOW, [9 * MINUTE]);
    expect(state.samples).toHaveLength(1);
    expect(detectedOffsetMinutes(state)).toBe(345);
  });

  it('a first sync of old history: the newest record reads as just added, never after we saw it', () => {
    // Only history, the newest 3 hours old: the smallest offset consistent with it is UTC−8.
    let state = afterPoll(initialServiceClock(), -300, NOW - HOUR, [3 * HOUR, 4 * HOUR, 5 * DAY]);
    expect(detectedOffsetMinutes(state)).toBe(-300 - 3 * 60);
    // One mention arrives a minute after it was added: the exact offset.
    state = afterPoll(state, -300, NOW, [MINUTE]);
    expect(detectedOffsetMinutes(state)).toBe(-300);
  });

  it('a stale mention only pulls down, and is ignored once fresher ones are seen', () => {
    // A new project's history, the newest records 3 and 4 hours old: the bounds say "at least
    // UTC+6" and "at least UTC+5"; the higher is the smallest offset consistent with both.
    let state = afterPoll(initialServiceClock(), 540, NOW - HOUR, [3 * HOUR, 4 * HOUR, 5 * DAY]);
    expect(detectedOffsetMinutes(state)).toBe(360);
    state = afterPoll(state, 540, NOW - 30 * MINUTE, [2 * MINUTE]);
    state = afterPoll(state, 540, NOW, [6 * MINUTE]);
    expect(detectedOffsetMinutes(state)).toBe(540);
  });

  it('one mention dated in the future lifts the offset (no mention is ever placed after we saw it): the override is the way out', () => {
    let state = afterPoll(initialServiceClock(), 60, NOW - 10 * MINUTE, [-3 * HOUR]);
    state = afterPoll(state, 60, NOW - 5 * MINUTE, [MINUTE]);
    expect(detectedOffsetMinutes(state)).toBe(60 + 3 * 60);
    expect(effectiveOffsetMinutes(withOverride(state, 60))).toBe(60);
  });

  it('allows our clock to run 2 minutes behind the service', () => {
    // Seen "before" it was added by our clock: 90 seconds ahead.
    const state = afterPoll(initialServiceClock(), -300, NOW, [-90_000, -60_000]);
    expect(detectedOffsetMinutes(state)).toBe(-300);
  });

  it('the extremes: UTC−12 and UTC+14', () => {
    for (const offset of [-720, 840]) {
      const state = afterPoll(initialServiceClock(), offset, NOW, [0, 10 * MINUTE]);
      expect(detectedOffsetMinutes(state)).toBe(offset);
    }
  });

  it('discards impossible samples: above UTC+14, and below UTC−12 (they say nothing)', () => {
    const state = observeArrivals(
      initialServiceClock(),
      [
        { date_added: serviceText(NOW, 15 * 60), firstSeen: NOW },
        { date_added: serviceText(NOW - 2 * DAY, 0), firstSeen: NOW },
        { date_added: serviceText(NOW - 13 * HOUR, 0), firstSeen: NOW },
      ],
      NOW,
    );
    expect(state.samples).toEqual([]);
  });

  it('skips dates it cannot read and dates that carry their own zone', () => {
    const state = observeArrivals(
      initialServiceClock(),
      [
        { date_added: '0000-00-00 00:00:00', firstSeen: NOW },
        { date_added: 'yesterday', firstSeen: NOW },
        { date_added: '2026-11-25T05:02:00Z', firstSeen: NOW },
        { date_added: '2026-11-25 00:02:00', firstSeen: Number.NaN },
      ],
      NOW,
    );
    expect(state.samples).toEqual([]);
  });

  it('returns the same object when nothing changes', () => {
    const state = afterPoll(initialServiceClock(), 0, NOW, [MINUTE, 2 * MINUTE]);
    expect(observeArrivals(state, [], NOW + MINUTE)).toBe(state);
    expect(
      observeArrivals(state, [{ date_added: 'junk', firstSeen: NOW + MINUTE }], NOW + MINUTE),
    ).toBe(state);
  });
});

describe('keeping the memory recent and bounded', () => {
  it('keeps the best 8 of a day: a flood of stale arrivals does not push out fresh ones', () => {
    let state = afterPoll(initialServiceClock(), 120, NOW - HOUR, [MINUTE, 3 * MINUTE]);
    const history = Array.from({ length: 500 }, (_, i) => (i + 1) * HOUR);
    state = afterPoll(state, 120, NOW, history);
    expect(state.samples.length).toBeLessThanOrEqual(8);
    expect(detectedOffsetMinutes(state)).toBe(120);
  });

  it('never holds more than 64 samples, however many polls', () => {
    let state = initialServiceClock();
    // Nine days of polls every half hour: more than the memory holds.
    for (let poll = 0; poll < 9 * 48; poll += 1) {
      const at = NOW + poll * 30 * MINUTE;
      state = afterPoll(state, -180, at, [MINUTE, 2 * MINUTE, 3 * MINUTE]);
      expect(state.samples.length).toBeLessThanOrEqual(MAX_SAMPLES);
    }
    // Full, at exactly the bound.
    expect(state.samples.length).toBe(MAX_SAMPLES);
    expect(detectedOffsetMinutes(state)).toBe(-180);
  });

  it('follows daylight saving time ending, once the old days leave the week', () => {
    // UTC−4 in summer, seen for three days.
    let state = initialServiceClock();
    for (let day = 0; day < 3; day += 1) {
      state = afterPoll(state, -240, NOW + day * DAY, [MINUTE, 5 * MINUTE]);
    }
    // UTC−5 from day 3: within the week the higher bounds still stand.
    state = afterPoll(state, -300, NOW + 4 * DAY, [MINUTE, 2 * MINUTE]);
    expect(detectedOffsetMinutes(state)).toBe(-240);
    // Ten days on, the summer days are gone.
    state = afterPoll(state, -300, NOW + 10 * DAY, [MINUTE, 2 * MINUTE]);
    expect(detectedOffsetMinutes(state)).toBe(-300);
  });

  it('follows daylight saving time starting at the next fresh arrival', () => {
    let state = afterPoll(initialServiceClock(), 60, NOW, [MINUTE, 2 * MINUTE]);
    state = afterPoll(state, 120, NOW + HOUR, [MINUTE, 3 * MINUTE]);
    expect(detectedOffsetMinutes(state)).toBe(120);
  });

  it('a quiet month forgets nothing: old days go only once two newer samples replace them', () => {
    const state = afterPoll(initialServiceClock(), 330, NOW, [MINUTE, 2 * MINUTE]);
    const later = observeArrivals(state, [], NOW + 30 * DAY);
    expect(later).toBe(state);
    const oneNew = afterPoll(state, 330, NOW + 30 * DAY, [5 * HOUR]);
    expect(detectedOffsetMinutes(oneNew)).toBe(330);
  });

  it('drops samples from a clock that was ahead of now', () => {
    const state = afterPoll(initialServiceClock(), 0, NOW + 2 * DAY, [MINUTE, 2 * MINUTE]);
    expect(observeArrivals(state, [], NOW).samples).toEqual([]);
  });
});

describe('the user override', () => {
  it('wins over the detection, and null goes back to automatic', () => {
    const detected = afterPoll(initialServiceClock(), -300, NOW, [MINUTE, 2 * MINUTE]);
    const chosen = withOverride(detected, 540);
    expect(effectiveOffsetMinutes(chosen)).toBe(540);
    expect(detectedOffsetMinutes(chosen)).toBe(-300);
    expect(effectiveOffsetMinutes(withOverride(chosen, null))).toBe(-300);
    expect(effectiveOffsetMinutes(withOverride(initialServiceClock(), -45))).toBe(-45);
  });

  it('refuses offsets that are not quarter hours in range, and keeps the same object', () => {
    const state = initialServiceClock();
    for (const bad of [7, -735, 855, 0.5, Number.NaN]) expect(withOverride(state, bad)).toBe(state);
    expect(withOverride(state, null)).toBe(state);
  });
});

describe('parseServiceClock', () => {
  it('reads what it wrote', () => {
    const state = withOverride(afterPoll(initialServiceClock(), 60, NOW, [0, MINUTE]), 120);
    expect(parseServiceClock(JSON.parse(JSON.stringify(state)))).toEqual(state);
  });

  it('falls back field by field', () => {
    const sample = { lowerBoundMinutes: 58, seenAt: NOW };
    expect(parseServiceClock({ overrideMinutes: 7, samples: [sample] })).toEqual({
      version: 1,
      overrideMinutes: null,
      samples: [sample],
    });
    expect(parseServiceClock({ overrideMinutes: -300, samples: 'x' })).toEqual({
      version: 1,
      overrideMinutes: -300,
      samples: [],
    });
    expect(
      parseServiceClock({
        samples: [
          sample,
          null,
          { lowerBoundMinutes: '58', seenAt: NOW },
          { lowerBoundMinutes: 9999, seenAt: NOW },
          { lowerBoundMinutes: 30, seenAt: -1 },
          { lowerBoundMinutes: Number.NaN, seenAt: NOW },
        ],
        extra: true,
      }),
    ).toEqual({ version: 1, overrideMinutes: null, samples: [sample] });
    for (const raw of [null, undefined, 3, 'x', []]) {
      expect(parseServiceClock(raw)).toEqual(initialServiceClock());
    }
  });

  it('bounds a damaged list', () => {
    const samples = Array.from({ length: 500 }, (_, i) => ({
      lowerBoundMinutes: 0,
      seenAt: NOW - i * HOUR,
    }));
    expect(parseServiceClock({ samples }).samples.length).toBeLessThanOrEqual(MAX_SAMPLES);
  });
});

describe('serviceClockItem', () => {
  beforeEach(() => fakeBrowser.reset());

  it('is local:serviceClock, versioned, and reads as the initial state when empty', async () => {
    expect(serviceClockItem(FIRST_ACCOUNT).key).toBe('local:serviceClock');
    expect(await readServiceClock(FIRST_ACCOUNT)).toEqual(initialServiceClock());
    const state = withOverride(initialServiceClock(), 330);
    await serviceClockItem(FIRST_ACCOUNT).setValue(state);
    const stored = await fakeBrowser.storage.local.get(['serviceClock', 'serviceClock$']);
    expect(stored.serviceClock).toEqual(state);
    expect(stored.serviceClock$).toEqual({ v: 1 });
    expect(await readServiceClock(FIRST_ACCOUNT)).toEqual(state);
  });

  it('reads damaged storage as usable state', async () => {
    await fakeBrowser.storage.local.set({ serviceClock: { overrideMinutes: 'UTC+9' } });
    expect(await readServiceClock(FIRST_ACCOUNT)).toEqual(initialServiceClock());
  });
});
