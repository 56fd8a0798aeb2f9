// What the page's search reads of a mention, spelled out from the rule rather than taken from
// lib/search/mention-search.ts: the tests compare the search with matchesQuery on these texts.
import type { StoredMention } from '@/lib/mentions/store';
import { siteOfUrl } from '@/lib/site/site';

type Searched = Pick<
  StoredMention,
  'title' | 'text_summary' | 'snippet' | 'author' | 'keywords' | 'url'
>;

/** Title, matched keywords, author, site (the URL's host, '' without one), summary, snippet. */
export function searchedTexts(mention: Searched): string[] {
  const site = siteOfUrl(mention.url ?? '');
  return [
    mention.title ?? '',
    mention.keywords ?? '',
    mention.author ?? '',
    site.ok ? site.host : '',
    mention.text_summary ?? '',
    mention.snippet ?? '',
  ];
}
