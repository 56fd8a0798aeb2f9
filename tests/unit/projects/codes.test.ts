import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseLanguageList, parseLocationList } from '@/lib/projects/codes';

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
