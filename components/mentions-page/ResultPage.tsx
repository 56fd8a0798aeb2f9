// One page of the mentions page's results (components/long-list.tsx: how pages keep a long
// list cheap).
import { Component } from 'preact';
import { mentionAccount } from '@/lib/mention-view/account-mentions';
import type { StoredMention } from '@/lib/mentions/store';
import type { Selection } from '@/lib/mentions-page/selection';
import type { OpenMode } from '@/lib/navigation/pages';
import type { SearchQuery } from '@/lib/search/query';
import { ResultRow, rowKey } from '@/components/mentions-page/ResultRow';
import { pageOfRows, samePage, type RowPageProps } from '@/components/long-list';

interface ResultPageProps extends RowPageProps {
  /** The whole list (the page reads its slice): the same array while the list only pages on. */
  mentions: readonly StoredMention[];
  query: SearchQuery;
  muted: ReadonlySet<string>;
  saved: ReadonlySet<string>;
  selection: Selection;
  projectName(projectId: number, account: string): string;
  /** With several accounts: the name each account goes by. */
  accountName?(account: string): string;
  now: number;
  openInBackground: boolean;
  onSelect(key: string, shift: boolean): void;
  onOpen(mention: StoredMention, mode: OpenMode): void;
}

/** A class for shouldComponentUpdate alone (as ResultRow). */
export class ResultPage extends Component<ResultPageProps> {
  override shouldComponentUpdate(next: ResultPageProps): boolean {
    return !samePage(this.props, next);
  }

  override render(props: ResultPageProps) {
    return pageOfRows('results__page', props, (index) => {
      const mention = props.mentions[index];
      const key = rowKey(mention);
      return (
        <ResultRow
          key={key}
          mention={mention}
          position={index + 1}
          setSize={props.mentions.length}
          query={props.query}
          projectName={props.projectName(mention.project_id, mentionAccount(mention))}
          accountName={props.accountName?.(mentionAccount(mention))}
          now={props.now}
          selected={props.selection.keys.has(key)}
          saved={props.saved.has(key)}
          muted={props.muted.has(key)}
          openInBackground={props.openInBackground}
          onSelect={props.onSelect}
          onOpen={props.onOpen}
        />
      );
    });
  }
}
