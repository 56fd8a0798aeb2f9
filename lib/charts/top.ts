// The sites and authors that mention most, among the mentions given (the page's results).
import type { StoredMention } from '@/lib/mentions/store';
import { registrableDomain } from '@/lib/triage/mute';

const TOP_LIMIT = 10;

export interface Ranked {
  name: string;
  count: number;
}

/**
 * The names that occur most, most first; ties by name so the order never flickers between
 * renders. Null or blank names are not counted.
 */
function topNames(names: Iterable<string | null>, limit = TOP_LIMIT): Ranked[] {
  const counts = new Map<string, number>();
  for (const name of names) {
    if (name === null || name === '') continue;
    counts.set(name, (counts.get(name) ?? 0) + 1);
  }
  return [...counts]
    .map(([name, count]) => ({ name, count }))
    .sort((a, b) => b.count - a.count || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
    .slice(0, Math.max(0, limit));
}

type Linked = Pick<StoredMention, 'url'>;

/**
 * Each mention's site, read once per mention object: parsing a URL is the costly part of the
 * ranking (5,000 of them on every filter change took most of the charts' time in a profile), and
 * the page hands the same objects back on every change. The URL is kept beside the answer, so an
 * object whose URL was changed in place is read again rather than answered wrongly.
 */
const sites = new WeakMap<Linked, { url: string; site: string | null }>();

/** The mention's registrable domain (lib/triage/mute.ts), remembered for this object. */
function siteOf(mention: Linked): string | null {
  const known = sites.get(mention);
  if (known && known.url === mention.url) return known.site;
  const site = registrableDomain(mention.url);
  sites.set(mention, { url: mention.url, site });
  return site;
}

/**
 * By registrable domain (blog.example.co.uk and www.example.co.uk are one bar, example.co.uk): an
 * overview, wider than a mute, which takes one host (lib/triage/mute.ts).
 */
export function topSites(mentions: readonly Linked[], limit = TOP_LIMIT) {
  return topNames(mentions.map(siteOf), limit);
}

/** By the author as sent, trimmed. */
export function topAuthors(mentions: readonly Pick<StoredMention, 'author'>[], limit = TOP_LIMIT) {
  return topNames(
    mentions.map((m) => m.author.trim()),
    limit,
  );
}
