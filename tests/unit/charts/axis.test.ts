// The top of a count axis.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { axisTop, MIN_AXIS_TOP } from '@/lib/charts/axis';

describe('axis top', () => {
  it.each([
    [0, 5],
    [3, 5],
    [5, 5],
    [6, 10],
    [11, 20],
    [20, 20],
    [21, 50],
    [51, 100],
    [999, 1000],
    [1001, 2000],
    [Number.NaN, 5],
  ])('puts the top for %d at %d', (max, top) => {
    expect(axisTop(max)).toBe(top);
  });

  it('property: at or above the highest bar, below two and a half times it, a round number', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), (max) => {
        const top = axisTop(max);
        expect(top).toBeGreaterThanOrEqual(Math.max(max, MIN_AXIS_TOP));
        if (max > MIN_AXIS_TOP) expect(top).toBeLessThanOrEqual(2.5 * max);
        const lead = top / 10 ** Math.floor(Math.log10(top));
        expect([1, 2, 5]).toContain(Math.round(lead * 1e9) / 1e9);
      }),
    );
  });
});
