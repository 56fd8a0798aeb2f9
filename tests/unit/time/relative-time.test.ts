// A mention's age, and a time ahead of our clock: "just now" only within the clock slack, a date
// and time beyond it (never "just now" for hours). Then the status panel's rule, where a time
// ahead is a plan ("in 3 minutes").
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  formatAge,
  formatTimeFromNow,
  FUTURE_SLACK_MS,
  isAhead,
  sameRelativeTime,
} from '@/lib/time/relative-time';
import { shortDateTime } from '@/lib/time/format';
import { DAY, HOUR, MINUTE, NOW } from './clock-support';

const words = (then: number, now = NOW) => formatAge(then, now, 'en', 'just now');

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
