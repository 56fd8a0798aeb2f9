import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bareHost, hostIsOnSite, siteOfUrl, urlIsOnSite, websiteHostOf } from '@/lib/site/site';

describe('siteOfUrl', () => {
  it.each([
    ['https://www.Acme.com/shop?x=1#top', 'www.acme.com'],
    ['http://acme.test:8080/', 'acme.test'],
    ['https://shop.acme.co.uk./', 'shop.acme.co.uk'],
    ['https://bücher.example/', 'xn--bcher-kva.example'],
    ['https://user:pw@blog.acme.com/', 'blog.acme.com'],
  ])('%s is the site %s', (url, host) => {
    expect(siteOfUrl(url)).toEqual({ ok: true, host });
  });

  it.each([
    [undefined, 'no-url'],
    ['', 'no-url'],
    ['not a url', 'no-url'],
    ['chrome://extensions/', 'browser-page'],
    ['about:blank', 'browser-page'],
    ['edge://settings', 'browser-page'],
    ['view-source:https://acme.com/', 'browser-page'],
    ['data:text/html,hi', 'browser-page'],
    ['chrome-extension://abcdef/popup.html', 'extension-page'],
    ['moz-extension://1234/options.html', 'extension-page'],
    ['file:///home/me/page.html', 'file'],
    ['http://localhost:3000/', 'not-a-website'],
    ['http://127.0.0.1/', 'not-a-website'],
    ['http://[::1]/', 'not-a-website'],
  ])('%s cannot be monitored (%s)', (url, reason) => {
    expect(siteOfUrl(url)).toEqual({ ok: false, reason });
  });

  it('gives a plausible, lower-case host without a trailing dot for any http(s) URL it accepts', () => {
    fc.assert(
      fc.property(fc.webUrl({ withQueryParameters: true, withFragments: true }), (url) => {
        const site = siteOfUrl(url);
        if (!site.ok) return;
        expect(site.host).toBe(site.host.toLowerCase());
        expect(site.host.endsWith('.')).toBe(false);
        expect(site.host).not.toMatch(/[:/@]/);
        expect(siteOfUrl(`https://${site.host}/`)).toEqual(site);
      }),
    );
  });
});

describe('matching a site', () => {
  it.each([
    ['acme.com', 'acme.com', true],
    ['www.acme.com', 'acme.com', true],
    ['acme.com', 'www.acme.com', true],
    ['shop.acme.com', 'acme.com', true],
    ['acme.com', 'shop.acme.com', false],
    ['notacme.com', 'acme.com', false],
    ['acme.com.evil.test', 'acme.com', false],
    ['acme.com', '', false],
  ])('%s on the site %s: %s', (host, domain, expected) => {
    expect(hostIsOnSite(host, domain)).toBe(expected);
  });

  it('finds mention URLs on the site, and nothing for junk', () => {
    expect(urlIsOnSite('https://blog.acme.com/post/1', 'www.acme.com')).toBe(true);
    expect(urlIsOnSite('https://reddit.com/r/acme.com', 'acme.com')).toBe(false);
    expect(urlIsOnSite('javascript:alert(1)', 'acme.com')).toBe(false);
    expect(urlIsOnSite(undefined, 'acme.com')).toBe(false);
  });

  it('treats a site and its www. form alike, and each site as on itself', () => {
    fc.assert(
      fc.property(fc.domain(), (domain) => {
        const host = domain.toLowerCase();
        expect(hostIsOnSite(host, host)).toBe(true);
        expect(hostIsOnSite(`www.${bareHost(host)}`, host)).toBe(true);
        expect(hostIsOnSite(`sub.${host}`, host)).toBe(true);
      }),
    );
  });
});

describe('websiteHostOf', () => {
  it('is the host siteOfUrl finds, and undefined where it finds none', () => {
    const urlArb = fc.oneof(
      fc.webUrl(),
      fc.constantFrom(
        'chrome://settings/',
        'chrome-extension://abc/popup.html',
        'file:///tmp/a.html',
        'about:blank',
        'http://localhost:8080/',
        'http://192.168.1.1/',
        '  https://Acme.com./x  ',
        '',
      ),
      fc.string({ maxLength: 40 }),
      fc.constant(undefined),
    );
    fc.assert(
      fc.property(urlArb, (url) => {
        const site = siteOfUrl(url);
        expect(websiteHostOf(url)).toBe(site.ok ? site.host : undefined);
      }),
    );
  });
});
