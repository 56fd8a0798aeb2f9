import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { backoffCeiling, backoffDelay, unit } from '@/lib/sync/schedule';
import { BACKOFF_CAP_MS, BACKOFF_FLOOR_MS } from '../support/limits';

const MIN = 60_000;

describe('backoffCeiling', () => {
  it.each([
    [1, 1 * MIN],
    [2, 2 * MIN],
    [3, 4 * MIN],
    [6, 32 * MIN],
    [7, 60 * MIN],
    [50, 60 * MIN],
    [5000, 60 * MIN],
    [0, 1 * MIN],
    [2.7, 2 * MIN],
  ])('after %d failures is %d ms', (failures, expected) => {
    expect(backoffCeiling(failures)).toBe(expected);
  });
});

describe('backoffDelay', () => {
  it.each([
    [1, 0, BACKOFF_FLOOR_MS],
    [1, 0.5, 45_000],
    [1, 1, MIN],
    [3, 1, 4 * MIN],
    [20, 0.75, 30_000 + 0.75 * (BACKOFF_CAP_MS - 30_000)],
  ])('after %d failures with random %d is %d ms', (failures, r, expected) => {
    expect(backoffDelay(failures, () => r)).toBe(expected);
  });

  it('stays within [floor, ceiling] for any failure count and any random source', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10_000 }),
        fc.oneof(fc.double(), fc.constantFrom(NaN, Infinity, -Infinity, -1, 2)),
        (failures, r) => {
          const delay = backoffDelay(failures, () => r);
          expect(delay).toBeGreaterThanOrEqual(BACKOFF_FLOOR_MS);
          expect(delay).toBeLessThanOrEqual(backoffCeiling(failures));
          expect(Number.isInteger(delay)).toBe(true);
        },
      ),
    );
  });
});

describe('unit', () => {
  it.each([
    [0.25, 0.25],
    [-3, 0],
    [7, 1],
    [NaN, 0.5],
    [Infinity, 0.5],
  ])('%d becomes %d', (input, expected) => {
    expect(unit(input)).toBe(expected);
  });
});
