// A row's text (the body on one line and bounded, the title, the sentiment), and whether a
// re-read record shows the same row.
import { describe, expect, it } from 'vitest';
import {
  mentionBody,
  mentionTitle,
  sentimentOf,
  sameMention,
} from '@/lib/mention-view/mention-text';
import { type StoredMention } from '@/lib/mentions/store';
import { stored } from '../support/mention-factory';

describe('row text', () => {
  it('the snippet, or the summary when the snippet is empty, on one line and bounded', () => {
    expect(mentionBody({ snippet: '  a\n\nsnippet ', text_summary: 'summary' })).toBe('a snippet');
    expect(mentionBody({ snippet: '', text_summary: 'the\nsummary' })).toBe('the summary');
    expect(mentionBody({ snippet: '', text_summary: null })).toBe('');
    const long = mentionBody({ snippet: '', text_summary: 'x'.repeat(2_000) });
    expect(long).toHaveLength(280);
    expect(long.endsWith('…')).toBe(true);
  });

  it('a title, or the address when the title is empty', () => {
    expect(mentionTitle({ title: 'Hello\nworld', url: 'https://a.test/' })).toBe('Hello world');
    expect(mentionTitle({ title: '  ', url: 'https://a.test/x' })).toBe('https://a.test/x');
    expect(mentionTitle({ title: 'y'.repeat(500), url: '' })).toHaveLength(300);
  });

  it('sentiment: the sign of an opaque integer', () => {
    expect(sentimentOf(3)).toBe('positive');
    expect(sentimentOf(0)).toBe('neutral');
    expect(sentimentOf(-1)).toBe('negative');
    expect(sentimentOf(Number.NaN)).toBe('neutral');
  });
});

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
