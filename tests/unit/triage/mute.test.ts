// Mute rules as they apply to mentions: the registrable domain of a site (the charts' grouping), a
// rule's normal form (a site rule: the host as shown), and the compiled matcher, which must agree
// with reading each rule on its own.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  muteMatcher,
  type MuteMatcher,
  normalizeMuteValue,
  registrableDomain,
  rulesMatching,
} from '@/lib/triage/mute';
import type { MuteKind, MuteRule } from '@/lib/triage/triage-state';

/** What a mute rule reads of a mention. */
type MutableMention = Parameters<MuteMatcher>[0];

const rule = (kind: MuteKind, value: string, projectId: number | null = null): MuteRule => ({
  id: `r${kind}${value.length}${projectId ?? 'all'}`,
  kind,
  value,
  projectId,
  createdAt: 1,
});

const mention = (overrides: Partial<MutableMention> = {}): MutableMention => ({
  project_id: 1,
  author: 'Jane Doe',
  url: 'https://blog.example.com/post',
  title: 'Acme launches anvils',
  snippet: 'A snippet',
  text_summary: null,
  ...overrides,
});

describe('registrableDomain', () => {
  it.each([
    ['https://blog.example.co.uk/x', 'example.co.uk'],
    ['https://www.Example.COM/path?q=1', 'example.com'],
    ['example.com', 'example.com'],
    ['sub.example.com.', 'example.com'],
    ['news.bbc.co.uk', 'bbc.co.uk'],
    ['http://a.b.c.example.com.au', 'example.com.au'],
    ['shop.example.co.jp/item', 'example.co.jp'],
    ['https://münchen.de', 'xn--mnchen-3ya.de'],
  ])('%s → %s', (input, domain) => {
    expect(registrableDomain(input)).toBe(domain);
  });

  it.each([
    '',
    '   ',
    'localhost',
    'http://localhost:8080',
    'co.uk',
    'http://192.168.1.10/x',
    '10.0.0.1',
    'http://[::1]/',
    'not a url',
    'http://',
    'a..b.com',
  ])('%j has none', (input) => {
    expect(registrableDomain(input)).toBeNull();
  });

  it('never throws, and gives a lower-case domain of at least two labels that is its own domain', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.webUrl(), fc.domain()), (input) => {
        const domain = registrableDomain(input);
        if (domain === null) return;
        expect(domain).toBe(domain.toLowerCase());
        expect(domain.split('.').length).toBeGreaterThanOrEqual(2);
        expect(registrableDomain(domain)).toBe(domain);
        expect(registrableDomain(`https://sub.${domain}/x`)).toBe(domain);
      }),
    );
  });
});

describe('normalizeMuteValue', () => {
  it('trims authors and phrases, reads a site from a URL or host', () => {
    expect(normalizeMuteValue('author', '  Jane Doe ')).toBe('Jane Doe');
    expect(normalizeMuteValue('phrase', ' launch ')).toBe('launch');
    expect(normalizeMuteValue('site', 'https://blog.example.com/a')).toBe('blog.example.com');
  });

  it('refuses what cannot be a rule', () => {
    expect(normalizeMuteValue('author', '   ')).toBeNull();
    expect(normalizeMuteValue('phrase', 'x'.repeat(101))).toBeNull();
    expect(normalizeMuteValue('phrase', 'x'.repeat(100))).toBe('x'.repeat(100));
    expect(normalizeMuteValue('site', 'localhost')).toBeNull();
  });
});

describe('a site rule', () => {
  /** Whether the site rule made from `chosen` (as the row menu makes it) mutes a mention at `url`. */
  const mutes = (chosen: string, url: string) =>
    muteMatcher([rule('site', normalizeMuteValue('site', chosen)!)])(mention({ url }));

  it.each([
    ['https://alice.github.io/post', 'alice.github.io'],
    ['https://foo.blogspot.com/2025/01/x.html', 'foo.blogspot.com'],
    ['https://x.pages.dev/', 'x.pages.dev'],
    ['https://blog.example.co.uk/x', 'blog.example.co.uk'],
    ['https://www.example.com/a', 'example.com'],
    ['https://WWW.Example.COM./a', 'example.com'],
    ['www.example.co.uk', 'example.co.uk'],
    ['https://münchen.de', 'xn--mnchen-3ya.de'],
    // `www.` stays where only a suffix would be left.
    ['www.co.uk', 'www.co.uk'],
    ['www.com', 'www.com'],
  ])('is the host as shown: %s → %s', (chosen, value) => {
    expect(normalizeMuteValue('site', chosen)).toBe(value);
  });

  it.each([
    'http://192.168.1.10/x',
    '10.0.0.1',
    'http://[::1]/',
    'localhost',
    'co.uk',
    'com',
    'not a url',
  ])('is none for %j: an IP address, a single label or a bare suffix', (chosen) => {
    expect(normalizeMuteValue('site', chosen)).toBeNull();
  });

  it('mutes the host chosen and its subdomains, never a neighbour under the same suffix', () => {
    const alice = 'https://alice.github.io/post';
    expect(mutes(alice, 'https://alice.github.io/other')).toBe(true);
    expect(mutes(alice, 'https://www.alice.github.io/')).toBe(true);
    expect(mutes(alice, 'https://bob.github.io/')).toBe(false);
    expect(mutes(alice, 'https://github.io/')).toBe(false);
    expect(mutes('https://foo.blogspot.com/', 'https://bar.blogspot.com/')).toBe(false);
    expect(mutes('https://x.pages.dev/', 'https://y.pages.dev/')).toBe(false);
    expect(mutes('https://blog.example.co.uk/', 'https://shop.example.co.uk/')).toBe(false);
    expect(mutes('https://www.example.com/', 'https://blog.example.com/')).toBe(true);
  });

  it('keeps reading a stored rule of the registrable-domain form as it always did', () => {
    // A rule stored as `github.io` is in its normal form still, and still mutes all of it.
    expect(normalizeMuteValue('site', 'github.io')).toBe('github.io');
    const github = muteMatcher([rule('site', 'github.io')]);
    expect(github(mention({ url: 'https://alice.github.io/' }))).toBe(true);
    expect(github(mention({ url: 'https://bob.github.io/' }))).toBe(true);
    fc.assert(
      fc.property(fc.oneof(fc.webUrl(), fc.domain()), (input) => {
        const stored = registrableDomain(input);
        if (stored !== null) expect(normalizeMuteValue('site', stored)).toBe(stored);
      }),
    );
  });
});

describe('muteMatcher', () => {
  it('matches an author by case-insensitive trimmed equality', () => {
    const muted = muteMatcher([rule('author', 'jane doe')]);
    expect(muted(mention())).toBe(true);
    expect(muted(mention({ author: '  JANE DOE ' }))).toBe(true);
    expect(muted(mention({ author: 'Jane Doe Jr' }))).toBe(false);
  });

  it('matches a site on its domain and every subdomain, never a look-alike', () => {
    const muted = muteMatcher([rule('site', 'example.com')]);
    expect(muted(mention({ url: 'https://example.com/' }))).toBe(true);
    expect(muted(mention({ url: 'http://a.b.EXAMPLE.com/x' }))).toBe(true);
    expect(muted(mention({ url: 'https://notexample.com/' }))).toBe(false);
    expect(muted(mention({ url: 'https://example.com.evil.test/' }))).toBe(false);
    expect(muted(mention({ url: '' }))).toBe(false);
    expect(muted(mention({ url: 'javascript:example.com' }))).toBe(false);
  });

  it('matches a phrase in the title, snippet or summary, whatever the case', () => {
    const muted = muteMatcher([rule('phrase', 'Anvil')]);
    expect(muted(mention())).toBe(true);
    expect(muted(mention({ title: 'x', snippet: 'ANVILS for all' }))).toBe(true);
    expect(muted(mention({ title: 'x', text_summary: 'an anvil' }))).toBe(true);
    expect(muted(mention({ title: 'x', author: 'anvil' }))).toBe(false);
  });

  it('keeps a project rule to its project', () => {
    const muted = muteMatcher([rule('author', 'Jane Doe', 2)]);
    expect(muted(mention({ project_id: 2 }))).toBe(true);
    expect(muted(mention({ project_id: 1 }))).toBe(false);
  });

  it('mutes nothing without rules', () => {
    expect(muteMatcher([])(mention())).toBe(false);
  });

  const words = fc.constantFrom('Jane', 'jane doe', 'Bob', 'anvil', 'ACME', 'é', ' ', '');
  const text = fc.array(words, { maxLength: 3 }).map((w) => w.join(' '));
  const hosts = fc.constantFrom('example.com', 'blog.example.com', 'bbc.co.uk', 'x.bbc.co.uk');
  const mentionArb = fc.record({
    project_id: fc.integer({ min: 1, max: 3 }),
    author: text,
    url: fc.oneof(
      hosts.map((h) => `https://${h}/p`),
      fc.constantFrom('', 'ftp://example.com/', 'not a url'),
    ),
    title: text,
    snippet: text,
    text_summary: fc.option(text, { nil: null }),
  });
  const ruleArb = fc
    .record({
      kind: fc.constantFrom<MuteKind>('author', 'site', 'phrase'),
      value: fc.oneof(text, hosts),
      projectId: fc.option(fc.integer({ min: 1, max: 3 }), { nil: null }),
    })
    .map(({ kind, value, projectId }) => {
      const normal = normalizeMuteValue(kind, value);
      return normal === null ? null : rule(kind, normal, projectId);
    })
    .filter((r): r is MuteRule => r !== null);

  /** The rules read one by one, as the issue words them. */
  function naive(rules: readonly MuteRule[], m: MutableMention): boolean {
    return rules.some((r) => {
      if (r.projectId !== null && r.projectId !== m.project_id) return false;
      const v = r.value.toLowerCase();
      if (r.kind === 'author') return m.author.trim().toLowerCase() === v;
      if (r.kind === 'phrase') {
        return [m.title, m.snippet, m.text_summary ?? ''].some((s) => s.toLowerCase().includes(v));
      }
      if (!/^https?:\/\//.test(m.url)) return false;
      const host = new URL(m.url).hostname;
      return host === v || host.endsWith(`.${v}`);
    });
  }

  it('agrees with a naive reading of the rules, and with rulesMatching', () => {
    fc.assert(
      fc.property(fc.array(ruleArb, { maxLength: 8 }), fc.array(mentionArb), (rules, mentions) => {
        const muted = muteMatcher(rules);
        for (const m of mentions) {
          expect(muted(m)).toBe(naive(rules, m));
          expect(rulesMatching(rules, m).length > 0).toBe(muted(m));
        }
      }),
    );
  });
});
