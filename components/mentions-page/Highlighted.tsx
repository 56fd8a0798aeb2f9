// A text with the places a search matched wrapped in <mark>. Remote text stays text: the pieces are
// strings rendered as text nodes, so markup in a title shows as written and never becomes HTML.
import type { ComponentChildren } from 'preact';
import { highlightRanges, isEmptyQuery, type SearchQuery } from '@/lib/search/query';

export interface HighlightedProps {
  text: string;
  query: SearchQuery;
}

/**
 * The query as one string, equal for equal queries: a search parsed afresh (every poll makes new
 * results) is the same search, and must not render every row again.
 */
export function queryText(query: SearchQuery): string {
  return JSON.stringify([query.terms, query.phrases, query.excluded]);
}

export function Highlighted({ text, query }: HighlightedProps) {
  // No search (the common case) costs no folding at all.
  if (text === '' || isEmptyQuery(query)) return <>{text}</>;
  const pieces: ComponentChildren[] = [];
  let at = 0;
  for (const [start, end] of highlightRanges(text, query)) {
    if (start > at) pieces.push(text.slice(at, start));
    pieces.push(<mark key={start}>{text.slice(start, end)}</mark>);
    at = end;
  }
  if (at < text.length) pieces.push(text.slice(at));
  return <>{pieces}</>;
}
