// The byte measure (never below Chrome's count nor below UTF-8 JSON.stringify) and the byte cut.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { capBytes, jsonBytes, stringBytes } from '@/lib/storage/quota-bytes';
import { entryBytes } from '../support/limits';

const utf8Json = (value: unknown) => Buffer.byteLength(JSON.stringify(value), 'utf8');

/** Text with what costs most: escapes, `<`, line separators, multi-byte, emoji, lone surrogates. */
const hardText = fc
  .array(
    fc.oneof(
      fc.string({ unit: 'grapheme', maxLength: 4 }),
      fc.constantFrom(
        '<',
        '"',
        '\\',
        '\n',
        '\u0001',
        '\u2028',
        'é',
        '比',
        '😀',
        '\ud800',
        '\udc00',
      ),
    ),
    { maxLength: 40 },
  )
  .map((parts) => parts.join(''));

describe('stringBytes and jsonBytes', () => {
  it.each([
    ['', 0],
    ['abc', 3],
    ['<', 6],
    ['"\\', 4],
    ['\n\t', 4],
    ['\u0001', 6],
    ['é', 2],
    ['比', 3],
    ['\u2028', 6],
    ['😀', 4],
    ['\ud800', 6],
  ])('%j costs %i bytes', (text, bytes) => {
    expect(stringBytes(text)).toBe(bytes);
  });

  it('counts numbers as Chrome writes them: doubles that print as integers get ".0"', () => {
    expect(jsonBytes(5)).toBe(1);
    expect(jsonBytes(2_147_483_647)).toBe(10);
    expect(jsonBytes(1_718_452_800_000)).toBe('1718452800000.0'.length);
    expect(jsonBytes(1.5)).toBe(3);
    expect(jsonBytes({ a: [1_718_452_800_000, 1] })).toBe('{"a":[1718452800000.0,1]}'.length);
  });

  it('one rule for strings: a string costs its JSON less the quotes', () => {
    fc.assert(
      fc.property(hardText, (text) => {
        expect(stringBytes(text)).toBe(jsonBytes(text) - 2);
      }),
    );
  });

  it('is never below the UTF-8 length of JSON.stringify', () => {
    fc.assert(
      fc.property(fc.jsonValue(), hardText, (value, text) => {
        expect(jsonBytes(value)).toBeGreaterThanOrEqual(utf8Json(value));
        expect(jsonBytes({ text, value })).toBeGreaterThanOrEqual(utf8Json({ text, value }));
      }),
    );
  });

  it('counts a key and its value', () => {
    expect(entryBytes('mentionRead:12', [1, 2])).toBe('mentionRead:12'.length + 5);
  });
});

describe('capBytes', () => {
  it('cuts at a code point boundary, with an ellipsis, within the budget', () => {
    fc.assert(
      fc.property(hardText, fc.nat(60), (text, max) => {
        const cut = capBytes(text, max);
        expect(stringBytes(cut)).toBeLessThanOrEqual(max);
        if (stringBytes(text) <= max) {
          expect(cut).toBe(text);
          return;
        }
        if (max < 3) {
          expect(cut).toBe('');
          return;
        }
        expect(cut.endsWith('…')).toBe(true);
        const kept = cut.slice(0, -1);
        expect(text.startsWith(kept)).toBe(true);
        // No pair split: what follows the kept part does not start with a low surrogate of it.
        const next = text.charCodeAt(kept.length);
        const last = kept.charCodeAt(kept.length - 1);
        expect(last >= 0xd800 && last <= 0xdbff && next >= 0xdc00 && next <= 0xdfff).toBe(false);
        // As much as fits: one more code point would not.
        const more = text.slice(0, kept.length + (next >= 0xd800 && next <= 0xdbff ? 2 : 1));
        expect(stringBytes(more) + 3).toBeGreaterThan(max);
      }),
    );
  });

  it.each([
    ['abcdef', 5, 'ab…'],
    ['<<<<', 8, '…'],
    ['<<<<', 9, '<…'],
    ['😀😀', 6, '…'],
    ['😀😀', 7, '😀…'],
    ['abc', 2, ''],
  ])('%j in %i bytes is %j', (text, max, expected) => {
    expect(capBytes(text, max)).toBe(expected);
  });
});
