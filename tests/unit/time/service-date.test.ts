import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseServiceDate } from '@/lib/time/service-date';

describe('parseServiceDate', () => {
  it.each([
    ['2024-06-15 12:34:56', Date.UTC(2024, 5, 15, 12, 34, 56)],
    ['2024-06-15T12:34:56', Date.UTC(2024, 5, 15, 12, 34, 56)],
    ['  2024-06-15 12:34:56 ', Date.UTC(2024, 5, 15, 12, 34, 56)],
    ['2024-06-15 12:34', Date.UTC(2024, 5, 15, 12, 34, 0)],
    ['2024-06-15', Date.UTC(2024, 5, 15)],
    ['2024-06-15 12:34:56.789', Date.UTC(2024, 5, 15, 12, 34, 56)],
    ['2024-02-29 00:00:00', Date.UTC(2024, 1, 29)],
    ['2024-06-15 12:34:56Z', Date.UTC(2024, 5, 15, 12, 34, 56)],
    ['2024-06-15T12:34:56+02:00', Date.UTC(2024, 5, 15, 10, 34, 56)],
    ['2024-06-15T12:34:56-0530', Date.UTC(2024, 5, 15, 18, 4, 56)],
  ])('reads %j', (input, expected) => {
    expect(parseServiceDate(input)).toBe(expected);
  });

  it.each([
    [''],
    ['junk'],
    ['0000-00-00 00:00:00'],
    ['2023-02-29 00:00:00'],
    ['2024-13-01 00:00:00'],
    ['2024-06-31 00:00:00'],
    ['2024-06-15 24:00:00'],
    ['2024-06-15 12:60:00'],
    ['2024-06-15 12:00:60'],
    ['15/06/2024 12:00:00'],
    ['2024-06-15 12:00:00+15:00'],
    ['1718454896'],
    ['2024-06-15 12:00:00 extra'],
  ])('rejects %j', (input) => {
    expect(parseServiceDate(input)).toBeUndefined();
  });

  it.each([[null], [undefined], [1718454896000], [{}], [['2024-06-15']]])(
    'rejects the non-string %j',
    (input) => {
      expect(parseServiceDate(input)).toBeUndefined();
    },
  );

  it('reads the wall clock in the given service offset when one is known', () => {
    expect(parseServiceDate('2024-06-15 12:00:00', 120)).toBe(Date.UTC(2024, 5, 15, 10));
    expect(parseServiceDate('2024-06-15 12:00:00', -300)).toBe(Date.UTC(2024, 5, 15, 17));
  });

  it('does not depend on the machine time zone (UTC-naive by default)', () => {
    const parsed = parseServiceDate('2024-01-01 00:00:00');
    expect(parsed).toBe(Date.parse('2024-01-01T00:00:00Z'));
  });

  it('never throws and returns a finite number or undefined for any input', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.anything()), (input) => {
        const parsed = parseServiceDate(input);
        expect(parsed === undefined || Number.isFinite(parsed)).toBe(true);
      }),
    );
  });

  it('round-trips every valid timestamp', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('1970-01-01'), max: new Date('2999-12-31'), noInvalidDate: true }),
        (date) => {
          const wholeSeconds = Math.floor(date.getTime() / 1000) * 1000;
          const text = new Date(wholeSeconds).toISOString().slice(0, 19).replace('T', ' ');
          expect(parseServiceDate(text)).toBe(wholeSeconds);
        },
      ),
    );
  });
});
