// The time inputs' values and minutes after midnight, both ways.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { minutesOf, timeText } from '@/components/options/QuietHoursFields';

describe('quiet hours times', () => {
  it.each([
    [0, '00:00'],
    [8 * 60, '08:00'],
    [22 * 60 + 30, '22:30'],
    [1439, '23:59'],
  ])('%i minutes is %s', (minutes, text) => {
    expect(timeText(minutes)).toBe(text);
    expect(minutesOf(text)).toBe(minutes);
  });

  it('reads the seconds a time input may add, and nothing that is not a whole time', () => {
    expect(minutesOf('07:05:30')).toBe(425);
    expect(minutesOf('07:05:30.250')).toBe(425);
    for (const value of ['', '7:05', '24:00', '12:60', 'noon', '12:00 pm']) {
      expect(minutesOf(value), value).toBeNull();
    }
  });

  it('every minute of the day reads back as itself', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1439 }), (minutes) => {
        expect(minutesOf(timeText(minutes))).toBe(minutes);
      }),
    );
  });
});
