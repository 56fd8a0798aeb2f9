// Offsets and instants in words, the service's wall clock, and a mention's tooltip. These run
// in several zones (tests/unit/support/zones.ts): expectations about local time are computed with
// the browser's own formatting of the same instant, never written for one zone.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseServiceDate, parseServiceWallClock } from '@/lib/time/service-date';
import { exactTime, isoTime, mentionTimeTitle, shortDateTime } from '@/lib/time/format';
import {
  formatUtcOffset,
  isServiceOffset,
  OFFSETS_IN_USE,
  serviceWallClockText,
} from '@/lib/time/utc-offset';
import { HOUR, MINUTE, NOW, serviceText } from '../support/clock';

describe('UTC offsets', () => {
  it.each<[number, string, string]>([
    [0, 'UTC', 'UTC+0:00'],
    [-300, 'UTC\u22125', 'UTC\u22125:00'],
    [540, 'UTC+9', 'UTC+9:00'],
    [330, 'UTC+5:30', 'UTC+5:30'],
    [345, 'UTC+5:45', 'UTC+5:45'],
    [-570, 'UTC\u22129:30', 'UTC\u22129:30'],
    [-720, 'UTC\u221212', 'UTC\u221212:00'],
    [840, 'UTC+14', 'UTC+14:00'],
  ])('%i minutes reads %j (in a list %j)', (minutes, short, long) => {
    expect(formatUtcOffset(minutes)).toBe(short);
    expect(formatUtcOffset(minutes, true)).toBe(long);
  });

  it('the offsets offered are sorted, distinct, valid, and include every whole hour', () => {
    expect([...OFFSETS_IN_USE].sort((a, b) => a - b)).toEqual(OFFSETS_IN_USE);
    expect(new Set(OFFSETS_IN_USE).size).toBe(OFFSETS_IN_USE.length);
    expect(OFFSETS_IN_USE.every(isServiceOffset)).toBe(true);
    for (let hour = -12; hour <= 14; hour += 1) expect(OFFSETS_IN_USE).toContain(hour * 60);
    expect(OFFSETS_IN_USE).toEqual(expect.arrayContaining([330, 345, 525, 765, -210, -570]));
  });

  it('a valid offset is a quarter hour from UTC−12 to UTC+14', () => {
    expect([-720, -705, 0, 15, 840].every(isServiceOffset)).toBe(true);
    expect([-735, 855, 10, 0.5, Number.NaN, '60', null].some(isServiceOffset)).toBe(false);
  });

  it('the service clock now, in its own format', () => {
    expect(serviceWallClockText(NOW, -300)).toBe('2026-11-25 00:03');
    expect(serviceWallClockText(NOW, 540)).toBe('2026-11-25 14:03');
    expect(serviceWallClockText(Number.NaN, 0)).toBe('');
  });
});

describe('the service wall clock and the instant', () => {
  it('reads the wall time, and the instant at any offset', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: Date.UTC(2000, 0, 1), max: Date.UTC(2100, 0, 1) }),
        fc.integer({ min: -48, max: 56 }).map((q) => q * 15),
        (at, offset) => {
          const whole = Math.floor(at / 1000) * 1000;
          const text = serviceText(whole, offset);
          expect(parseServiceWallClock(text)).toBe(whole + offset * MINUTE);
          expect(parseServiceDate(text, offset)).toBe(whole);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('a string with its own zone is an instant, not evidence of the server clock', () => {
    expect(parseServiceWallClock('2026-11-25 00:03:00+09:00')).toBeUndefined();
    expect(parseServiceDate('2026-11-25 00:03:00+09:00', -300)).toBe(Date.UTC(2026, 10, 24, 15, 3));
    expect(parseServiceWallClock('junk')).toBeUndefined();
  });

  it('does not depend on the browser zone', () => {
    // The same string, the same instant, under every TZ the suite runs in.
    expect(parseServiceDate('2026-11-25 00:03:00', -300)).toBe(Date.UTC(2026, 10, 25, 5, 3));
  });
});

/** A mention's local time as the browser itself writes it, with its weekday. */
const longTime = (epochMs: number, locale: string) =>
  new Date(epochMs).toLocaleString(locale, {
    weekday: 'short',
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  });

describe('instants in words', () => {
  it('read as the browser formats the same instant, in its own zone', () => {
    for (const locale of ['en', 'de', 'ja']) {
      expect(mentionTimeTitle(NOW, '', locale)).toBe(longTime(NOW, locale));
      expect(exactTime(NOW, locale)).toBe(
        new Date(NOW).toLocaleString(locale, { dateStyle: 'medium', timeStyle: 'short' }),
      );
    }
    expect(shortDateTime(NOW + HOUR, NOW, 'en')).not.toMatch(/2026/);
  });

  it('never throw on a damaged time', () => {
    for (const at of [Number.NaN, 9e15, Number.POSITIVE_INFINITY]) {
      expect(isoTime(at)).toBe('');
      expect(typeof mentionTimeTitle(at, '', 'en')).toBe('string');
      expect(typeof exactTime(at, 'en')).toBe('string');
    }
    expect(isoTime(NOW)).toBe('2026-11-25T05:03:00.000Z');
  });
});

describe("a mention's tooltip", () => {
  it('shows the local time and the service string', () => {
    expect(mentionTimeTitle(NOW, '2026-11-25 00:03:00', 'en')).toBe(
      `${longTime(NOW, 'en')} \u2014 service time 2026-11-25 00:03:00`,
    );
  });

  it('shows the local time alone when the service sent no string, and caps a long one', () => {
    expect(mentionTimeTitle(NOW, '  ', 'en')).toBe(longTime(NOW, 'en'));
    const long = mentionTimeTitle(NOW, 'x'.repeat(500), 'en');
    expect(long.endsWith(`service time ${'x'.repeat(40)}`)).toBe(true);
  });
});
