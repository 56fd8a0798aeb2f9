// Mute rules as they apply to mentions: what a rule's value is in its normal form, and whether a
// mention is muted. One owner for the rules of matching, used by the background (counts, badge,
// notifications), the popup (the lists) and the options page ("Hides N stored mentions").
import type { StoredMention } from '@/lib/mentions/store';
import type { MuteKind, MuteRule } from '@/lib/triage/triage-state';

/** Longest phrase a rule keeps (a phrase is a few words, not a paragraph). */
export const MAX_PHRASE = 100;
/** Authors are capped at 160 bytes in the store (lib/mentions/mention-record.ts): never more
 * characters. */
const MAX_AUTHOR = 160;

/**
 * Public suffixes of two labels under which people register names: a generic label under a
 * country's code (`co.uk`, `com.au`, `ne.jp`, `gov.in`), so a site on `blog.example.co.uk` is
 * `example.co.uk`, not `co.uk`. A rule rather than the public suffix list (far larger): it misses
 * the rarer suffixes and the list's private part (`github.io`, `blogspot.com`, `pages.dev`, under
 * which every name is someone else's site), and takes `com.xx` as a suffix where a country has none
 * by that name. So a registrable domain only groups (the top sites chart); a mute takes the host.
 */
const TWO_LEVEL = /^(?:co|com|net|org|ac|edu|gov|ne|or|go|me|ltd|plc)\.[a-z]{2}$/;

/** The host of a URL or of a bare host name, lower case; null when it is none. */
function hostOf(urlOrHost: string): string | null {
  const input = urlOrHost.trim();
  if (input === '' || /\s/.test(input)) return null;
  try {
    return new URL(input.includes('://') ? input : `http://${input}`).hostname.replace(/\.$/, '');
  } catch {
    return null;
  }
}

/** The labels of a host name (no IP address, no empty label), or null. */
function nameLabels(urlOrHost: string): string[] | null {
  const host = hostOf(urlOrHost);
  // IPv6 keeps its brackets in hostname; an IPv4 host ends in a number (URL normalises the rest).
  if (!host || host.startsWith('[') || /\.\d+$|^\d+$/.test(host)) return null;
  const labels = host.split('.');
  return labels.some((label) => label === '') ? null : labels;
}

/** A single label (localhost, com) or a two-label suffix (co.uk): no one's site. */
const isSuffix = (labels: string[]) =>
  labels.length < 2 || (labels.length === 2 && TWO_LEVEL.test(labels.join('.')));

/**
 * 'https://blog.example.co.uk/x' → 'example.co.uk'; a host alone works too. IP addresses, single
 * labels (localhost), bare suffixes and what is no URL: null.
 */
export function registrableDomain(urlOrHost: string): string | null {
  const labels = nameLabels(urlOrHost);
  if (!labels) return null;
  const take = TWO_LEVEL.test(labels.slice(-2).join('.')) ? 3 : 2;
  return labels.length < take ? null : labels.slice(-take).join('.');
}

/**
 * The site a site rule names, as the menu shows it: the host itself, without a leading `www.`
 * (unless only a suffix would be left, as of `www.co.uk`). The rule matches that host and its
 * subdomains (domainsOf), never a parent: muting `alice.github.io` leaves `bob.github.io` alone,
 * and `blog.example.co.uk` leaves `shop.example.co.uk`. A rule stored as a registrable domain
 * (`github.io`) is its own site here, so it keeps matching what it always did. IP addresses,
 * single labels, bare suffixes and what is no URL: null.
 */
function siteHost(urlOrHost: string): string | null {
  const labels = nameLabels(urlOrHost);
  if (!labels || isSuffix(labels)) return null;
  const bare = labels[0] === 'www' ? labels.slice(1) : labels;
  return (isSuffix(bare) ? labels : bare).join('.');
}

/** A rule's value in its normal form, or null when it cannot be a rule of that kind. */
export function normalizeMuteValue(kind: MuteKind, value: string): string | null {
  if (kind === 'site') return siteHost(value);
  const trimmed = value.trim();
  const max = kind === 'author' ? MAX_AUTHOR : MAX_PHRASE;
  return trimmed === '' || trimmed.length > max ? null : trimmed;
}

type MutableMention = Pick<
  StoredMention,
  'project_id' | 'author' | 'url' | 'title' | 'snippet' | 'text_summary'
>;

export type MuteMatcher = (m: MutableMention) => boolean;

/** Case-insensitive, locale-independent (the same in every browser language). */
const fold = (value: string | null | undefined) => (value ?? '').toLowerCase();

/** The mention's host and each of its parent domains: a site rule matches any of them. */
function domainsOf(url: string): string[] {
  const host = /^https?:/i.test(url) ? hostOf(url) : null;
  if (!host) return [];
  const labels = host.split('.');
  return labels.map((_, i) => labels.slice(i).join('.'));
}

interface Facts {
  author: string;
  domains: string[];
  texts: string[];
}

/** What the rules read of a mention, folded once for all of them. */
const factsOf = (m: MutableMention): Facts => ({
  author: fold(m.author).trim(),
  domains: domainsOf(m.url),
  texts: [m.title, m.snippet, m.text_summary].map(fold),
});

/** The one reading of a rule (`value` its value folded). */
function ruleMatches(rule: MuteRule, value: string, m: MutableMention, facts: Facts): boolean {
  return (
    (rule.projectId === null || rule.projectId === m.project_id) &&
    (rule.kind === 'author'
      ? facts.author === value
      : rule.kind === 'site'
        ? facts.domains.includes(value)
        : facts.texts.some((text) => text.includes(value)))
  );
}

/** The rules that hide this mention (the options page counts what each hides). */
export function rulesMatching(rules: readonly MuteRule[], m: MutableMention): MuteRule[] {
  const facts = factsOf(m);
  return rules.filter((rule) => ruleMatches(rule, fold(rule.value), m, facts));
}

/**
 * Compiled once for a list of rules: each value folded once, each mention read once, so a rule
 * costs a comparison per mention (500 rules over a full store of 5,000: well under 0.1 s), and no
 * rules cost nothing.
 */
export function muteMatcher(rules: readonly MuteRule[]): MuteMatcher {
  const folded = rules.map((rule) => [rule, fold(rule.value)] as const);
  return (m) => {
    if (folded.length === 0) return false;
    const facts = factsOf(m);
    return folded.some(([rule, value]) => ruleMatches(rule, value, m, facts));
  };
}
