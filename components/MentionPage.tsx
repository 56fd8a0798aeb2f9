// One page of the popup's mention list (long-list.tsx: how pages keep a long list cheap).
import { Component } from 'preact';
import type { StoredMention } from '@/lib/mentions/store';
import type { OpenMode } from '@/lib/navigation/pages';
import { mentionAccount } from '@/lib/mention-view/account-mentions';
import { MentionRow } from '@/components/MentionRow';
import { pageOfRows, samePage, type RowPageProps } from '@/components/long-list';
import type { RowActions } from '@/components/MentionRow';

interface MentionPageProps extends RowPageProps {
  /** The whole list (the page reads its slice): the same array while the list only pages on. */
  mentions: readonly StoredMention[];
  keys: readonly string[];
  /** The whole list's length, as the rows say it (MentionList's setSize). */
  setSize: number;
  /** The key of the row the keyboard is on when it is on this page, else null. */
  activeKey: string | null;
  /** The key of the row whose menu is open when it is on this page, else null. */
  menuKey: string | null;
  /** Keys of the saved mentions. */
  saved: ReadonlySet<string>;
  projectName(projectId: number, account: string): string;
  /** With several accounts: the name each account goes by. */
  accountName?(account: string): string;
  now: number;
  openInBackground: boolean;
  onOpen(mention: StoredMention, mode: OpenMode): void;
  actions: RowActions;
  onActivate(key: string): void;
  onMenu(key: string): void;
}

/** A class for shouldComponentUpdate alone (as MentionRow). */
export class MentionPage extends Component<MentionPageProps> {
  override shouldComponentUpdate(next: MentionPageProps): boolean {
    return !samePage(this.props, next);
  }

  override render(props: MentionPageProps) {
    return pageOfRows('mentions__page', props, (index) => {
      const mention = props.mentions[index];
      const key = props.keys[index];
      return (
        <MentionRow
          key={key}
          mention={mention}
          position={index + 1}
          setSize={props.setSize}
          projectName={props.projectName(mention.project_id, mentionAccount(mention))}
          accountName={props.accountName?.(mentionAccount(mention))}
          now={props.now}
          active={key === props.activeKey}
          openInBackground={props.openInBackground}
          saved={props.saved.has(key)}
          menuOpen={key === props.menuKey}
          onOpen={props.onOpen}
          actions={props.actions}
          onActivate={props.onActivate}
          onMenu={props.onMenu}
        />
      );
    });
  }
}
