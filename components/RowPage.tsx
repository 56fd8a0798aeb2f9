// One page of a long list of rows: the rows from `start` to `end`, for the popup's list
// (MentionPage) and the mentions page's results (ResultPage). Pages let a long list cost what
// changed, not what it holds: appending a page renders that page alone (Preact walks the pages
// above it, not their thousands of rows), the browser skips the style, layout and paint of pages
// out of view (content-visibility on the page's class, one box per page rather than per row), and
// a page far from view holds no rows at all, only its height (far-pages.ts).
import type { JSX } from 'preact';

export interface RowPageProps {
  start: number;
  end: number;
  /** Far from view: no rows, this height in their place (px). Null renders the rows. */
  farHeight: number | null;
}

/**
 * For a page's shouldComponentUpdate: any prop that differs renders the page, and its rows then
 * decide one by one whether what they show changed.
 */
export function samePage<P extends RowPageProps>(before: P, after: P): boolean {
  return (Object.keys(after) as (keyof P)[]).every((name) => Object.is(before[name], after[name]));
}

/**
 * The page's element, of class `pageClass` ('mentions__page'): its rows, `row(index)` for each
 * index of the whole list it holds, or when far from view an empty one of its height.
 */
export function pageOfRows(
  pageClass: string,
  props: RowPageProps,
  row: (index: number) => JSX.Element,
): JSX.Element {
  // data-start names the page to the list's watcher of far pages (far-pages.ts).
  if (props.farHeight !== null) {
    return (
      <ul
        class={`${pageClass} ${pageClass}--far`}
        role="none"
        data-start={props.start}
        style={{ height: `${props.farHeight}px` }}
      />
    );
  }
  const rows = [];
  for (let index = props.start; index < props.end; index++) rows.push(row(index));
  // The rows are the list's items: the page is no list of its own to assistive technology.
  return (
    <ul class={pageClass} role="none" data-start={props.start}>
      {rows}
    </ul>
  );
}
