// The site of a tab, as "monitor this site" sees it, and the kinds of project a site can be added
// as.

import { isPlausibleHost } from '@/lib/projects/field-text';
import { isWebUrl, parseUrl } from '@/lib/safe-url';

// The site of a tab, as "monitor this site" sees it: a web page's host, or why there is none.
// Hosts come out lower case, international names in their ASCII (punycode) form, without a
// trailing dot; `www.` stays as the address shows it (the person can edit it in the form).

export type SiteUnavailable =
  'no-url' | 'browser-page' | 'extension-page' | 'file' | 'not-a-website';

type SiteResult = { ok: true; host: string } | { ok: false; reason: SiteUnavailable };

const EXTENSION_SCHEMES = new Set([
  'chrome-extension:',
  'moz-extension:',
  'extension:',
  'safari-web-extension:',
]);

export function siteOfUrl(url: unknown): SiteResult {
  const parsed = parseUrl(url);
  if (!parsed) return { ok: false, reason: 'no-url' };
  if (parsed.protocol === 'file:') return { ok: false, reason: 'file' };
  if (EXTENSION_SCHEMES.has(parsed.protocol)) return { ok: false, reason: 'extension-page' };
  // chrome:, about:, edge:, view-source:, devtools:, data:, blob: ... belong to the browser.
  if (!isWebUrl(parsed)) return { ok: false, reason: 'browser-page' };
  const host = hostOf(parsed);
  // Local addresses and IPs are not sites the service can watch.
  if (!isPlausibleHost(host)) return { ok: false, reason: 'not-a-website' };
  return { ok: true, host };
}

/**
 * The host siteOfUrl gives, without why there is none (the worker's site menu asks no more, and
 * leaves the reasons to the pages that show them).
 */
export function websiteHostOf(url: unknown): string | undefined {
  const parsed = parseUrl(url);
  const host = parsed && isWebUrl(parsed) ? hostOf(parsed) : '';
  return isPlausibleHost(host) ? host : undefined;
}

/** The URL parser already lower-cases and applies IDNA; only the trailing dot is left to drop. */
function hostOf(url: URL): string {
  return url.hostname.replace(/\.$/, '');
}

/** A host without its leading `www.`, for comparing sites. */
export function bareHost(host: string): string {
  const lower = host.toLowerCase().replace(/\.$/, '');
  return lower.startsWith('www.') ? lower.slice(4) : lower;
}

/** The host of a domain as a project stores it (a bare host, or whatever was pasted), or ''. */
export function hostOfDomain(domain: unknown): string {
  if (typeof domain !== 'string' || domain.trim() === '') return '';
  const text = domain.trim();
  try {
    return hostOf(new URL(/^[a-z][a-z\d+.-]*:\/\//i.test(text) ? text : `http://${text}`));
  } catch {
    return '';
  }
}

/** Whether `host` is the site `domain`, or one of its subdomains (shop.acme.com on acme.com). */
export function hostIsOnSite(host: string, domain: string): boolean {
  const site = bareHost(host);
  const own = bareHost(domain);
  return own !== '' && (site === own || site.endsWith(`.${own}`));
}

/** Whether a mention's URL points at the site. */
export function urlIsOnSite(url: unknown, siteHost: string): boolean {
  if (typeof url !== 'string') return false;
  try {
    return hostIsOnSite(hostOf(new URL(url)), siteHost);
  } catch {
    return false;
  }
}

// The kinds of project a site can be added as. Apart from site-prefill.ts (which builds the form
// and so brings the project encoder, its validation and the forms' view of the fields), so the
// popup's site line can name them without loading any of that before its first paint.

/**
 * The three kinds of project a site can be added as, in the order the popup offers them: the types
 * whose rows the site form fills with the site's host (lib/projects/fields.ts).
 */
export const SITE_PROJECT_TYPES = [
  'brandMonitoring',
  'backlinks',
  'competitiveMonitoring',
] as const;
export type SiteProjectType = (typeof SITE_PROJECT_TYPES)[number];

/** Whether a project type is one a site can be added as. */
export function isSiteProjectType(type: unknown): type is SiteProjectType {
  return (SITE_PROJECT_TYPES as readonly unknown[]).includes(type);
}
