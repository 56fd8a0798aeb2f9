import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { validateProjectInput } from '@/lib/projects/schema';
import { SOURCES } from '@/lib/projects/types';
import { SITE_PROJECT_TYPES } from '@/lib/site/site';
import { siteName, siteProjectInput } from '@/lib/site/site-prefill';

describe('siteName', () => {
  it.each([
    ['acme.com', 'Acme'],
    ['www.acme-bikes.co.uk', 'Acme Bikes'],
    ['shop.globex.test', 'Globex'],
    ['acme.com.au', 'Acme'],
    ['xn--bcher-kva.example', 'xn--bcher-kva'],
  ])('%s → %s', (host, name) => {
    expect(siteName(host)).toBe(name);
  });
});

describe('siteProjectInput', () => {
  it('fills a brand project from the page: title, host, keyword, defaults', () => {
    expect(siteProjectInput('brandMonitoring', 'www.acme.com', '  Acme —\n e-bikes ')).toEqual({
      name: 'Acme — e-bikes',
      type: 'brandMonitoring',
      language: 'all',
      source: [...SOURCES],
      location: 'all',
      email_notification: 0,
      browser_notification: 1,
      fields: { brand_url: 'www.acme.com', brand_name: 'Acme' },
    });
  });

  it('uses the host as the name without a title, and each type its own fields', () => {
    expect(siteProjectInput('backlinks', 'acme.com').fields).toEqual({ backlinks_url: 'acme.com' });
    expect(siteProjectInput('backlinks', 'acme.com').name).toBe('acme.com');
    expect(siteProjectInput('competitiveMonitoring', 'globex.test').fields).toEqual({
      competitor_url: 'globex.test',
      competitior_name: 'Globex',
    });
  });

  it('keeps a long title within the name limit', () => {
    expect([...siteProjectInput('backlinks', 'acme.com', 'x'.repeat(300)).name]).toHaveLength(100);
  });

  it('always makes input the validator accepts, for any site and title', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...SITE_PROJECT_TYPES),
        fc.domain(),
        fc.string({ maxLength: 300 }),
        (type, domain, title) => {
          const result = validateProjectInput(siteProjectInput(type, domain.toLowerCase(), title));
          expect(result.ok).toBe(true);
        },
      ),
    );
  });
});
