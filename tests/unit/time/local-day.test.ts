// Local days and wall clocks (lib/time/local-day.ts). Local days of the browser's zone are
// written in local terms, so they hold in any zone, and named zones are checked against Intl:
// they run under UTC, Asia/Tokyo and America/New_York (tests/unit/support/zones.ts), where the
// daylight-saving cases bite. Only real calendar days are read.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  dayIndex,
  lastLocalDays,
  localDayKey,
  localDayNumber,
  parseDay,
  wallClock,
} from '@/lib/time/local-day';

/** The local day as Intl reads it in the process's zone: an oracle independent of Date's getters. */
const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
const oracle = new Intl.DateTimeFormat('en-CA', {
  timeZone: zone,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

const local = (y: number, m: number, d: number, h = 0, min = 0) =>
  new Date(y, m - 1, d, h, min).getTime();

describe('local days', () => {
  it('names a day by the local calendar', () => {
    expect(localDayKey(local(2024, 6, 15, 0, 0))).toBe('2024-06-15');
    expect(localDayKey(local(2024, 6, 15, 23, 59))).toBe('2024-06-15');
    expect(localDayKey(local(2024, 1, 5, 12))).toBe('2024-01-05');
  });

  it('agrees with Intl on the day of any instant in this zone (' + zone + ')', () => {
    fc.assert(
      fc.property(fc.integer({ min: Date.UTC(1990, 0, 1), max: Date.UTC(2060, 0, 1) }), (t) => {
        expect(localDayKey(t)).toBe(oracle.format(t));
      }),
    );
  });

  it('lists the last days oldest first, ending with today, then the start of tomorrow', () => {
    const { days, end } = lastLocalDays(local(2024, 3, 2, 15), 3);
    expect(days.map((d) => d.key)).toEqual(['2024-02-29', '2024-03-01', '2024-03-02']);
    expect(days[0].start).toBe(local(2024, 2, 29));
    expect(end).toBe(local(2024, 3, 3));
  });

  it('keeps whole calendar days across the spring and autumn clock changes', () => {
    // Around New York's and Europe's changes of 2024: the window steps by calendar, not by 24 h.
    for (const now of [local(2024, 3, 12, 1), local(2024, 11, 4, 23), local(2024, 4, 1, 0, 30)]) {
      const { days } = lastLocalDays(now, 10);
      for (const day of days) expect(localDayKey(day.start)).toBe(day.key);
      expect(new Set(days.map((d) => d.key)).size).toBe(10);
    }
  });

  it('finds the day of an instant, and -1 outside the window', () => {
    const { days, end } = lastLocalDays(local(2024, 6, 15, 9), 2);
    expect(dayIndex(days, end, local(2024, 6, 14, 0, 0))).toBe(0);
    expect(dayIndex(days, end, local(2024, 6, 14, 23, 59))).toBe(0);
    expect(dayIndex(days, end, local(2024, 6, 15, 0, 0))).toBe(1);
    expect(dayIndex(days, end, local(2024, 6, 15, 23, 59))).toBe(1);
    expect(dayIndex(days, end, local(2024, 6, 13, 23, 59))).toBe(-1);
    expect(dayIndex(days, end, local(2024, 6, 16, 0, 0))).toBe(-1);
    expect(dayIndex(days, end, Number.NaN)).toBe(-1);
    expect(dayIndex([], end, local(2024, 6, 15))).toBe(-1);
  });

  it('property: consecutive days, each start on its key, every instant in the window on its own day', () => {
    const instant = fc.integer({ min: Date.UTC(1990, 0, 1), max: Date.UTC(2060, 0, 1) });
    fc.assert(
      fc.property(instant, fc.integer({ min: 1, max: 60 }), instant, (now, count, probe) => {
        const { days, end } = lastLocalDays(now, count);
        expect(days).toHaveLength(count);
        expect(days[count - 1].key).toBe(localDayKey(now));
        days.forEach((day, i) => {
          expect(localDayKey(day.start)).toBe(day.key);
          // The instant before a day's start belongs to the day before it.
          if (i > 0) expect(localDayKey(day.start - 1)).toBe(days[i - 1].key);
        });
        expect(localDayKey(end - 1)).toBe(days[count - 1].key);
        expect(localDayKey(end)).not.toBe(days[count - 1].key);
        const index = dayIndex(days, end, probe);
        if (probe >= days[0].start && probe < end) expect(days[index].key).toBe(localDayKey(probe));
        else expect(index).toBe(-1);
      }),
    );
  });
});

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

describe('wallClock', () => {
  it('reads the wall clock of a named zone, daylight saving time and half hours included', () => {
    const winter = Date.UTC(2026, 0, 15, 12, 0, 7);
    const clock = (y: number, mo: number, d: number, h: number, mi: number, s: number) => ({
      year: y,
      month: mo,
      day: d,
      hour: h,
      minute: mi,
      second: s,
    });
    expect(wallClock(winter, 'UTC')).toEqual(clock(2026, 1, 15, 12, 0, 7));
    expect(wallClock(winter, 'Asia/Tokyo')).toEqual(clock(2026, 1, 15, 21, 0, 7));
    expect(wallClock(winter, 'America/St_Johns')).toEqual(clock(2026, 1, 15, 8, 30, 7));
    expect(wallClock(Date.UTC(2026, 6, 15, 3), 'America/New_York')).toEqual(
      clock(2026, 7, 14, 23, 0, 0),
    );
    // Midnight is hour 0, never 24.
    expect(wallClock(Date.UTC(2026, 0, 15), 'UTC')?.hour).toBe(0);
  });

  it('counts years before 1 as Date does (1 BC is year 0), in any zone', () => {
    const bc = Date.UTC(2026, 0, 1) - 2_027 * 365.2425 * 86_400_000;
    expect(wallClock(bc, 'UTC')?.year).toBe(new Date(bc).getUTCFullYear());
    expect(wallClock(bc, 'UTC')?.year).toBeLessThan(1);
  });

  it('is null for an instant no Date holds', () => {
    expect(wallClock(Number.NaN)).toBeNull();
    expect(wallClock(9e15, 'UTC')).toBeNull();
    expect(localDayKey(Number.NaN)).toBe('');
  });

  it('in the browser’s zone, agrees with the zone named; its day is what localDayKey writes', () => {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    fc.assert(
      fc.property(fc.integer({ min: Date.UTC(1971, 0, 1), max: Date.UTC(2099, 11, 31) }), (t) => {
        const clock = wallClock(t);
        expect(clock).toEqual(wallClock(t, zone));
        expect(localDayKey(t)).toBe(localDayKey(t, zone));
        // The key is the day parseDay reads back, the same day as localDayNumber's.
        expect(parseDay(localDayKey(t))).toBe(localDayNumber(t));
        expect(localDayNumber(t)).toBe(clock!.year * 10_000 + clock!.month * 100 + clock!.day);
      }),
    );
  });
});
