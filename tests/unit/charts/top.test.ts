// The sites and authors that mention most.
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { topAuthors, topSites } from '@/lib/charts/top';
import { registrableDomain } from '@/lib/triage/mute';

// Counted: how often a URL is read for its site.
vi.mock('@/lib/triage/mute', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@/lib/triage/mute')>();
  return { ...actual, registrableDomain: vi.fn(actual.registrableDomain) };
});

/**
 * The ranking both charts share, reached through the authors' chart: a name is an author, and a
 * missing one (null, as a URL without a site) an empty author, which neither counts.
 */
const topNames = (names: Iterable<string | null>, limit?: number) =>
  topAuthors(
    [...names].map((name) => ({ author: name ?? '' })),
    limit,
  );

/** One mention's site as the sites' chart counts it (null: none). */
const siteOf = (mention: { url: string }): string | null => topSites([mention])[0]?.name ?? null;

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

  it('reads each mention object for its site once, and again when its URL changed', () => {
    const read = vi.mocked(registrableDomain);
    const mentions = [{ url: 'https://blog.example.co.uk/a' }, { url: 'https://a.org/' }];
    topSites(mentions);
    read.mockClear();
    // The page's next filter change hands back the same objects: no URL parsed again.
    expect(topSites(mentions)).toEqual([
      { name: 'a.org', count: 1 },
      { name: 'example.co.uk', count: 1 },
    ]);
    expect(read).not.toHaveBeenCalled();
    mentions[1].url = 'https://www.example.co.uk/b';
    expect(siteOf(mentions[1])).toBe('example.co.uk');
    expect(read).toHaveBeenCalledTimes(1);
    // Another object with the same URL is its own.
    expect(siteOf({ url: 'https://a.org/' })).toBe('a.org');
    expect(read).toHaveBeenCalledTimes(2);
  });

  it('property: the remembered site is the one read afresh', () => {
    fc.assert(
      fc.property(
        fc.array(fc.oneof(fc.webUrl(), fc.string()), { maxLength: 20 }),
        fc.array(fc.nat(), { maxLength: 20 }),
        (urls, changes) => {
          const mentions = urls.map((url) => ({ url }));
          topSites(mentions);
          // Some URLs changed in place, as a careless caller might.
          for (const at of changes) {
            if (mentions.length > 0)
              mentions[at % mentions.length].url = urls[(at + 1) % urls.length];
          }
          for (const m of mentions) expect(siteOf(m)).toBe(registrableDomain(m.url));
        },
      ),
    );
  });
});
