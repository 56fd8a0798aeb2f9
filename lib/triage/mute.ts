// Mute rules as they apply to mentions: what a rule's value is in its normal form, and whether a
// mention is muted. One owner for the rules of matching, used by the background (counts, badge,
// notifications), the popup (the lists) and the options page ("Hides N stored mentions").
import type { StoredMention } from '@/lib/mentions/store';
import type { MuteKind, MuteRule } from '@/lib/triage/triage-state';

/** Longest phrase a rule keeps (a phrase is a few words, not a paragraph). */
export const MAX_PHRASE = 100;
/** Authors are capped at 160 bytes in the store (stored-mention.ts): never more characters. */
const MAX_AUTHOR = 160;

/**
 * Public suffixes of two labels under which people register names, the common ones: a site on
 * `blog.example.co.uk` is `example.co.uk`, not `co.uk`. A small list rather than the whole public
 * suffix list (200 KB): a suffix missing here mutes a little more than asked (`co.xx` itself would
 * read as the site), which the rule's label shows before anyone relies on it.
 */
const TWO_LEVEL = new Set(
  (
    'co.uk org.uk ac.uk gov.uk me.uk net.uk ltd.uk plc.uk com.au net.au org.au edu.au gov.au ' +
    'co.jp ne.jp or.jp ac.jp go.jp co.nz org.nz net.nz co.za org.za com.br net.br org.br ' +
    'com.cn net.cn org.cn com.mx org.mx co.in net.in org.in co.kr or.kr com.tr com.tw ' +
    'com.hk com.sg co.il co.id com.my com.ph com.ar com.co com.pe com.vn com.ua co.th'
  ).split(' '),
);

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

/**
 * 'https://blog.example.co.uk/x' → 'example.co.uk'; a host alone works too. IP addresses, single
 * labels (localhost), bare suffixes and what is no URL: null.
 */
export function registrableDomain(urlOrHost: string): string | null {
  const host = hostOf(urlOrHost);
  // IPv6 keeps its brackets in hostname; an IPv4 host ends in a number (URL normalises the rest).
  if (!host || host.startsWith('[') || /\.\d+$|^\d+$/.test(host)) return null;
  const labels = host.split('.');
  if (labels.some((label) => label === '')) return null;
  const take = TWO_LEVEL.has(labels.slice(-2).join('.')) ? 3 : 2;
  return labels.length < take ? null : labels.slice(-take).join('.');
}

/** A rule's value in its normal form, or null when it cannot be a rule of that kind. */
export function normalizeMuteValue(kind: MuteKind, value: string): string | null {
  if (kind === 'site') return registrableDomain(value);
  const trimmed = value.trim();
  const max = kind === 'author' ? MAX_AUTHOR : MAX_PHRASE;
  return trimmed === '' || trimmed.length > max ? null : trimmed;
}

export type MutableMention = Pick<
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

const inScope = (rule: MuteRule, m: MutableMention) =>
  rule.projectId === null || rule.projectId === m.project_id;

/** The one reading of a rule: what the compiled matcher must agree with. */
function ruleMatches(rule: MuteRule, m: MutableMention): boolean {
  if (!inScope(rule, m)) return false;
  const value = fold(rule.value);
  if (rule.kind === 'author') return fold(m.author).trim() === value;
  if (rule.kind === 'site') return domainsOf(m.url).includes(value);
  return [m.title, m.snippet, m.text_summary].some((text) => fold(text).includes(value));
}

/** The rules that hide this mention (the options page counts what each hides). */
export function rulesMatching(rules: readonly MuteRule[], m: MutableMention): MuteRule[] {
  return rules.filter((rule) => ruleMatches(rule, m));
}

/**
 * Compiled once for a list of rules: authors and sites looked up by value, so a poll or a list of
 * 5,000 mentions costs one lookup per mention and rule kind, not one test per rule.
 */
export function muteMatcher(rules: readonly MuteRule[]): MuteMatcher {
  if (rules.length === 0) return () => false;
  const byValue = new Map<string, MuteRule[]>();
  const phrases: MuteRule[] = [];
  for (const rule of rules) {
    if (rule.kind === 'phrase') {
      phrases.push(rule);
      continue;
    }
    const key = `${rule.kind}:${fold(rule.value)}`;
    byValue.set(key, [...(byValue.get(key) ?? []), rule]);
  }
  const any = (key: string, m: MutableMention) =>
    byValue.get(key)?.some((rule) => inScope(rule, m)) === true;
  return (m) =>
    any(`author:${fold(m.author).trim()}`, m) ||
    domainsOf(m.url).some((domain) => any(`site:${domain}`, m)) ||
    phrases.some((rule) => ruleMatches(rule, m));
}
