// Quiet hours in local time: spans within a day and across midnight, start equal to end never
// quiet, and the end found from the day's own fields (a change of daylight saving time moves
// nothing). Runs in every zone of the matrix (tests/unit/support/zones.ts).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_QUIET_HOURS,
  isQuietAt,
  parseQuietHours,
  quietEndsAt,
  type QuietHours,
} from '@/lib/settings/quiet-hours';

const at = (h: number, m = 0, day = 15) => new Date(2026, 5, day, h, m);
const span = (start: number, end: number): QuietHours => ({ enabled: true, start, end });
const night = span(22 * 60, 8 * 60);

describe('isQuietAt', () => {
  it.each([
    [at(21, 59), false],
    [at(22, 0), true],
    [at(23, 59), true],
    [at(0, 0), true],
    [at(7, 59), true],
    [at(8, 0), false],
    [at(12, 0), false],
  ])('a span across midnight, 22:00 to 08:00, at %s: %s', (date, quiet) => {
    expect(isQuietAt(night, date)).toBe(quiet);
  });

  it.each([
    [at(12, 59), false],
    [at(13, 0), true],
    [at(13, 59), true],
    [at(14, 0), false],
  ])('a span within a day, 13:00 to 14:00, at %s: %s', (date, quiet) => {
    expect(isQuietAt(span(13 * 60, 14 * 60), date)).toBe(quiet);
  });

  it('is never quiet when turned off, or when start equals end', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1439 }), fc.date({ noInvalidDate: true }), (m, d) => {
        expect(isQuietAt(span(m, m), d)).toBe(false);
        expect(isQuietAt({ ...night, enabled: false }, d)).toBe(false);
      }),
    );
  });

  it('agrees with counting the minutes of the span from its start', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1439 }),
        fc.integer({ min: 0, max: 1439 }),
        fc.integer({ min: 0, max: 1439 }),
        (start, end, minute) => {
          const length = (end - start + 1440) % 1440;
          const into = (minute - start + 1440) % 1440;
          const date = at(Math.floor(minute / 60), minute % 60);
          expect(isQuietAt(span(start, end), date)).toBe(into < length);
        },
      ),
    );
  });
});

describe('quietEndsAt', () => {
  it('is the end of tonight’s span, in the morning after', () => {
    expect(quietEndsAt(night, at(23, 0))).toEqual(at(8, 0, 16));
    expect(quietEndsAt(night, at(2, 0))).toEqual(at(8, 0));
  });

  it('is always ahead, within a day, and reads the end on the local clock', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1439 }),
        fc.date({ min: new Date(2000, 0, 1), max: new Date(2100, 0, 1), noInvalidDate: true }),
        (end, date) => {
          const ends = quietEndsAt({ ...night, end }, date);
          expect(ends.getTime()).toBeGreaterThan(date.getTime());
          // 25 hours: a day that a change of daylight saving time made longer.
          expect(ends.getTime() - date.getTime()).toBeLessThanOrEqual(25 * 3_600_000);
          // A time a change of daylight saving time skipped lands just after the gap.
          if (ends.getHours() * 60 + ends.getMinutes() !== end) {
            expect(ends.getTimezoneOffset()).not.toBe(
              new Date(ends.getTime() - 7_200_000).getTimezoneOffset(),
            );
          }
        },
      ),
    );
  });
});

describe('parseQuietHours', () => {
  it('keeps what is valid and defaults the rest, field by field', () => {
    expect(parseQuietHours({ enabled: true, start: 60, end: 120 })).toEqual(span(60, 120));
    expect(parseQuietHours({ enabled: 'yes', start: -1, end: 1439 })).toEqual({
      ...DEFAULT_QUIET_HOURS,
      end: 1439,
    });
    expect(parseQuietHours('22-08')).toEqual(DEFAULT_QUIET_HOURS);
  });

  it('never throws and always gives minutes of a day', () => {
    fc.assert(
      fc.property(fc.anything(), (raw) => {
        const q = parseQuietHours(raw);
        for (const m of [q.start, q.end])
          expect(Number.isInteger(m) && m >= 0 && m < 1440).toBe(true);
      }),
    );
  });
});
