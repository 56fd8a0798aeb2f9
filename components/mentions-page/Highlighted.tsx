// A text with the places a search matched wrapped in <mark>. Remote text stays text: the pieces are
// strings rendered as text nodes, so markup in a title shows as written and never becomes HTML.
import type { ComponentChildren } from 'preact';
import { highlightRanges, isEmptyQuery, type Ranges, type SearchQuery } from '@/lib/search/query';

/** The places to mark: worked out already (a result row's marks), or a search to find them. */
type HighlightedProps = { text: string } & (
  { ranges: Ranges; query?: undefined } | { query: SearchQuery; ranges?: undefined }
);

/**
 * The query as one string, equal for equal queries: a search parsed afresh (every poll makes new
 * results) is the same search, and must not render every row again.
 */
export function queryText(query: SearchQuery): string {
  return JSON.stringify([query.terms, query.phrases, query.excluded]);
}

/** Where the query matches `text`; no search (the common case) costs no folding at all. */
function placesOf(text: string, query: SearchQuery): Ranges {
  return text === '' || isEmptyQuery(query) ? [] : highlightRanges(text, query);
}

export function Highlighted(props: HighlightedProps) {
  const { text } = props;
  const places = props.ranges !== undefined ? props.ranges : placesOf(text, props.query);
  if (places.length === 0) return <>{text}</>;
  const pieces: ComponentChildren[] = [];
  let at = 0;
  for (const [start, end] of places) {
    if (start > at) pieces.push(text.slice(at, start));
    pieces.push(<mark key={start}>{text.slice(start, end)}</mark>);
    at = end;
  }
  if (at < text.length) pieces.push(text.slice(at));
  return <>{pieces}</>;
}
