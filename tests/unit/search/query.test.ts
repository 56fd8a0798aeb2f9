// Search as people type it: words all present, "phrases" as written, -exclusions absent, case and
// accents ignored; and highlights that are exactly the places that matched, in the original text.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fold, highlightRanges, isEmptyQuery, matchesQuery, parseQuery } from '@/lib/search/query';

describe('parseQuery', () => {
  it('reads words, quoted phrases and exclusions', () => {
    expect(parseQuery('acme  "new bike" -recall -"press release" Café')).toEqual({
      terms: ['acme', 'cafe'],
      phrases: ['new bike'],
      excluded: ['recall', 'press release'],
    });
  });

  it('takes what is half typed: an open quote, a lone minus, empty quotes', () => {
    expect(parseQuery('"new bi')).toEqual({ terms: [], phrases: ['new bi'], excluded: [] });
    expect(parseQuery('acme -')).toEqual({ terms: ['acme'], phrases: [], excluded: [] });
    expect(isEmptyQuery(parseQuery(' "" - '))).toBe(true);
    // A quoted single word is a word.
    expect(parseQuery('"acme"').terms).toEqual(['acme']);
  });

  it('never throws, and keeps no empty part', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (input) => {
        const query = parseQuery(input);
        for (const part of [...query.terms, ...query.phrases, ...query.excluded]) {
          expect(part.trim()).not.toBe('');
        }
      }),
    );
  });
});

describe('matchesQuery', () => {
  const texts = ['Acme’s new bike is here', 'by Zoë Café'];

  it('needs every word and phrase somewhere, and no exclusion anywhere', () => {
    expect(matchesQuery(texts, parseQuery('acme zoe'))).toBe(true);
    expect(matchesQuery(texts, parseQuery('"new bike" cafe'))).toBe(true);
    expect(matchesQuery(texts, parseQuery('"bike new"'))).toBe(false);
    expect(matchesQuery(texts, parseQuery('acme -zoë'))).toBe(false);
    expect(matchesQuery(texts, parseQuery('acme -recall'))).toBe(true);
    expect(matchesQuery(texts, parseQuery(''))).toBe(true);
  });

  it('agrees with reading each part alone', () => {
    const word = fc.constantFrom('acme', 'bike', 'new', 'zoe', 'cafe', 'recall', 'é', 'ACME');
    fc.assert(
      fc.property(
        fc.array(word, { maxLength: 4 }),
        fc.array(word, { maxLength: 2 }),
        (must, not) => {
          const query = parseQuery([...must, ...not.map((w) => `-${w}`)].join(' '));
          const all = fold(texts.join('\n'));
          const expected =
            must.every((w) => all.includes(fold(w))) && !not.some((w) => all.includes(fold(w)));
          expect(matchesQuery(texts, query)).toBe(expected);
        },
      ),
    );
  });
});

describe('highlightRanges', () => {
  it('marks each place a word or phrase appears, in the original text', () => {
    const text = 'Café ACME: acme café';
    const ranges = highlightRanges(text, parseQuery('cafe acme'));
    expect(ranges.map(([start, end]) => text.slice(start, end))).toEqual([
      'Café',
      'ACME',
      'acme',
      'café',
    ]);
  });

  it('merges touching and overlapping matches', () => {
    expect(highlightRanges('acmeacme', parseQuery('acme cmea'))).toEqual([[0, 8]]);
  });

  it('gives sorted, separate ranges inside the text, each holding a match', () => {
    const text = fc.string({ unit: fc.constantFrom('a', 'c', 'm', 'e', 'É', ' ', '😀', 'ß') });
    fc.assert(
      fc.property(text, fc.constantFrom('a', 'cm', 'e', 'é', 'ac me'), (value, typed) => {
        const query = parseQuery(typed.includes(' ') ? `"${typed}"` : typed);
        const ranges = highlightRanges(value, query);
        let previous = -1;
        for (const [start, end] of ranges) {
          expect(start).toBeGreaterThan(previous);
          expect(end).toBeGreaterThan(start);
          expect(end).toBeLessThanOrEqual(value.length);
          expect(fold(value.slice(start, end))).toContain(fold(typed));
          previous = end;
        }
        expect(ranges.length > 0).toBe(fold(value).includes(fold(typed)));
      }),
    );
  });
});
