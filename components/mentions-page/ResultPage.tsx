// One page of the results: the rows from `start` to `end`, as the popup's MentionPage does it.
// Appending a page renders that page alone, the browser skips the style, layout and paint of pages
// out of view (content-visibility on .results__page), and a page far from view holds no rows at
// all, only its height (components/far-pages.ts).
import { Component } from 'preact';
import type { StoredMention } from '@/lib/mentions/store';
import type { Selection } from '@/lib/mentions-page/selection';
import type { OpenMode } from '@/lib/navigation/open-intent';
import type { SearchQuery } from '@/lib/search/query';
import { rowKey } from '@/components/mentions-page/row-key';
import { ResultRow } from '@/components/mentions-page/ResultRow';

export interface ResultPageProps {
  /** The whole list (the page reads its slice): the same array while the list only pages on. */
  mentions: readonly StoredMention[];
  start: number;
  end: number;
  /** Far from view: no rows, this height in their place (px). Null renders the rows. */
  farHeight: number | null;
  query: SearchQuery;
  muted: ReadonlySet<string>;
  saved: ReadonlySet<string>;
  selection: Selection;
  projectName(projectId: number): string;
  now: number;
  openInBackground: boolean;
  onSelect(key: string, shift: boolean): void;
  onOpen(mention: StoredMention, mode: OpenMode): void;
}

function samePage(before: ResultPageProps, after: ResultPageProps): boolean {
  return (Object.keys(after) as (keyof ResultPageProps)[]).every((name) =>
    Object.is(before[name], after[name]),
  );
}

/** Any prop that differs renders the page; its rows then decide one by one what changed. */
export class ResultPage extends Component<ResultPageProps> {
  override shouldComponentUpdate(next: ResultPageProps): boolean {
    return !samePage(this.props, next);
  }

  override render(props: ResultPageProps) {
    // data-start names the page to the list's watcher of far pages (far-pages.ts).
    if (props.farHeight !== null) {
      return (
        <ul
          class="results__page results__page--far"
          role="none"
          data-start={props.start}
          style={{ height: `${props.farHeight}px` }}
        />
      );
    }
    const rows = [];
    for (let index = props.start; index < props.end; index++) {
      const mention = props.mentions[index];
      const key = rowKey(mention);
      rows.push(
        <ResultRow
          key={key}
          mention={mention}
          position={index + 1}
          setSize={props.mentions.length}
          query={props.query}
          projectName={props.projectName(mention.project_id)}
          now={props.now}
          selected={props.selection.keys.has(key)}
          saved={props.saved.has(key)}
          muted={props.muted.has(key)}
          openInBackground={props.openInBackground}
          onSelect={props.onSelect}
          onOpen={props.onOpen}
        />,
      );
    }
    // The rows are the list's items: the page is no list of its own to assistive technology.
    return (
      <ul class="results__page" role="none" data-start={props.start}>
        {rows}
      </ul>
    );
  }
}
