// A row's text: the body on one line and bounded, the title, the sentiment.
import { describe, expect, it } from 'vitest';
import { mentionBody, mentionTitle, sentimentOf } from '@/lib/mention-view/mention-text';

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
