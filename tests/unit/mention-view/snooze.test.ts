// The snooze menu's choices and the times its line tells: local calendar fields, so the next
// morning is 08:00 whatever the zone and across changes of daylight saving time (it runs in every
// zone of the matrix, tests/unit/support/zones.ts).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { clockTime, daysBetween, snoozeChoices } from '@/lib/mention-view/snooze';

/** The morning a snooze for the night ends: 08:00 local time. */
const MORNING = { hours: 8, minutes: 0 };

const at = (y: number, mo: number, d: number, h: number, mi = 0) => new Date(y, mo, d, h, mi);

describe('snoozeChoices', () => {
  it('at noon: an hour from now, and tomorrow 08:00', () => {
    const now = at(2026, 5, 10, 12, 30);
    expect(snoozeChoices(now)).toEqual({
      hour: now.getTime() + 3_600_000,
      morning: at(2026, 5, 11, 8).getTime(),
      morningIsTomorrow: true,
    });
  });

  it('after midnight the next 08:00 is this morning', () => {
    const choices = snoozeChoices(at(2026, 5, 10, 1, 15));
    expect(choices.morning).toBe(at(2026, 5, 10, 8).getTime());
    expect(choices.morningIsTomorrow).toBe(false);
  });

  it('at 08:00 sharp the morning is tomorrow’s; across a month and a year too', () => {
    expect(snoozeChoices(at(2026, 5, 10, 8)).morning).toBe(at(2026, 5, 11, 8).getTime());
    expect(snoozeChoices(at(2026, 11, 31, 22)).morning).toBe(at(2027, 0, 1, 8).getTime());
  });

  it('the morning is always after now, within a day, and reads 08:00 locally (property)', () => {
    const start = Date.UTC(2020, 0, 1);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10 * 365 * 24 * 60 }), (minutes) => {
        const now = new Date(start + minutes * 60_000);
        const { morning, morningIsTomorrow } = snoozeChoices(now);
        const date = new Date(morning);
        expect(morning).toBeGreaterThan(now.getTime());
        expect(morning - now.getTime()).toBeLessThanOrEqual(25 * 3_600_000);
        expect([date.getHours(), date.getMinutes()]).toEqual([MORNING.hours, MORNING.minutes]);
        expect(morningIsTomorrow).toBe(daysBetween(now, date) === 1);
      }),
    );
  });
});

describe('daysBetween', () => {
  it('counts calendar days, not 24-hour spans', () => {
    expect(daysBetween(at(2026, 5, 10, 23, 59), at(2026, 5, 11, 0, 1))).toBe(1);
    expect(daysBetween(at(2026, 5, 10, 0, 0), at(2026, 5, 10, 23, 59))).toBe(0);
    expect(daysBetween(at(2026, 5, 10, 9), at(2026, 5, 13, 8))).toBe(3);
    // Across the changes of daylight saving time where the zone has them (23- and 25-hour days).
    expect(daysBetween(at(2026, 2, 28, 12), at(2026, 2, 30, 12))).toBe(2);
    expect(daysBetween(at(2026, 9, 24, 12), at(2026, 9, 26, 12))).toBe(2);
  });
});

describe('clockTime', () => {
  const afternoon = at(2026, 5, 10, 14, 30).getTime();

  it('is the time of day in the language’s own way', () => {
    expect(clockTime(afternoon, 'en-GB')).toBe('14:30');
    expect(clockTime(afternoon, 'de')).toBe('14:30');
    expect(clockTime(afternoon, 'en-US')).toMatch(/^2:30\sPM$/);
  });

  it('formats the same with a formatter kept per language', () => {
    expect(clockTime(afternoon + 60_000, 'en-GB')).toBe('14:31');
    expect(clockTime(at(2026, 5, 10, 8).getTime(), 'en-GB')).toBe('08:00');
  });
});
