// A mention's age, and a time ahead of our clock: "just now" only within the clock slack, a date
// and time beyond it (never "just now" for hours).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FUTURE_SLACK_MS, isAhead, relativeTime, sameRelativeTime } from '@/lib/time/age';
import { shortDateTime } from '@/lib/time/format';
import { DAY, HOUR, MINUTE, NOW } from './clock-support';

const words = (then: number, now = NOW) => relativeTime(then, now, 'en', 'just now');

describe('a time ahead of our clock', () => {
  it('reads "just now" up to 5 minutes ahead (clocks disagree a little)', () => {
    expect(FUTURE_SLACK_MS).toBe(5 * MINUTE);
    expect(words(NOW + 30_000)).toBe('just now');
    expect(words(NOW + 5 * MINUTE)).toBe('just now');
    expect(isAhead(NOW + 5 * MINUTE, NOW)).toBe(false);
  });

  it('reads as its local date and time beyond that', () => {
    const then = NOW + 9 * HOUR;
    expect(isAhead(then, NOW)).toBe(true);
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
      fc.property(fc.integer({ min: FUTURE_SLACK_MS + 1, max: 400 * DAY }), (ahead) => {
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
    expect(isAhead(Number.NaN, NOW)).toBe(false);
  });
});
