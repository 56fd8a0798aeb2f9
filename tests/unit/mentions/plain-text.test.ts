import { describe, expect, it } from 'vitest';
import { capLength, oneLine } from '@/lib/mentions/plain-text';

describe('capLength', () => {
  it.each([
    ['short', 10, 'short'],
    ['exactly10!', 10, 'exactly10!'],
    ['longer than ten', 10, 'longer th…'],
    ['abc', 1, '…'],
    ['abc', 0, ''],
  ])('%j capped to %i is %j', (input, max, expected) => {
    expect(capLength(input, max)).toBe(expected);
  });

  it('never splits a surrogate pair', () => {
    const capped = capLength('abcd😀efgh', 6);
    expect(capped).toBe('abcd…');
    expect(capped.length).toBeLessThanOrEqual(6);
  });
});

describe('oneLine', () => {
  it.each([
    ['a\nb', 'a b'],
    ['  a \t\r\n  b  ', 'a b'],
    ['', ''],
  ])('%j becomes %j', (input, expected) => {
    expect(oneLine(input)).toBe(expected);
  });
});
