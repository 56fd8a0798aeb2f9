import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseRetryAfter } from '@/lib/service/failure';

/** The longest wait a header can ask for: a day. */
const RETRY_AFTER_MAX_MS = 24 * 60 * 60 * 1000;

const NOW = Date.parse('2025-03-01T12:00:00Z');

describe('parseRetryAfter', () => {
  it.each([
    ['0', 0],
    ['1', 1000],
    ['30', 30_000],
    [' 120 ', 120_000],
    ['1.5', 1500],
    ['Sat, 01 Mar 2025 12:00:30 GMT', 30_000],
    ['Sat, 01 Mar 2025 12:05:00 GMT', 300_000],
    // RFC 850 and asctime forms are HTTP-dates too.
    ['Saturday, 01-Mar-25 12:01:00 GMT', 60_000],
    ['Sat Mar  1 12:00:10 2025', 10_000],
    // A date in the past means "now".
    ['Sat, 01 Mar 2025 11:00:00 GMT', 0],
    ['Thu, 01 Jan 1970 00:00:00 GMT', 0],
    // Absurd waits are capped.
    ['99999999', RETRY_AFTER_MAX_MS],
    ['Fri, 01 Mar 2030 12:00:00 GMT', RETRY_AFTER_MAX_MS],
  ])('%j → %d ms', (value, ms) => {
    expect(parseRetryAfter(value, NOW)).toBe(ms);
  });

  it.each([
    [undefined],
    [null],
    [''],
    ['  '],
    ['-5'],
    ['soon'],
    ['1e3'],
    ['0x10'],
    ['May'],
    ['Sat, 01 Mar 2025'],
    ['Sat, 99 Foo 2025 12:00:00 GMT'],
    [42],
    [{}],
    ['9'.repeat(200)],
  ])('%j is not a Retry-After value', (value) => {
    expect(parseRetryAfter(value, NOW)).toBeUndefined();
  });

  it('never throws and never returns a negative or unbounded wait', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string(),
          fc.string({ unit: 'binary' }),
          fc.nat().map(String),
          fc.date({ noInvalidDate: true }).map((d) => d.toUTCString()),
          fc.anything(),
        ),
        fc.oneof(fc.integer(), fc.double(), fc.constant(Number.NaN)),
        (value, now) => {
          const ms = parseRetryAfter(value, now);
          if (ms !== undefined) {
            expect(Number.isInteger(ms)).toBe(true);
            expect(ms).toBeGreaterThanOrEqual(0);
            expect(ms).toBeLessThanOrEqual(RETRY_AFTER_MAX_MS);
          }
        },
      ),
      { numRuns: 1000 },
    );
  });

  it('reads a date it is given back to the second', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 86_000 }), (seconds) => {
        const header = new Date(NOW + seconds * 1000).toUTCString();
        expect(parseRetryAfter(header, NOW)).toBe(seconds * 1000);
      }),
    );
  });
});
