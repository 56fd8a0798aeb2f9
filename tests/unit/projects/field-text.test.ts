// The texts typed into a project's fields: code lists, domains and keyword lists, normalised or
// refused in words.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  parseLanguageList,
  parseLocationList,
  isPlausibleHost,
  normalizeDomain,
  normalizeKeywordList,
} from '@/lib/projects/field-text';
import { hostArb, sameKeyword } from '../support/project-arbitraries';

/** The lines normalizeKeywordList keeps, one keyword each. */
const keywordLines = (text: string) => {
  const list = normalizeKeywordList(text);
  return list === '' ? [] : list.split('\n');
};

describe('parseLanguageList', () => {
  it.each([
    ['all', 'all'],
    [' ALL ', 'all'],
    ['all, All', 'all'],
    ['en', 'en'],
    ['EN', 'en'],
    ['en,de', 'en,de'],
    [' en , de ', 'en,de'],
    ['en,,de,', 'en,de'],
    ['pt-br', 'pt-BR'],
    ['PT-BR,pt-BR', 'pt-BR'],
    ['zh-hant', 'zh-Hant'],
    ['fil', 'fil'],
    ['zh-YUE', 'zh-yue'],
    ['en,EN,de', 'en,de'],
  ])('%j → %j', (input, value) => {
    expect(parseLanguageList(input)).toEqual({ ok: true, value });
  });

  it.each([
    ['', /enter language codes/],
    [' , ', /enter language codes/],
    ['all,en', /"all" cannot be combined/],
    ['en,ALL', /"all" cannot be combined/],
    ['e', /"e" is not a code/],
    ['english', /"english" is not a code/],
    ['en_US', /"en_US" is not a code/],
    ['en-', /"en-" is not a code/],
    ['en-B', /"en-B" is not a code/],
    ['en-Latin1', /"en-Latin1" is not a code/],
    ['e1', /"e1" is not a code/],
    ['en de', /"en de" is not a code/],
    ['en;de', /"en;de" is not a code/],
  ])('rejects %j', (input, problem) => {
    const result = parseLanguageList(input);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.problem).toMatch(problem);
  });

  it('quotes at most 20 characters of a bad code', () => {
    const result = parseLanguageList('x'.repeat(500));
    expect(result).toEqual({ ok: false, problem: expect.stringContaining(`"${'x'.repeat(20)}…"`) });
  });
});

describe('parseLocationList', () => {
  it.each([
    ['all', 'all'],
    ['All', 'all'],
    ['us', 'us'],
    ['US,de', 'US,de'],
    ['us, US, De,de', 'us,De'],
    ['2840,us', '2840,us'],
    ['abcdefghij', 'abcdefghij'],
  ])('%j → %j', (input, value) => {
    expect(parseLocationList(input)).toEqual({ ok: true, value });
  });

  it.each([
    ['', /enter location codes/],
    ['all,us', /"all" cannot be combined/],
    ['u', /"u" is not a code/],
    ['abcdefghijk', /"abcdefghijk" is not a code/],
    ['u-s', /"u-s" is not a code/],
    ['new york', /"new york" is not a code/],
  ])('rejects %j', (input, problem) => {
    const result = parseLocationList(input);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.problem).toMatch(problem);
  });
});

describe('code list properties', () => {
  // Text made of the characters that matter to the rules, so both outcomes are common.
  const codeText = fc.string({ unit: fc.constantFrom(...'aBz1-_, '), maxLength: 24 });
  const items = (text: string) =>
    text
      .split(',')
      .map((item) => item.trim())
      .filter((item) => item !== '');
  const oracle = (text: string, pattern: RegExp) => {
    const list = items(text);
    if (list.length === 0) return false;
    const isAll = (item: string) => item.toLowerCase() === 'all';
    if (list.some(isAll)) return list.every(isAll);
    return list.every((item) => pattern.test(item));
  };

  it('languages: accepted exactly when every item is a plausible code, or the list is all', () => {
    fc.assert(
      fc.property(fc.oneof(codeText, fc.constant('all'), fc.string()), (text) => {
        const result = parseLanguageList(text);
        expect(result.ok).toBe(oracle(text, /^[a-z]{2,3}(-[a-z]{2,4})?$/i));
        if (result.ok) expect(parseLanguageList(result.value)).toEqual(result);
      }),
    );
  });

  it('locations: accepted exactly when every item is 2 to 10 letters or digits, or all', () => {
    fc.assert(
      fc.property(fc.oneof(codeText, fc.string()), (text) => {
        const result = parseLocationList(text);
        expect(result.ok).toBe(oracle(text, /^[a-z\d]{2,10}$/i));
        if (result.ok) expect(parseLocationList(result.value)).toEqual(result);
      }),
    );
  });
});

describe('normalizeDomain accepts and reduces', () => {
  it.each([
    ['acme.com', 'acme.com'],
    ['  Acme.COM  ', 'acme.com'],
    ['acme.test', 'acme.test'],
    ['shop.acme.co.uk', 'shop.acme.co.uk'],
    // A pasted address is reduced to its host, and its www. dropped.
    ['https://www.Acme.com/path?x', 'acme.com'],
    ['http://www.acme.com', 'acme.com'],
    ['HTTPS://WWW.ACME.COM/', 'acme.com'],
    ['https://blog.acme.com/a#b', 'blog.acme.com'],
    ['https://user:secret@acme.com:8443/x', 'acme.com'],
    // ...but a www. the person typed is kept.
    ['www.acme.com', 'www.acme.com'],
    ['WWW.Acme.com/pricing', 'www.acme.com'],
    // Dropping www. must leave a domain: www.com stays as it is.
    ['https://www.com', 'www.com'],
    ['https://www.www.acme.com', 'www.acme.com'],
    // Bare hosts lose ports, credentials, paths and a trailing dot too.
    ['acme.com:8080', 'acme.com'],
    ['acme.com.', 'acme.com'],
    ['https://acme.com./', 'acme.com'],
    ['me@acme.com', 'acme.com'],
    ['acme.com/a/b?c=d#e', 'acme.com'],
    // International names become punycode.
    ['bücher.example', 'xn--bcher-kva.example'],
    ['https://www.Bücher.example/x', 'xn--bcher-kva.example'],
    ['ÄÖ.de', 'xn--4ca0b.de'],
    ['xn--bcher-kva.example', 'xn--bcher-kva.example'],
    ['a-b.c-d.io', 'a-b.c-d.io'],
    [`${'a'.repeat(63)}.com`, `${'a'.repeat(63)}.com`],
  ])('%j → %s', (input, host) => {
    expect(normalizeDomain(input)).toEqual({ ok: true, host });
  });
});

describe('normalizeDomain rejects', () => {
  it.each([
    ['', 'empty'],
    ['   ', 'blank'],
    ['acme', 'no dot'],
    ['localhost', 'localhost'],
    ['http://localhost:3000', 'localhost by address'],
    ['acme dot com', 'spaces'],
    ['acme .com', 'space inside'],
    ['1.2.3.4', 'IPv4 address'],
    ['0x7f.1', 'IPv4 in hex'],
    ['[::1]', 'IPv6 address'],
    ['acme.c0m1', 'digits in the top label'],
    ['acme.c', 'one-letter top label'],
    ['-acme.com', 'label starting with a hyphen'],
    ['acme-.com', 'label ending with a hyphen'],
    ['a..com', 'empty label'],
    ['acme.com..', 'two trailing dots'],
    ['.acme.com', 'leading dot'],
    ['acme_corp.com', 'underscore'],
    [`${'a'.repeat(64)}.com`, 'label over 63 characters'],
    [`${Array(64).fill('abc').join('.')}.com`, 'over 255 characters'],
    ['ftp://acme.com', 'non-web scheme'],
    ['javascript:alert(1)', 'script'],
    ['acme.com:port', 'bad port'],
    ['http://', 'scheme only'],
    ['xn--zz.com', 'broken punycode'],
  ])('%j (%s)', (input) => {
    const result = normalizeDomain(input);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.message).toMatch(/domain|web address/i);
  });
});

describe('normalizeDomain properties', () => {
  const domainish = fc.oneof(
    fc.string(),
    fc.string({ unit: 'binary' }),
    fc.stringMatching(/^(https?:\/\/)?(www\.)?[a-zA-Z0-9.:@/-]{0,30}$/),
    hostArb.map((host) => `https://www.${host}/x`),
  );

  it('is idempotent and only ever returns a plausible host', () => {
    fc.assert(
      fc.property(domainish, (input) => {
        const first = normalizeDomain(input);
        if (!first.ok) return;
        expect(isPlausibleHost(first.host)).toBe(true);
        expect(normalizeDomain(first.host)).toEqual(first);
      }),
    );
  });

  it('returns a normalized host unchanged, and the host of a pasted address without www.', () => {
    fc.assert(
      fc.property(hostArb, fc.constantFrom('http', 'https', 'HTTPS'), (host, scheme) => {
        expect(normalizeDomain(host)).toEqual({ ok: true, host });
        expect(normalizeDomain(` ${host.toUpperCase()}/path `)).toEqual({ ok: true, host });
        const pastedHost = host.startsWith('www.') ? host.slice(4) : host;
        expect(normalizeDomain(`${scheme}://www.${pastedHost}:81/a?b#c`)).toEqual({
          ok: true,
          host: pastedHost,
        });
      }),
    );
  });
});

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
    expect(sameKeyword('STRASSE', 'straße')).toBe(true);
    expect(sameKeyword('e\u0301', '\u00e9')).toBe(true);
    expect(sameKeyword('acme', 'acne')).toBe(false);
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
        lines.forEach((line, i) =>
          expect(lines.slice(i + 1).some((other) => sameKeyword(line, other))).toBe(false),
        );
        const inputLines = text
          .split(/\r\n|\r|\n/)
          .map((line) => line.trim())
          .filter((line) => line !== '');
        // Every output line is the first input line with its spelling, and nothing is lost.
        const firsts = inputLines.filter(
          (line, i) => inputLines.findIndex((l) => sameKeyword(l, line)) === i,
        );
        expect(lines).toEqual(firsts);
        expect(normalizeKeywordList(text)).toBe(lines.join('\n'));
      }),
    );
  });
});
