// Days of the page's date range: only real calendar days are read, and an instant's local day is
// the one its zone's calendar shows (checked against Intl in named zones and against Date's own
// getters in the zone the tests run in: run them under TZ=UTC, Asia/Tokyo and America/New_York).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { localDayNumber, parseDay } from '@/lib/mentions-page/local-day';

describe('parseDay', () => {
  it.each([
    ['2026-11-25', 20261125],
    ['2024-02-29', 20240229],
    ['2000-02-29', 20000229],
    ['0001-01-01', 10101],
    ['9999-12-31', 99991231],
  ])('reads %s', (text, expected) => {
    expect(parseDay(text)).toBe(expected);
  });

  it.each([
    '2026-02-29', // not a leap year
    '1900-02-29', // nor is 1900
    '2026-04-31',
    '2026-13-01',
    '2026-00-10',
    '2026-01-00',
    '0000-01-01',
    '2026-1-5',
    ' 2026-01-05',
    '2026-01-05T00:00',
    '20260105',
    '２０２６-01-05', // full-width digits
    '',
  ])('refuses %j', (text) => {
    expect(parseDay(text)).toBeNull();
  });

  it('agrees with the calendar of Date for any day written as YYYY-MM-DD', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 9999 }),
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 1, max: 31 }),
        (year, month, day) => {
          const date = new Date(0);
          date.setUTCFullYear(year, month - 1, day);
          const real = date.getUTCDate() === day; // Date rolls an impossible day over
          const text = `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
          expect(parseDay(text)).toBe(real ? year * 10_000 + month * 100 + day : null);
        },
      ),
    );
  });
});

describe('localDayNumber', () => {
  // 20:00 UTC on 24 November 2026 is already the 25th in Tokyo (UTC+9), still the 24th in New York.
  const evening = Date.UTC(2026, 10, 24, 20, 0);

  it.each([
    ['UTC', 20261124],
    ['Asia/Tokyo', 20261125],
    ['America/New_York', 20261124],
  ])('gives the day in %s', (zone, expected) => {
    expect(localDayNumber(evening, zone)).toBe(expected);
  });

  it('follows daylight saving: the first minute of a New York day after each change', () => {
    // 8 March 2026 (clocks go forward at 2:00): midnight of the 9th is 04:00 UTC (EDT).
    expect(localDayNumber(Date.UTC(2026, 2, 9, 3, 59), 'America/New_York')).toBe(20260308);
    expect(localDayNumber(Date.UTC(2026, 2, 9, 4, 0), 'America/New_York')).toBe(20260309);
    // 1 November 2026 (back at 2:00): midnight of the 2nd is 05:00 UTC (EST).
    expect(localDayNumber(Date.UTC(2026, 10, 2, 4, 59), 'America/New_York')).toBe(20261101);
    expect(localDayNumber(Date.UTC(2026, 10, 2, 5, 0), 'America/New_York')).toBe(20261102);
  });

  it('is null for an instant no Date holds, and for years before 1', () => {
    expect(localDayNumber(Number.NaN)).toBeNull();
    expect(localDayNumber(Number.POSITIVE_INFINITY, 'UTC')).toBeNull();
    expect(localDayNumber(9e15)).toBeNull();
    expect(localDayNumber(Date.UTC(-5, 0, 1), 'UTC')).toBeNull();
  });

  const instant = fc.integer({ min: Date.UTC(1971, 0, 1), max: Date.UTC(2099, 11, 31) });

  it('in the browser’s zone, is the day its Date shows, the same as Intl in that zone', () => {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    fc.assert(
      fc.property(instant, (t) => {
        const date = new Date(t);
        const expected = date.getFullYear() * 10_000 + (date.getMonth() + 1) * 100 + date.getDate();
        expect(localDayNumber(t)).toBe(expected);
        expect(localDayNumber(t, zone)).toBe(expected);
      }),
    );
  });

  it('in UTC, is the day of the ISO date, and never goes back as time goes on', () => {
    fc.assert(
      fc.property(instant, fc.nat(3 * 86_400_000), (t, later) => {
        const iso = new Date(t).toISOString().slice(0, 10);
        expect(localDayNumber(t, 'UTC')).toBe(parseDay(iso));
        expect(localDayNumber(t + later, 'UTC')!).toBeGreaterThanOrEqual(localDayNumber(t, 'UTC')!);
      }),
    );
  });
});
