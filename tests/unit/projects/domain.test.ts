import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isPlausibleHost, normalizeDomain } from '@/lib/projects/domain';
import { hostArb } from '../support/project-arbitraries';

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
