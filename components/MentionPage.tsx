// One page of the mention list: the rows from `start` to `end`. Pages let a long list cost what
// changed, not what it holds: appending a page renders that page alone (Preact walks the pages
// above it, not their thousands of rows), the browser skips the style, layout and paint of pages
// out of view (content-visibility on .mentions__page, one box per page rather than per row), and a
// page far from view holds no rows at all, only its height (far-pages.ts).
import { Component } from 'preact';
import type { StoredMention } from '@/lib/mentions/store';
import type { OpenMode } from '@/lib/navigation/open-intent';
import { MentionRow } from '@/components/MentionRow';
import type { RowActions } from '@/components/row-actions';

export interface MentionPageProps {
  /** The whole list (the page reads its slice): the same array while the list only pages on. */
  mentions: readonly StoredMention[];
  keys: readonly string[];
  start: number;
  end: number;
  /** Far from view: no rows, this height in their place (px). Null renders the rows. */
  farHeight: number | null;
  /** The key of the row the keyboard is on when it is on this page, else null. */
  activeKey: string | null;
  /** The key of the row whose menu is open when it is on this page, else null. */
  menuKey: string | null;
  /** Keys of the saved mentions. */
  saved: ReadonlySet<string>;
  projectName(projectId: number): string;
  now: number;
  openInBackground: boolean;
  onOpen(mention: StoredMention, mode: OpenMode): void;
  actions: RowActions;
  onActivate(key: string): void;
  onMenu(key: string): void;
}

function samePage(before: MentionPageProps, after: MentionPageProps): boolean {
  return (Object.keys(after) as (keyof MentionPageProps)[]).every((name) =>
    Object.is(before[name], after[name]),
  );
}

/**
 * A class for shouldComponentUpdate alone (as MentionRow). Any prop that differs renders the page,
 * and its rows then decide one by one whether what they show changed.
 */
export class MentionPage extends Component<MentionPageProps> {
  override shouldComponentUpdate(next: MentionPageProps): boolean {
    return !samePage(this.props, next);
  }

  override render(props: MentionPageProps) {
    // data-start names the page to the list's watcher of far pages (far-pages.ts).
    if (props.farHeight !== null) {
      return (
        <ul
          class="mentions__page mentions__page--far"
          role="none"
          data-start={props.start}
          style={{ height: `${props.farHeight}px` }}
        />
      );
    }
    const rows = [];
    for (let index = props.start; index < props.end; index++) {
      const mention = props.mentions[index];
      const key = props.keys[index];
      rows.push(
        <MentionRow
          key={key}
          mention={mention}
          position={index + 1}
          setSize={props.mentions.length}
          projectName={props.projectName(mention.project_id)}
          now={props.now}
          active={key === props.activeKey}
          openInBackground={props.openInBackground}
          saved={props.saved.has(key)}
          menuOpen={key === props.menuKey}
          onOpen={props.onOpen}
          actions={props.actions}
          onActivate={props.onActivate}
          onMenu={props.onMenu}
        />,
      );
    }
    // The rows are the list's items: the page is no list of its own to assistive technology.
    return (
      <ul class="mentions__page" role="none" data-start={props.start}>
        {rows}
      </ul>
    );
  }
}
