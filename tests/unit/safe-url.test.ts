// Only http(s) URLs without credentials ever open; parseUrl and isWebUrl are the rules the site
// line, the site menu and the host permission read URLs by.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isWebUrl, parseUrl, safeHttpUrl } from '@/lib/safe-url';

describe('safeHttpUrl', () => {
  it.each([
    ['https://acme.test/a?b=1#c', 'https://acme.test/a?b=1#c'],
    ['  http://Acme.test  ', 'http://acme.test/'],
    ['javascript:alert(1)', undefined],
    ['data:text/html,hi', undefined],
    ['file:///etc/passwd', undefined],
    ['https://user:pw@acme.test/', undefined],
    ['not a url', undefined],
    ['', undefined],
    [42, undefined],
  ])('%j → %j', (value, url) => {
    expect(safeHttpUrl(value)).toBe(url);
  });

  it('is a web URL as parseUrl reads it, without credentials', () => {
    fc.assert(
      fc.property(fc.oneof(fc.webUrl({ withQueryParameters: true }), fc.string()), (value) => {
        const url = parseUrl(value);
        const safe = url && isWebUrl(url) && url.username === '' && url.password === '';
        expect(safeHttpUrl(value)).toBe(safe ? url.href : undefined);
      }),
    );
  });
});

describe('parseUrl and isWebUrl', () => {
  it('parses text with its surrounding spaces, and nothing else', () => {
    expect(parseUrl(' https://acme.test ')?.hostname).toBe('acme.test');
    expect(parseUrl('   ')).toBeUndefined();
    expect(parseUrl(undefined)).toBeUndefined();
    expect(parseUrl('::')).toBeUndefined();
  });

  it('takes http and https only', () => {
    expect(['http://a.test', 'https://a.test'].map((u) => isWebUrl(new URL(u)))).toEqual([
      true,
      true,
    ]);
    expect(
      ['chrome://settings', 'about:blank', 'ftp://a.test'].map((u) => isWebUrl(new URL(u))),
    ).toEqual([false, false, false]);
  });
});
