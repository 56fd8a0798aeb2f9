// Whether a re-read record shows the same row.
import { describe, expect, it } from 'vitest';
import { type StoredMention } from '@/lib/mentions/store';
import { sameMention } from '@/lib/mention-view/same-mention';
import { stored } from '../support/mention-factory';

describe('sameMention: whether a re-read record shows the same row', () => {
  const base = stored({ id: 1, title: 'Alpha' });
  const cases: [string, StoredMention, boolean][] = [
    ['the same object', base, true],
    ['a copy (the store read again)', { ...base }, true],
    ['read now', { ...base, read: true }, false],
    ['a new title', { ...base, title: 'Beta' }, false],
    ['another author', { ...base, author: 'someone else' }, false],
    ['a field less', (({ snippet: _, ...rest }) => rest as StoredMention)(base), false],
    ['a field more', { ...base, extra: 1 } as StoredMention, false],
    ['a sentiment gone damaged', { ...base, sentiment: Number.NaN }, false],
  ];
  for (const [name, other, same] of cases) {
    it(name, () => {
      expect(sameMention(base, other)).toBe(same);
      expect(sameMention(other, base)).toBe(same);
    });
  }
  it('NaN equals NaN (a damaged number does not render the row on every change)', () => {
    const damaged = { ...base, sentiment: Number.NaN };
    expect(sameMention(damaged, { ...damaged })).toBe(true);
  });
});
