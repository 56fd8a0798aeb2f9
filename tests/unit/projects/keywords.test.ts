import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { keywordKey, keywordLines, normalizeKeywordList } from '@/lib/projects/keywords';

describe('normalizeKeywordList', () => {
  it.each([
    ['', ''],
    ['\n \n\t\n', ''],
    ['acme', 'acme'],
    ['  acme  ', 'acme'],
    ['acme\nwidget', 'acme\nwidget'],
    ['acme\r\nwidget\r\n', 'acme\nwidget'],
    ['acme\rwidget', 'acme\nwidget'],
    ['\n\nacme\n\n\nwidget\n\n', 'acme\nwidget'],
    ['Acme\nacme\nACME', 'Acme'],
    ['acme\nwidget\nAcme\nWidget\ngadget', 'acme\nwidget\ngadget'],
    ['acme corp\nacme  corp', 'acme corp\nacme  corp'],
    ['acme, widget', 'acme, widget'],
    ['Bücher\nBÜCHER', 'Bücher'],
    ['Straße\nSTRASSE', 'Straße'],
    ['Cafe\u0301\ncafé', 'Cafe\u0301'],
  ])('%j → %j', (input, output) => {
    expect(normalizeKeywordList(input)).toBe(output);
  });

  it('folds case and accent encoding in the duplicate key', () => {
    expect(keywordKey('STRASSE')).toBe(keywordKey('straße'));
    expect(keywordKey('e\u0301')).toBe(keywordKey('\u00e9'));
    expect(keywordKey('acme')).not.toBe(keywordKey('acne'));
  });

  it('splits into lines the same way', () => {
    expect(keywordLines(' a \r\nb\n\nA\n c')).toEqual(['a', 'b', 'c']);
    expect(keywordLines('')).toEqual([]);
  });
});

describe('keyword list properties', () => {
  const linesText = fc
    .array(
      fc.oneof(
        fc.string(),
        fc.string({ unit: 'binary' }),
        fc.constantFrom('', ' ', 'Acme', 'acme', ' ACME '),
      ),
    )
    .chain((lines) =>
      fc.constantFrom('\n', '\r\n', '\r').map((separator) => lines.join(separator)),
    );

  it('is idempotent', () => {
    fc.assert(
      fc.property(linesText, (text) => {
        const once = normalizeKeywordList(text);
        expect(normalizeKeywordList(once)).toBe(once);
      }),
    );
  });

  it('keeps each non-blank line once, trimmed, in first-seen order', () => {
    fc.assert(
      fc.property(linesText, (text) => {
        const lines = keywordLines(text);
        const keys = lines.map(keywordKey);
        expect(new Set(keys).size).toBe(lines.length);
        const inputLines = text
          .split(/\r\n|\r|\n/)
          .map((line) => line.trim())
          .filter((line) => line !== '');
        // Every output line is the first input line with its spelling, and nothing is lost.
        const firsts = inputLines.filter(
          (line, i) => inputLines.findIndex((l) => keywordKey(l) === keywordKey(line)) === i,
        );
        expect(lines).toEqual(firsts);
        expect(normalizeKeywordList(text)).toBe(lines.join('\n'));
      }),
    );
  });
});
