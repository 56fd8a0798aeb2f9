import { describe, expect, it } from 'vitest';
import { sameContent, toStoredContent } from '@/lib/mentions/stored-mention';
import { mention } from './mention-factory';

describe('toStoredContent', () => {
  it('drops the per-project product description and keeps every other field', () => {
    const source = mention({ id: 7, title: 'Hello', product_description: 'x'.repeat(5000) });
    const content = toStoredContent(source);
    expect(content).not.toHaveProperty('product_description');
    const kept = Object.keys(source).filter((key) => key !== 'product_description');
    expect(Object.keys(content).sort()).toEqual(kept.sort());
    for (const key of kept) expect(content).toHaveProperty(key, source[key as keyof typeof source]);
  });

  it('caps long display strings but never the URL', () => {
    const url = `https://example.com/${'p'.repeat(5000)}`;
    const content = toStoredContent(
      mention({
        id: 1,
        title: 't'.repeat(1000),
        snippet: 's'.repeat(5000),
        text_summary: 'u'.repeat(9000),
        url,
      }),
    );
    expect(content.title.length).toBe(300);
    expect(content.title.endsWith('…')).toBe(true);
    expect(content.snippet.length).toBe(1000);
    expect(content.text_summary?.length).toBe(2000);
    expect(content.url).toBe(url);
  });

  it('keeps a null summary null', () => {
    expect(toStoredContent(mention({ id: 1, text_summary: null })).text_summary).toBeNull();
  });
});

describe('sameContent', () => {
  const base = toStoredContent(mention({ id: 1 }));

  it('is true for the same content', () => {
    expect(sameContent(base, toStoredContent(mention({ id: 1 })))).toBe(true);
  });

  it.each([
    ['title', { title: 'changed' }],
    ['sentiment', { sentiment: 1 }],
    ['status', { status: 2 }],
    ['favorites', { favorites: 1 }],
    ['text_summary', { text_summary: 'now summarised' }],
    ['date_added', { date_added: '2020-01-01 00:00:00' }],
  ])('notices a change of %s', (_field, change) => {
    expect(sameContent(base, toStoredContent(mention({ id: 1, ...change })))).toBe(false);
  });

  it('treats NaN as equal to NaN, so a damaged number is not a change every poll', () => {
    const a = toStoredContent(mention({ id: 1, relevance_score: NaN }));
    const b = toStoredContent(mention({ id: 1, relevance_score: NaN }));
    expect(sameContent(a, b)).toBe(true);
  });
});
