// The poll interval's one set of rules: the settings, the schedule, the save command and the
// options select all use these, so what one accepts another never refuses.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_INTERVAL_MINUTES,
  intervalOptions,
  isIntervalWithinBounds,
  MAX_INTERVAL_MINUTES,
  MIN_INTERVAL_MINUTES,
  normalizeIntervalMinutes,
  parseIntervalMinutes,
  POLL_INTERVAL_CHOICES,
} from '@/lib/settings/poll-interval';

describe('the poll interval', () => {
  it('offers the choices, plus a stored interval that is not one of them, in order', () => {
    expect(intervalOptions(5)).toEqual([...POLL_INTERVAL_CHOICES]);
    expect(intervalOptions(45)).toEqual([1, 2, 5, 10, 15, 30, 45, 60]);
    expect(intervalOptions(120)).toEqual([1, 2, 5, 10, 15, 30, 60, 120]);
    // Not a stored value at all: nothing extra to offer.
    expect(intervalOptions(2.5)).toEqual([...POLL_INTERVAL_CHOICES]);
  });

  it.each([
    [45, 45],
    [1, 1],
    [24 * 60, 24 * 60],
    [0, DEFAULT_INTERVAL_MINUTES],
    [2.5, DEFAULT_INTERVAL_MINUTES],
    ['5', DEFAULT_INTERVAL_MINUTES],
    [24 * 60 + 1, DEFAULT_INTERVAL_MINUTES],
  ])('parses a stored %j as %d', (stored, expected) => {
    expect(parseIntervalMinutes(stored)).toBe(expected);
  });

  it('accepts for saving everything within the bounds, and normalises it to a stored value', () => {
    fc.assert(
      fc.property(fc.double({ min: -10, max: 2 * MAX_INTERVAL_MINUTES, noNaN: true }), (value) => {
        const within = isIntervalWithinBounds(value);
        expect(within).toBe(value >= MIN_INTERVAL_MINUTES && value <= MAX_INTERVAL_MINUTES);
        if (within) {
          const normal = normalizeIntervalMinutes(value);
          // What a save stores, settings parsing keeps, and the select can show.
          expect(parseIntervalMinutes(normal)).toBe(normal);
          expect(intervalOptions(normal)).toContain(normal);
          expect(Math.abs(normal - value)).toBeLessThanOrEqual(0.5);
        }
      }),
    );
    for (const choice of POLL_INTERVAL_CHOICES) {
      expect(isIntervalWithinBounds(choice)).toBe(true);
      expect(normalizeIntervalMinutes(choice)).toBe(choice);
    }
  });
});
