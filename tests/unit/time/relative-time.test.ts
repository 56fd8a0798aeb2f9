// A mention's age, and a time ahead of our clock: "just now" only within the clock slack, a date
// and time beyond it (never "just now" for hours). Then the status panel's rule, where a time
// ahead is a plan ("in 3 minutes").
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatAge, formatTimeFromNow, sameRelativeTime } from '@/lib/time/relative-time';
import { exactTime, isoTime, shortDateTime } from '@/lib/time/format';
import { DAY, HOUR, MINUTE, NOW } from '../support/clock';

const words = (then: number, now = NOW) => formatAge(then, now, 'en', 'just now');

describe('a time ahead of our clock', () => {
  it('reads "just now" up to 5 minutes ahead (clocks disagree a little)', () => {
    expect(words(NOW + 30_000)).toBe('just now');
    expect(words(NOW + 5 * MINUTE)).toBe('just now');
    // The slack is exactly 5 minutes: a millisecond more reads as a date and time.
    expect(words(NOW + 5 * MINUTE + 1)).toBe(shortDateTime(NOW + 5 * MINUTE + 1, NOW, 'en'));
  });

  it('reads as its local date and time beyond that', () => {
    const then = NOW + 9 * HOUR;
    expect(words(then)).toBe(shortDateTime(then, NOW, 'en'));
    expect(words(then)).toBe(
      new Date(then).toLocaleString('en', {
        month: 'short',
        day: 'numeric',
        hour: 'numeric',
        minute: '2-digit',
      }),
    );
  });

  it('names the year when it is not this year', () => {
    const then = NOW + 400 * DAY;
    expect(words(then)).toContain(String(new Date(then).getFullYear()));
  });

  it('never reads "just now" (nor any age) more than 5 minutes ahead, at any distance', () => {
    fc.assert(
      fc.property(fc.integer({ min: 5 * MINUTE + 1, max: 400 * DAY }), (ahead) => {
        const text = words(NOW + ahead);
        expect(text).not.toBe('just now');
        expect(text).not.toMatch(/ago|yesterday|last/);
      }),
      { numRuns: 300 },
    );
  });

  it('a row renders again when its time crosses into the slack, not while it stays ahead', () => {
    const then = NOW + 3 * HOUR;
    expect(sameRelativeTime(then, NOW, NOW + HOUR)).toBe(true);
    expect(sameRelativeTime(then, NOW, then - 4 * MINUTE)).toBe(false);
    expect(sameRelativeTime(then, NOW, then + 2 * MINUTE)).toBe(false);
  });

  it('sameRelativeTime agrees with the words at any two moments', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -30 * DAY, max: 800 * DAY }),
        fc.integer({ min: 0, max: 400 * DAY }),
        (offset, later) => {
          const then = NOW + offset;
          const same = sameRelativeTime(then, NOW, NOW + later);
          expect(words(then, NOW) === words(then, NOW + later)).toBe(same);
        },
      ),
      { numRuns: 500 },
    );
  });
});

describe('ages in the past are unchanged', () => {
  it.each<[number, string]>([
    [0, 'just now'],
    [59_000, 'just now'],
    [MINUTE, '1 minute ago'],
    [59 * MINUTE, '59 minutes ago'],
    [HOUR, '1 hour ago'],
    [DAY, 'yesterday'],
    [3 * DAY, '3 days ago'],
  ])('%i ms ago reads %j', (age, text) => {
    expect(words(NOW - age)).toBe(text);
  });

  it('a time that is not a number reads as now', () => {
    expect(words(Number.NaN)).toBe('just now');
  });
});

describe('a time from now (the status panel: checks and retries)', () => {
  const now = Date.UTC(2026, 0, 10, 12, 0, 0);
  it.each([
    [now - 20_000, 'just now'],
    [now + 20_000, 'just now'],
    [now - 5 * 60_000, '5 minutes ago'],
    [now - 61 * 60_000, '1 hour ago'],
    [now - 26 * 3_600_000, 'yesterday'],
    [now + 4 * 60_000 + 59_000, 'in 4 minutes'],
    [now + 2 * 3_600_000, 'in 2 hours'],
  ])('%i reads as %s', (at, text) => {
    expect(formatTimeFromNow(at, now, 'en', 'just now')).toBe(text);
  });

  it('counts in days at most, where an age moves on to weeks', () => {
    expect(formatTimeFromNow(now + 20 * DAY, now, 'en', 'due now')).toBe('in 20 days');
    expect(formatTimeFromNow(now - 20 * DAY, now, 'en', 'due now')).toBe('20 days ago');
    expect(formatAge(now - 20 * DAY, now, 'en', 'just now')).toBe('2 weeks ago');
  });

  it('reads a time hours ahead as a plan, where an age reads it as a date', () => {
    expect(formatTimeFromNow(now + 2 * HOUR, now, 'en', 'due now')).toBe('in 2 hours');
    expect(formatAge(now + 2 * HOUR, now, 'en', 'just now')).toBe(
      shortDateTime(now + 2 * HOUR, now, 'en'),
    );
  });

  it("is the caller's words within a minute either way, and for a time that is not a number", () => {
    fc.assert(
      fc.property(fc.integer({ min: -(MINUTE - 1), max: MINUTE - 1 }), (delta) => {
        expect(formatTimeFromNow(now + delta, now, 'en', 'due now')).toBe('due now');
      }),
    );
    expect(formatTimeFromNow(Number.NaN, now, 'en', 'due now')).toBe('due now');
  });

  it('mirrors past and future: the same count, "ago" one way and "in" the other', () => {
    fc.assert(
      fc.property(fc.integer({ min: MINUTE, max: 400 * DAY }), (delta) => {
        const ahead = formatTimeFromNow(now + delta, now, 'en', 'due now');
        const behind = formatTimeFromNow(now - delta, now, 'en', 'due now');
        const count = (text: string) => text.match(/\d+/)?.[0];
        expect(count(ahead)).toBe(count(behind));
        expect(behind.startsWith('in ')).toBe(false);
      }),
    );
  });
});

describe('formatAge: the words for an age', () => {
  const now = Date.UTC(2024, 5, 15, 12);
  const min = 60_000;
  const cases: [number, string][] = [
    [0, 'just now'],
    [59_000, 'just now'],
    [-5 * min, 'just now'],
    [min, '1 minute ago'],
    [5 * min, '5 minutes ago'],
    [59 * min, '59 minutes ago'],
    [60 * min, '1 hour ago'],
    [23 * 60 * min, '23 hours ago'],
    [24 * 60 * min, 'yesterday'],
    [3 * 24 * 60 * min, '3 days ago'],
    [8 * 24 * 60 * min, 'last week'],
    [45 * 24 * 60 * min, 'last month'],
    [800 * 24 * 60 * min, '2 years ago'],
  ];
  for (const [age, words] of cases) {
    it(`${age} ms ago reads "${words}"`, () => {
      expect(formatAge(now - age, now, 'en', 'just now')).toBe(words);
    });
  }

  it('follows the language', () => {
    expect(formatAge(now - 5 * min, now, 'de', 'gerade eben')).toBe('vor 5 Minuten');
  });

  it('a time that is not a number reads as now rather than NaN', () => {
    expect(formatAge(Number.NaN, now, 'en', 'just now')).toBe('just now');
  });

  it('exact and machine-readable forms', () => {
    expect(isoTime(now)).toBe('2024-06-15T12:00:00.000Z');
    expect(isoTime(Number.NaN)).toBe('');
    expect(exactTime(now, 'en')).toMatch(/2024/);
  });

  it('the exact time reads as toLocaleString does, from a formatter kept per locale', () => {
    const options = { dateStyle: 'medium', timeStyle: 'short' } as const;
    for (const locale of ['en', 'de', 'ar', 'ja']) {
      for (const at of [now, 0, now - 400 * 24 * 60 * min]) {
        expect(exactTime(at, locale)).toBe(new Date(at).toLocaleString(locale, options));
      }
    }
    // A damaged time reads as the browser says it, rather than throwing.
    for (const at of [Number.NaN, 9e15, Number.POSITIVE_INFINITY]) {
      expect(exactTime(at, 'en')).toBe(new Date(at).toLocaleString('en', options));
    }
  });

  describe('whether a time reads the same at two moments (a row renders again only if not)', () => {
    const cases: [string, number, number, boolean][] = [
      ['the same moment', 5 * min, 5 * min, true],
      ['within the same minute', 5 * min, 5 * min + 30_000, true],
      ['the next minute', 5 * min, 6 * min, false],
      ['still "just now"', 10_000, 50_000, true],
      ['"just now" to 1 minute', 50_000, 70_000, false],
      ['59 minutes to 1 hour', 59 * min, 60 * min, false],
      ['within the same day', 30 * 60 * min, 31 * 60 * min, true],
      ['a time that is not a number', Number.NaN, Number.NaN, true],
    ];
    for (const [name, ageBefore, ageAfter, same] of cases) {
      it(name, () => {
        expect(sameRelativeTime(now - ageBefore, now, now - ageBefore + ageAfter)).toBe(same);
        const words = (at: number) => formatAge(now - ageBefore, at, 'en', 'just now');
        expect(words(now) === words(now - ageBefore + ageAfter)).toBe(same);
      });
    }
  });
});
