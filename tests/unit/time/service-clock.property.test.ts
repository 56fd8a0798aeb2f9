// The detection rule over random services and random polls: whatever the true offset, fresh
// arrivals find it exactly, stale ones never push it above the truth, and the state stays bounded.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  detectedOffsetMinutes,
  initialServiceClock,
  observeArrivals,
  parseServiceClock,
  type ServiceClockState,
} from '@/lib/time/service-clock';
import { isServiceOffset, OFFSETS_IN_USE } from '@/lib/time/utc-offset';
import { arrival, DAY, MINUTE, NOW } from '../support/clock';

/** How far our clock may run behind the service's: the detection allows for it. */
const CLOCK_SLACK_MINUTES = 2;
/** The most samples the clock keeps: 8 a day for today and the 7 days before. */
const MAX_SAMPLES = 64;

/** Any offset in use or not, on the quarter hour from UTC−12 to UTC+14. */
/** A true offset: one in use somewhere on Earth (what a real server's zone can be). */
const offsetArb = fc.constantFrom(...OFFSETS_IN_USE);

/** Fresh: added 0..10 minutes before the poll that saw it (to the millisecond). */
const freshAge = fc.integer({ min: 0, max: 10 * MINUTE });
/** Stale: added from 10 minutes to a year before it was seen. */
const staleAge = fc.integer({ min: 10 * MINUTE, max: 365 * DAY });

interface Poll {
  /** Minutes after the previous poll. */
  gapMinutes: number;
  fresh: number[];
  stale: number[];
}

/** Polls over at most three days (gaps of 1..60 minutes): none leaves the week's window. */
const pollsArb = (freshArb: fc.Arbitrary<number[]>) =>
  fc.array(
    fc.record({
      gapMinutes: fc.integer({ min: 1, max: 60 }),
      fresh: freshArb,
      stale: fc.array(staleAge, { maxLength: 12 }),
    }),
    { maxLength: 60 },
  );

/** Runs the polls, calling `check` after each with the count of fresh arrivals so far. */
function run(
  offset: number,
  polls: Poll[],
  check: (state: ServiceClockState, freshSoFar: number) => void,
): ServiceClockState {
  let state = initialServiceClock();
  let at = NOW;
  let freshSoFar = 0;
  for (const poll of polls) {
    at += poll.gapMinutes * MINUTE;
    // Fresh and stale mixed, the fresh ones last (the order of a reply is not to be relied on).
    const ages = [...poll.stale, ...poll.fresh];
    state = observeArrivals(
      state,
      ages.map((age) => arrival(at - age, at, offset)),
      at,
    );
    freshSoFar += poll.fresh.length;
    check(state, freshSoFar);
  }
  return state;
}

describe('detecting the service offset (property)', () => {
  it('equals the true offset once one fresh arrival was seen, however many stale ones', () => {
    fc.assert(
      fc.property(offsetArb, pollsArb(fc.array(freshAge, { maxLength: 3 })), (offset, polls) => {
        run(offset, polls, (state, freshSoFar) => {
          const detected = detectedOffsetMinutes(state);
          if (freshSoFar >= 1) expect(detected).toBe(offset);
          else if (detected !== null) expect(detected).toBeLessThanOrEqual(offset);
        });
      }),
      { numRuns: 400 },
    );
  });

  it('stale-only evidence never yields an offset above the truth', () => {
    fc.assert(
      fc.property(offsetArb, pollsArb(fc.constant([])), (offset, polls) => {
        run(offset, polls, (state) => {
          const detected = detectedOffsetMinutes(state);
          if (detected !== null) {
            expect(isServiceOffset(detected)).toBe(true);
            expect(detected).toBeLessThanOrEqual(offset);
          }
        });
      }),
      { numRuns: 400 },
    );
  });

  it('never places an observed mention after the moment we first saw it (beyond the clock slack)', () => {
    const arrivalArb = fc.record({
      ageMinutes: fc.integer({ min: -60, max: 3 * 24 * 60 }),
      seenAfterMinutes: fc.integer({ min: 0, max: 3 * 24 * 60 }),
    });
    fc.assert(
      fc.property(
        offsetArb,
        fc.array(arrivalArb, { minLength: 1, maxLength: 30 }),
        (offset, list) => {
          const arrivals = list.map(({ ageMinutes, seenAfterMinutes }) => {
            const seenAt = NOW + seenAfterMinutes * MINUTE;
            return arrival(seenAt - ageMinutes * MINUTE, seenAt, offset);
          });
          const state = observeArrivals(initialServiceClock(), arrivals, NOW + 3 * DAY);
          const detected = detectedOffsetMinutes(state);
          for (const sample of state.samples) {
            // instant = wall − offset ≤ seenAt + slack  ⇔  offset ≥ bound − slack
            expect(detected!).toBeGreaterThanOrEqual(
              sample.lowerBoundMinutes - CLOCK_SLACK_MINUTES,
            );
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it('stays bounded and valid over any arrivals, and storage gives back what was written', () => {
    const arrivalArb = fc.record({
      date_added: fc.oneof(
        fc.string(),
        fc
          .date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true })
          .map((d) => d.toISOString().slice(0, 19).replace('T', ' ')),
      ),
      firstSeen: fc.oneof(fc.integer({ min: NOW - 30 * DAY, max: NOW + 30 * DAY }), fc.double()),
    });
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            gapMinutes: fc.integer({ min: 0, max: 3 * 24 * 60 }),
            arrivals: fc.array(arrivalArb, { maxLength: 30 }),
          }),
          { maxLength: 40 },
        ),
        (polls) => {
          let state = initialServiceClock();
          let at = NOW;
          for (const poll of polls) {
            at += poll.gapMinutes * MINUTE;
            state = observeArrivals(state, poll.arrivals, at);
            expect(state.samples.length).toBeLessThanOrEqual(MAX_SAMPLES);
            const detected = detectedOffsetMinutes(state);
            if (detected !== null) expect(isServiceOffset(detected)).toBe(true);
            expect(parseServiceClock(JSON.parse(JSON.stringify(state)))).toEqual(state);
            // Nothing new: the very same object, so the caller writes nothing.
            expect(observeArrivals(state, [], at)).toBe(state);
          }
        },
      ),
      { numRuns: 200 },
    );
  });
});
