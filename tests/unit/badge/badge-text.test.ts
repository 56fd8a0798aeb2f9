import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { badgeText } from '@/lib/badge/badge-text';

describe('badgeText', () => {
  it.each([
    [0, ''],
    [1, '1'],
    [42, '42'],
    [999, '999'],
    [1000, '999+'],
    [123_456_789, '999+'],
    [-1, ''],
    [0.5, ''],
    [2.9, '2'],
    [NaN, ''],
    [Infinity, '999+'],
    [-Infinity, ''],
  ])('%d shows %j', (unread, text) => {
    expect(badgeText(unread)).toBe(text);
  });

  it('is never longer than four characters', () => {
    fc.assert(
      fc.property(fc.oneof(fc.integer(), fc.double()), (unread) => {
        expect(badgeText(unread).length).toBeLessThanOrEqual(4);
      }),
    );
  });
});
