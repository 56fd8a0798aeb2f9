// The sites and authors that mention most.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { topAuthors, topNames, topSites } from '@/lib/charts/top';

describe('top names', () => {
  it('ranks sites by registrable domain, most first, ties by name', () => {
    const urls = [
      'https://blog.example.co.uk/a',
      'https://www.example.co.uk/b',
      'https://news.site.com/c',
      'https://a.org/',
      'not a url',
      '',
    ];
    expect(topSites(urls.map((url) => ({ url })))).toEqual([
      { name: 'example.co.uk', count: 2 },
      { name: 'a.org', count: 1 },
      { name: 'site.com', count: 1 },
    ]);
  });

  it('ranks authors as sent, trimmed, without blanks', () => {
    const authors = ['Ann ', 'Ann', 'bob', '  ', '', '<b>x</b>'];
    expect(topAuthors(authors.map((author) => ({ author })))).toEqual([
      { name: 'Ann', count: 2 },
      { name: '<b>x</b>', count: 1 },
      { name: 'bob', count: 1 },
    ]);
  });

  it('keeps at most the limit (ten by default)', () => {
    const names = Array.from({ length: 15 }, (_, i) => `n${String(i).padStart(2, '0')}`);
    expect(topNames(names)).toHaveLength(10);
    expect(topNames(names, 3).map((r) => r.name)).toEqual(['n00', 'n01', 'n02']);
    expect(topNames(names, 0)).toEqual([]);
  });

  it('property: true counts, sorted, and nothing left out counts more than what is shown', () => {
    fc.assert(
      fc.property(
        fc.array(fc.option(fc.constantFrom('a', 'b', 'c', 'd', 'e', 'f', ''), { nil: null })),
        fc.integer({ min: 0, max: 8 }),
        (names: (string | null)[], limit) => {
          const top = topNames(names, limit);
          const occurrences = (name: string) => names.filter((n) => n === name).length;
          const distinct = new Set(names.filter((n): n is string => n !== null && n !== ''));
          expect(top).toHaveLength(Math.min(limit, distinct.size));
          for (const { name, count } of top) expect(count).toBe(occurrences(name));
          for (let i = 1; i < top.length; i++) {
            expect(top[i - 1].count).toBeGreaterThanOrEqual(top[i].count);
          }
          const shown = new Set(top.map((r) => r.name));
          const least = top.length ? top[top.length - 1].count : Infinity;
          for (const name of distinct) {
            if (!shown.has(name) && limit > 0) expect(occurrences(name)).toBeLessThanOrEqual(least);
          }
        },
      ),
    );
  });
});
