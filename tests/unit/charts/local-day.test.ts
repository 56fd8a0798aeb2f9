// Local days of the browser's zone: keys, the window of the last days, and finding an instant's day.
// Written in local terms, so they hold in any zone (npm test runs them under UTC, Asia/Tokyo and
// America/New_York); the daylight-saving cases bite where the zone has them.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dayIndex, lastLocalDays, localDayKey } from '@/lib/charts/local-day';

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
