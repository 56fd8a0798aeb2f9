// One row of the mentions page's results: a checkbox that selects it for a bulk action, and what
// it shows of its mention (ResultRowBody.tsx: source, project, age, title, body, author, site,
// sentiment, and markers for unread, saved and muted, the search's matches marked).
import { Component } from 'preact';
import { t } from '@/lib/i18n';
import type { StoredMention } from '@/lib/mentions/store';
import { sameMention } from '@/lib/mention-view/mention-text';
import { pageKey } from '@/lib/mention-view/account-mentions';
import type { OpenMode } from '@/lib/navigation/pages';
import type { SearchQuery } from '@/lib/search/query';
import { sameRelativeTime } from '@/lib/time/relative-time';
import { queryText } from '@/components/mentions-page/Highlighted';
import {
  ResultRowBody,
  rowMarks,
  rowTexts,
  sameMarks,
  type RowMarks,
  type RowTexts,
} from '@/components/mentions-page/ResultRowBody';

const keys = new WeakMap<StoredMention, string>();

/**
 * A result row's key (pageKey of its mention), made once per mention object: the list
 * asks for the keys of the rows it renders on every keystroke, and the page's objects stay the
 * same from one keystroke to the next.
 */
export function rowKey(mention: StoredMention): string {
  let key = keys.get(mention);
  if (key === undefined) {
    key = pageKey(mention);
    keys.set(mention, key);
  }
  return key;
}

interface ResultRowProps {
  mention: StoredMention;
  /** Its place in the whole list (1-based) and the list's length: most rows are not rendered. */
  position: number;
  setSize: number;
  query: SearchQuery;
  projectName: string;
  /** With several accounts: the name of the mention's account. */
  accountName?: string;
  /** The clock for the row's age: a tick renders only the rows whose age reads differently. */
  now: number;
  selected: boolean;
  saved: boolean;
  muted: boolean;
  /** A plain click opens behind too (settings.openInBackground). */
  openInBackground: boolean;
  onSelect(key: string, shift: boolean): void;
  onOpen(mention: StoredMention, mode: OpenMode): void;
}

/**
 * Rows render again only when what they show changed: selecting one row, or the clock's tick,
 * must not render the thousands beside it. The callbacks are stable (the page passes the same
 * functions every render). Another search renders the rows whose marks it changes; the others are
 * left as they are.
 */
function sameRowButSearch(before: ResultRowProps, after: ResultRowProps): boolean {
  return (
    before.position === after.position &&
    before.setSize === after.setSize &&
    before.projectName === after.projectName &&
    before.accountName === after.accountName &&
    before.selected === after.selected &&
    before.saved === after.saved &&
    before.muted === after.muted &&
    before.openInBackground === after.openInBackground &&
    before.onSelect === after.onSelect &&
    before.onOpen === after.onOpen &&
    sameMention(before.mention, after.mention) &&
    sameRelativeTime(after.mention.addedAt, before.now, after.now)
  );
}

/** What a row worked out for a mention and a search. */
interface Shown {
  mention: StoredMention;
  search: string;
  texts: RowTexts;
  /** The checkbox's name ("Select <title>"). */
  label: string;
  marks: RowMarks;
}

/** A class for shouldComponentUpdate alone, as the popup's MentionRow. */
export class ResultRow extends Component<ResultRowProps> {
  /** The texts and marks of the last render, or of the props being compared with it. */
  private shown: Shown | null = null;
  private rendered: RowMarks | null = null;

  /** The texts and marks for these props, worked out once per mention object and search. */
  private work(props: ResultRowProps): Shown {
    const search = queryText(props.query);
    const last = this.shown;
    if (last && last.mention === props.mention && last.search === search) return last;
    const same = last !== null && sameMention(last.mention, props.mention);
    const texts = same ? last.texts : rowTexts(props.mention);
    const label = same ? last.label : t('resultsSelect', texts.title);
    this.shown = {
      mention: props.mention,
      search,
      texts,
      label,
      marks: rowMarks(texts, props.query),
    };
    return this.shown;
  }

  override shouldComponentUpdate(next: ResultRowProps): boolean {
    if (!sameRowButSearch(this.props, next)) return true;
    return this.rendered === null || !sameMarks(this.rendered, this.work(next).marks);
  }

  override render(props: ResultRowProps) {
    const shown = this.work(props);
    this.rendered = shown.marks;
    return row(props, shown);
  }
}

function row(props: ResultRowProps, { texts, label, marks }: Shown) {
  const { mention } = props;
  const key = rowKey(mention);

  // The box shows the selection, not its own toggle: the browser flipped it before this runs, so
  // it goes back to the current state, and the new state comes with the render the click causes
  // (a Shift-click may leave this row as it was, and the row then does not render at all).
  const onCheck = (event: MouseEvent) => {
    (event.currentTarget as HTMLInputElement).checked = props.selected;
    props.onSelect(key, event.shiftKey);
  };

  const classes = ['result', mention.read ? 'result--read' : 'result--unread'];
  if (props.selected) classes.push('result--selected');
  if (props.muted) classes.push('result--muted');

  // The explicit role: the page wrapper around the rows has role="none" (ResultPage), which would
  // make an <li> without one presentational too.
  return (
    <li
      role="listitem"
      class={classes.join(' ')}
      aria-posinset={props.position}
      aria-setsize={props.setSize}
      data-key={key}
    >
      <input
        type="checkbox"
        class="result__check"
        checked={props.selected}
        aria-label={label}
        onClick={onCheck}
      />
      <ResultRowBody {...props} id={key.replace(':', '-')} texts={texts} marks={marks} />
    </li>
  );
}
