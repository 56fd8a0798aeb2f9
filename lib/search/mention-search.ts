// The mentions page's search: each mention's searchable texts folded once (lib/search/query.ts's
// fold: lower case, accents dropped), then every search a scan over those folded texts with
// String.prototype.includes, scored so that title hits weigh most.
//
// Why a scan of pre-folded texts rather than a search library: MiniSearch, FlexSearch and Lunr
// index words (tokens, optionally prefixes), but the rules people get here are substrings ("acm"
// finds "Acme" and "#acme2026" as they type), "quoted phrases" as written, spaces included, and
// -exclusions, all with accents folded. A word index answers none of those exactly: a substring
// or phrase would need a second pass over the texts anyway, and the library's own tokeniser would
// disagree with the highlighting (highlightRanges) about what matched. At the page's scale the
// scan is cheap: with 5,000 realistic mentions (tests/bench/support/mention-fixtures.ts) one
// keystroke's pageResults took 3.5-5.5 ms median, 10-14 ms p95 in node 20 on a shared, loaded
// 2-core machine, and a cold build of the folded texts about 25 ms (a rebuild after a poll, the
// texts unchanged, about 5 ms). That is well inside the keystroke budget, with no dependency and
// no index to keep in sync beyond the folded texts, refolded only for mentions whose texts changed.
import { fold, isEmptyQuery, type SearchQuery } from '@/lib/search/query';
import { keyOf, keyString, type StoredMention } from '@/lib/mentions/store';
import { siteOfUrl } from '@/lib/site/site';

/** What search reads of a mention. */
type SearchedMention = Pick<
  StoredMention,
  'project_id' | 'id' | 'title' | 'text_summary' | 'snippet' | 'author' | 'keywords' | 'url'
>;

interface IndexEntry {
  /** The mention these texts were folded from (compared by its texts, not by identity). */
  readonly source: SearchedMention;
  /** Folded, in the order of searchTexts. */
  readonly texts: readonly string[];
}

export interface MentionSearchIndex {
  /** Per keyString(keyOf(mention)). */
  readonly entries: ReadonlyMap<string, IndexEntry>;
  /**
   * The entry each mention object was found to have, so the next keystroke reaches it without
   * making its key string again and comparing its texts (5,000 of each per keystroke). Mentions
   * are never changed in place (a change in storage is a new object), so an object keeps its texts.
   */
  readonly checked: WeakMap<SearchedMention, IndexEntry>;
}

/**
 * How much a match in each text counts, in the order of searchTexts: the title most, then what
 * names the mention (matched keywords, author, site), then its body.
 */
const WEIGHTS = [8, 4, 4, 4, 2, 2];

/** The site a mention is on: its URL's host ('' when it has none a person would call a site). */
function siteText(url: string): string {
  const site = siteOfUrl(url);
  return site.ok ? site.host : '';
}

/**
 * The texts search reads, original (not folded): title, matched keywords, author, site (host of
 * the URL), summary, snippet: the one list the index folds and a search without it reads.
 */
function searchTexts(mention: SearchedMention): string[] {
  return [
    mention.title ?? '',
    mention.keywords ?? '',
    mention.author ?? '',
    siteText(mention.url ?? ''),
    mention.text_summary ?? '',
    mention.snippet ?? '',
  ];
}

const ASCII = /^\p{ASCII}*$/u;

/**
 * fold(), with a fast path: ASCII has no accents and NFD leaves it as it is, so its fold is its
 * lower case. Most of a mention's text is ASCII; building 5,000 entries then costs a fraction.
 */
function foldText(text: string): string {
  return ASCII.test(text) ? text.toLowerCase() : fold(text);
}

/** Whether two mentions' searched texts are the same (a new read flag keeps its entry). */
function sameTexts(a: SearchedMention, b: SearchedMention): boolean {
  return (
    a.title === b.title &&
    a.text_summary === b.text_summary &&
    a.snippet === b.snippet &&
    a.author === b.author &&
    a.keywords === b.keywords &&
    a.url === b.url
  );
}

const entryOf = (mention: SearchedMention): IndexEntry => ({
  source: mention,
  texts: searchTexts(mention).map(foldText),
});

/**
 * Folds each mention's searchable texts once. Entries of `previous` are kept for mentions whose
 * texts did not change (a poll or a read flag makes new objects with the same strings), so a
 * rebuild folds only what is new. One entry per key; the first mention of a key wins.
 */
export function buildSearchIndex(
  mentions: readonly SearchedMention[],
  previous?: MentionSearchIndex,
): MentionSearchIndex {
  const entries = new Map<string, IndexEntry>();
  for (const mention of mentions) {
    const key = keyString(keyOf(mention));
    if (entries.has(key)) continue;
    const earlier = previous?.entries.get(key);
    entries.set(key, earlier && sameTexts(earlier.source, mention) ? earlier : entryOf(mention));
  }
  return { entries, checked: new WeakMap() };
}

/** Whether a UTF-16 unit is part of a word: folded ASCII without a regular expression, the rest by Unicode's letters and digits. */
function isWordUnit(text: string, at: number): boolean {
  const code = text.charCodeAt(at);
  if (code < 0x80) return (code >= 0x61 && code <= 0x7a) || (code >= 0x30 && code <= 0x39);
  return /[\p{L}\p{N}]/u.test(text[at]);
}

/** Whether `part` starts a word somewhere in `text`, from its first place `first`. */
function startsWord(text: string, part: string, first: number): boolean {
  for (let at = first; at >= 0; at = text.indexOf(part, at + 1)) {
    if (at === 0 || !isWordUnit(text, at - 1)) return true;
  }
  return false;
}

/** What one word or phrase adds: the weight of every text it is in, doubled where it starts a word. */
function partScore(texts: readonly string[], part: string): number {
  let score = 0;
  for (let i = 0; i < texts.length; i++) {
    const at = texts[i].indexOf(part);
    if (at >= 0) score += WEIGHTS[i] * (startsWord(texts[i], part, at) ? 2 : 1);
  }
  return score;
}

/**
 * The score of folded texts for the query: 0 when they do not answer it (matchesQuery's rule:
 * every word and phrase in some text, no exclusion in any), else 1 plus each word's partScore and
 * twice each phrase's. Plain loops: this runs for every mention on every keystroke.
 */
function scoreFolded(texts: readonly string[], query: SearchQuery): number {
  for (const part of query.excluded) {
    for (let i = 0; i < texts.length; i++) if (texts[i].includes(part)) return 0;
  }
  let score = 1;
  for (const term of query.terms) {
    const found = partScore(texts, term);
    if (found === 0) return 0;
    score += found;
  }
  for (const phrase of query.phrases) {
    const found = partScore(texts, phrase);
    if (found === 0) return 0;
    score += 2 * found;
  }
  return score;
}

/**
 * Score of a mention for the query (0 = no match; above 0, the higher the more relevant), or null
 * when the index lacks it or holds other texts for its key (then the caller scores it on the fly
 * with scoreMention).
 */
export function searchScore(
  index: MentionSearchIndex,
  mention: SearchedMention,
  query: SearchQuery,
): number | null {
  let entry = index.checked.get(mention);
  if (!entry) {
    entry = index.entries.get(keyString(keyOf(mention)));
    if (!entry || !sameTexts(entry.source, mention)) return null;
    index.checked.set(mention, entry);
  }
  return isEmptyQuery(query) ? 1 : scoreFolded(entry.texts, query);
}

/** The same score, folding the mention's texts now (no index yet, or a mention it lacks). */
export function scoreMention(mention: SearchedMention, query: SearchQuery): number {
  return isEmptyQuery(query) ? 1 : scoreFolded(searchTexts(mention).map(foldText), query);
}
