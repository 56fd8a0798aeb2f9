import { describe, expect, it } from 'vitest';
import { stringBytes } from '@/lib/storage/quota-bytes';
import { FIELD_BYTES, sameContent, toStoredContent } from '@/lib/mentions/mention-record';
import { URL_BYTES } from '../support/limits';
import { mention } from '../support/mention-factory';

describe('toStoredContent', () => {
  it('drops the per-project product description and keeps every other field', () => {
    const source = mention({ id: 7, title: 'Hello', product_description: 'x'.repeat(5000) });
    const content = toStoredContent(source);
    expect(content).not.toHaveProperty('product_description');
    const kept = Object.keys(source).filter((key) => key !== 'product_description');
    expect(Object.keys(content).sort()).toEqual(kept.sort());
    for (const key of kept) expect(content).toHaveProperty(key, source[key as keyof typeof source]);
  });

  it('caps every remote string in stored bytes, and keeps a URL whole or not at all', () => {
    const long = '<é😀"\u0001'.repeat(2_000);
    const url = `https://example.com/${'p'.repeat(2_000)}`;
    const content = toStoredContent(
      mention({
        id: 1,
        title: long,
        snippet: long,
        text_summary: long,
        author: long,
        keywords: long,
        excluded_keywords: long,
        type: long,
        reddit_type: long,
        source: long,
        created: long,
        date_added: long,
        url,
      }),
    );
    for (const [field, max] of Object.entries(FIELD_BYTES)) {
      const value = content[field as keyof typeof FIELD_BYTES] as string;
      expect(stringBytes(value), field).toBeLessThanOrEqual(max);
      expect(stringBytes(value), field).toBeGreaterThan(max - 10);
      expect(value.endsWith('…'), field).toBe(true);
    }
    expect(content.url).toBe(url);
    const tooLong = `${url}${'q'.repeat(URL_BYTES)}`;
    expect(toStoredContent(mention({ id: 1, url: tooLong })).url).toBe('');
  });

  it('stores a readable service date as it is, trimmed', () => {
    const content = toStoredContent(
      mention({
        id: 1,
        date_added: ' 2024-06-15 12:00:00.123456789+05:30 ',
        created: '2024-06-15',
      }),
    );
    expect(content.date_added).toBe('2024-06-15 12:00:00.123456789+05:30');
    expect(content.created).toBe('2024-06-15');
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
