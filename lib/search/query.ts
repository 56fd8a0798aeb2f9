// What a person types into a search box, read the way search engines taught them: words must all
// appear, a "quoted phrase" must appear as written, and a -word or -"phrase" must not appear.
// Matching ignores case and accents ("Cafe" finds "Café"); highlighting finds the same matches
// and gives their places in the original text, to be shown as text, never as HTML.
//
// Substring matching, not whole words: results update as the person types, so "acm" already finds
// "Acme".

export interface SearchQuery {
  /** Every one must appear (in any of the texts searched). Folded (see fold). */
  terms: string[];
  /** Every one must appear as written, spaces included. Folded. */
  phrases: string[];
  /** None may appear. Folded. */
  excluded: string[];
}

/** One text's matches: [start, end) in UTF-16 units of the original text, sorted, not overlapping. */
export type Ranges = [number, number][];

const TOKEN = /(-?)(?:"([^"]*)"?|(\S+))/g;

/** Lower case without accents, one code point at a time (so places map back to the original). */
function foldCodePoint(char: string): string {
  return char.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/** The folded text, and for each of its UTF-16 units the index in `text` it came from. */
function foldWithMap(text: string): { folded: string; origin: number[] } {
  let folded = '';
  const origin: number[] = [];
  let index = 0;
  for (const char of text) {
    const piece = foldCodePoint(char);
    folded += piece;
    for (let i = 0; i < piece.length; i++) origin.push(index);
    index += char.length;
  }
  origin.push(index);
  return { folded, origin };
}

/** Folded text, as the query's parts are kept. */
export function fold(text: string): string {
  return foldWithMap(text).folded;
}

export function parseQuery(input: string): SearchQuery {
  const query: SearchQuery = { terms: [], phrases: [], excluded: [] };
  for (const match of input.matchAll(TOKEN)) {
    const [, minus, quoted, word] = match;
    const text = fold((quoted ?? word).trim());
    if (text === '' || text === '-') continue;
    if (minus) query.excluded.push(text);
    else if (quoted !== undefined && /\s/.test(text)) query.phrases.push(text);
    else query.terms.push(text);
  }
  return query;
}

export function isEmptyQuery(query: SearchQuery): boolean {
  return query.terms.length + query.phrases.length + query.excluded.length === 0;
}

/** Whether texts (a mention's title, snippet, author...) together answer the query. */
export function matchesQuery(texts: readonly string[], query: SearchQuery): boolean {
  const folded = texts.map(fold);
  const found = (part: string) => folded.some((text) => text.includes(part));
  return query.terms.every(found) && query.phrases.every(found) && !query.excluded.some(found);
}

/** Where the query's words and phrases appear in `text`, merged where they touch or overlap. */
export function highlightRanges(text: string, query: SearchQuery): Ranges {
  const { folded, origin } = foldWithMap(text);
  const found: Ranges = [];
  for (const part of [...query.terms, ...query.phrases]) {
    for (let at = folded.indexOf(part); at >= 0; at = folded.indexOf(part, at + 1)) {
      // A match may end inside what one character folded to: the range takes the whole character.
      let end = at + part.length;
      while (end < folded.length && origin[end] === origin[end - 1]) end += 1;
      found.push([origin[at], origin[end]]);
    }
  }
  found.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  const merged: Ranges = [];
  for (const [start, end] of found) {
    const last = merged[merged.length - 1];
    if (last && start <= last[1]) last[1] = Math.max(last[1], end);
    else merged.push([start, end]);
  }
  return merged;
}
