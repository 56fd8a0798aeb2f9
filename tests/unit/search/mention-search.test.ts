// The page's search: a mention answers a query exactly when matchesQuery says its texts do, title
// hits rank first, and the index folds a mention's texts once, keeping what did not change.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildSearchIndex, scoreMention, searchScore } from '@/lib/search/mention-search';
import { fold, matchesQuery, parseQuery } from '@/lib/search/query';
import type { StoredMention } from '@/lib/mentions/store';
import { stored } from '../support/mention-factory';
import { searchedTexts as searchTexts } from '../support/searched-texts';

const bike = stored({
  id: 1,
  title: 'Acme’s new bike is here',
  snippet: 'Riders in Zürich tried it',
  text_summary: null,
  author: 'Zoë Café',
  keywords: 'acme, bike',
  url: 'https://www.bikes.example.co.uk/review?id=1',
});
const other = stored({
  id: 2,
  title: 'Weekly roundup',
  snippet: 'Also: the acme bike recall',
  author: 'newsdesk',
  keywords: 'acme',
  url: 'https://news.example.org/roundup',
});
const index = buildSearchIndex([bike, other]);
const score = (m: StoredMention, input: string) => searchScore(index, m, parseQuery(input));

describe('searchTexts', () => {
  it('are the title, keywords, author, site (host), summary and snippet', () => {
    const texts = [
      'Acme’s new bike is here',
      'acme, bike',
      'Zoë Café',
      'www.bikes.example.co.uk',
      '',
      'Riders in Zürich tried it',
    ];
    expect(searchTexts(bike)).toEqual(texts);
    // The search reads each of them: each whole text, as a phrase, finds the mention...
    for (const text of texts.filter((t) => t !== '')) {
      expect(scoreMention(bike, parseQuery(`"${text}"`)), text).toBeGreaterThan(0);
    }
    // ...and nothing else of it: not the URL's path.
    expect(scoreMention(bike, parseQuery('review'))).toBe(0);
    // No site when the URL is none a person would call a site.
    const noSite = stored({ id: 3, url: 'not a url' });
    expect(searchTexts(noSite)[3]).toBe('');
    expect(scoreMention(noSite, parseQuery('"not a url"'))).toBe(0);
  });
});

describe('searchScore', () => {
  it.each([
    ['acme', true],
    ['ACM', true], // substrings, as people type
    ['zoe cafe', true], // accents folded, in the author
    ['zurich', true],
    ['example.co.uk', true], // the site
    ['"new bike"', true],
    ['"bike new"', false],
    ['acme -zoë', false],
    ['acme -recall', true],
    ['-"new bike"', false],
    ['nothing', false],
  ])('for %j on the bike mention: matches %s', (input, matches) => {
    expect(score(bike, input)! > 0).toBe(matches);
  });

  it('is positive for every mention when the query is empty or only half typed', () => {
    for (const input of ['', '  ', '"', '-']) {
      expect(score(bike, input)).toBeGreaterThan(0);
      expect(score(other, input)).toBeGreaterThan(0);
    }
  });

  it('ranks a title hit above a body hit, a word start above a mid-word hit', () => {
    expect(score(bike, 'bike')!).toBeGreaterThan(score(other, 'bike')!);
    const start = stored({ id: 4, title: 'Bikes for all', snippet: '' });
    const middle = stored({ id: 5, title: 'Ebikes for all', snippet: '' });
    const both = buildSearchIndex([start, middle]);
    const query = parseQuery('bike');
    expect(searchScore(both, start, query)!).toBeGreaterThan(searchScore(both, middle, query)!);
  });

  it.each([
    ['—bikes', true], // after punctuation
    ['the bikes', true],
    ['2 bikes', true],
    ['søbikes', false], // after a letter beyond ASCII
    ['3bikes', false], // after a digit
    ['ωbikes', false],
  ])('reads %j as starting a word: %s', (title, starts) => {
    const plain = stored({ id: 7, title: 'bikes', snippet: '', keywords: '', author: '' });
    const tried = { ...plain, title };
    const query = parseQuery('bike');
    expect(scoreMention(tried, query) === scoreMention(plain, query)).toBe(starts);
  });

  it('is null for a mention the index lacks or knows with other texts', () => {
    const query = parseQuery('acme');
    expect(searchScore(index, stored({ id: 99 }), query)).toBeNull();
    expect(searchScore(index, { ...bike, title: 'Retitled' }, query)).toBeNull();
    // Only the texts matter: a mention read since keeps its entry.
    const readSince: StoredMention = { ...bike, read: true };
    expect(searchScore(index, readSince, query)).toBe(score(bike, 'acme'));
  });

  it('remembers the entry each mention object has, and only for objects with its texts', () => {
    const fresh = buildSearchIndex([bike]);
    const query = parseQuery('bike');
    const retitled = { ...bike, title: 'Retitled' };
    expect(fresh.checked.has(bike)).toBe(false);
    const first = searchScore(fresh, bike, query);
    // The next keystroke reaches it by the object: no key string made, no texts compared.
    expect(fresh.checked.get(bike)).toBe(fresh.entries.get('1:1'));
    expect(searchScore(fresh, bike, query)).toBe(first);
    expect(searchScore(fresh, retitled, query)).toBeNull();
    expect(fresh.checked.has(retitled)).toBe(false);
  });
});

describe('buildSearchIndex', () => {
  it('keeps the entries of mentions whose texts did not change, refolds the others', () => {
    const next = buildSearchIndex(
      [{ ...bike, read: true }, { ...other, title: 'Monthly roundup' }, stored({ id: 6 })],
      index,
    );
    expect(next.entries.get('1:1')).toBe(index.entries.get('1:1'));
    expect(next.entries.get('1:2')).not.toBe(index.entries.get('1:2'));
    expect(next.entries.get('1:2')!.texts[0]).toBe('monthly roundup');
    expect([...next.entries.keys()]).toEqual(['1:1', '1:2', '1:6']);
  });

  it('holds one entry per key (the first), across projects', () => {
    const again = buildSearchIndex([
      bike,
      { ...bike, title: 'Later copy' },
      { ...bike, project_id: 2 },
    ]);
    expect([...again.entries.keys()]).toEqual(['1:1', '2:1']);
    expect(again.entries.get('1:1')!.texts[0]).toBe(fold(bike.title));
  });
});

// Words that fold in every way the rules must handle: accents, case, a final sigma (whose lower
// case depends on what follows it), a ligature, a dotted capital I, an emoji, a tab.
const WORDS = [
  'acme',
  'ACME',
  'Acmé',
  'bike',
  'Bikes',
  'new',
  'Zoë',
  'café',
  'CAFE',
  'ΟΔΟΣ',
  'οδος',
  'ﬁne',
  'İstanbul',
  'istanbul',
  '🚲',
  'e\u0301',
  'a\tb',
  '-',
  '"',
];
/** The words a -"word" can exclude (a quote cannot be quoted; a lone minus is no exclusion). */
const EXCLUDABLE = WORDS.filter((word) => !['-', '"'].includes(word));
const text = fc.oneof(
  fc.array(fc.constantFrom(...WORDS), { maxLength: 5 }).map((words) => words.join(' ')),
  fc.string({ unit: 'binary', maxLength: 12 }),
);
const mentionArbitrary = fc
  .record({
    id: fc.integer({ min: 1, max: 5 }),
    title: text,
    snippet: text,
    text_summary: fc.option(text),
    author: text,
    keywords: text,
    url: fc.constantFrom('https://acme.example.com/a', 'https://café.example/', 'mailto:x', ''),
  })
  .map((fields) => stored(fields));
const queryArbitrary = fc.oneof(
  fc
    .array(fc.tuple(fc.constantFrom('', '-', '"', '-"'), fc.constantFrom(...WORDS)), {
      maxLength: 4,
    })
    .map((parts) => parts.map(([prefix, word]) => prefix + word).join(' ')),
  fc.string({ unit: 'binary', maxLength: 8 }),
);

describe('search, for any mention and query', () => {
  it('matches exactly when matchesQuery does on its texts, indexed or not, with the same score', () => {
    fc.assert(
      fc.property(mentionArbitrary, queryArbitrary, (mention, input) => {
        const query = parseQuery(input);
        const indexed = searchScore(buildSearchIndex([mention]), mention, query);
        expect(indexed).toBe(scoreMention(mention, query));
        expect(indexed! > 0).toBe(matchesQuery(searchTexts(mention), query));
        expect(indexed).toBeGreaterThanOrEqual(0);
      }),
      { numRuns: 500 },
    );
  });

  it('never matches a mention where an exclusion appears', () => {
    fc.assert(
      fc.property(
        mentionArbitrary,
        queryArbitrary,
        fc.constantFrom(...EXCLUDABLE),
        (mention, input, word) => {
          const query = parseQuery(`${input} -"${word}"`);
          const found = searchTexts(mention).some((t) => fold(t).includes(fold(word)));
          expect(scoreMention(mention, query) === 0 || !found).toBe(true);
          if (found) expect(searchScore(buildSearchIndex([mention]), mention, query)).toBe(0);
        },
      ),
    );
  });

  it('gives a rebuilt index the same scores as a fresh one', () => {
    fc.assert(
      fc.property(
        fc.array(mentionArbitrary, { maxLength: 6 }),
        fc.array(mentionArbitrary, { maxLength: 6 }),
        queryArbitrary,
        (before, after, input) => {
          const query = parseQuery(input);
          const rebuilt = buildSearchIndex(after, buildSearchIndex(before));
          const fresh = buildSearchIndex(after);
          for (const mention of after) {
            expect(searchScore(rebuilt, mention, query)).toBe(searchScore(fresh, mention, query));
          }
        },
      ),
    );
  });
});
