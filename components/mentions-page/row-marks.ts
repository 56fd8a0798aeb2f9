// What a result row shows of a mention as text, and where the search marks it. Worked out once per
// row and search: a row compares the marks of a new search with the ones it shows, and renders again
// only when they differ (typing "roa" after "ro" leaves most rows as they were).
import type { StoredMention } from '@/lib/mentions/store';
import { mentionBody, mentionTitle } from '@/lib/mention-view/mention-text';
import { highlightRanges, isEmptyQuery, type Ranges, type SearchQuery } from '@/lib/search/query';
import { siteOfUrl } from '@/lib/site/site';

export interface RowTexts {
  title: string;
  body: string;
  /** Trimmed; '' when there is none. */
  author: string;
  /** The host of a web address, else null. */
  host: string | null;
}

/** The places the search matched, per text. */
export interface RowMarks {
  title: Ranges;
  body: Ranges;
  author: Ranges;
  host: Ranges;
}

const NONE: Ranges = [];
const NO_MARKS: RowMarks = { title: NONE, body: NONE, author: NONE, host: NONE };

export function rowTexts(mention: StoredMention): RowTexts {
  const site = siteOfUrl(mention.url);
  return {
    title: mentionTitle(mention),
    body: mentionBody(mention),
    // Storage is input too: a damaged record without an author must not break the row.
    author: String(mention.author ?? '').trim(),
    host: site.ok ? site.host : null,
  };
}

/** No search (the common case) costs no folding at all. */
export function rowMarks(texts: RowTexts, query: SearchQuery): RowMarks {
  if (isEmptyQuery(query)) return NO_MARKS;
  const ranges = (text: string) => (text === '' ? NONE : highlightRanges(text, query));
  return {
    title: ranges(texts.title),
    body: ranges(texts.body),
    author: ranges(texts.author),
    host: texts.host === null ? NONE : ranges(texts.host),
  };
}

function sameRanges(a: Ranges, b: Ranges): boolean {
  return (
    a === b ||
    (a.length === b.length && a.every(([start, end], i) => start === b[i][0] && end === b[i][1]))
  );
}

export function sameMarks(a: RowMarks, b: RowMarks): boolean {
  return (
    a === b ||
    (sameRanges(a.title, b.title) &&
      sameRanges(a.body, b.body) &&
      sameRanges(a.author, b.author) &&
      sameRanges(a.host, b.host))
  );
}
