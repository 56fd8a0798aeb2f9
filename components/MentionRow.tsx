// One mention of the popup's list: what RowBody.tsx shows of it (source, project, age, title and
// body, as the mentions page's rows), then author, sentiment, a read/unread toggle, the star that
// saves it for later, and the button of its menu (RowMenu, opened by the list).
import { Component } from 'preact';
import { t } from '@/lib/i18n';
import type { StoredMention } from '@/lib/mentions/store';
import { pageKey } from '@/lib/mention-view/account-mentions';
import { mentionBody, mentionTitle, sameMention } from '@/lib/mention-view/mention-text';
import { sameRelativeTime } from '@/lib/time/relative-time';
import type { CommandContext } from '@/lib/mention-view/actions';
import type { OpenMode } from '@/lib/navigation/pages';
import { Icon } from '@/components/Icon';
import { RowBody, SentimentMark } from '@/components/RowBody';

/**
 * What can be done to one mention from its row, its menu (RowMenu) or the keyboard. The same object
 * every render: rows compare it to skip rendering again.
 */
export interface RowActions {
  toggleRead(mention: StoredMention): void;
  toggleSave(mention: StoredMention): void;
  /** Opens the dialog that mutes a phrase, prefilled from the mention's title. */
  mutePhrase(mention: StoredMention): void;
  /** For the menu's mutes, which it sends itself (lib/mention-view/actions.ts). */
  context: CommandContext;
}

interface MentionRowProps {
  mention: StoredMention;
  /** Its place in the whole list (1-based) and the list's length: some rows are not rendered. */
  position: number;
  setSize: number;
  projectName: string;
  /** With several accounts: the name of the mention's account. */
  accountName?: string;
  /** The clock for the row's age: a tick renders only the rows whose age reads differently. */
  now: number;
  /** The row the keyboard is on: only its controls are in the Tab order (roving tabindex). */
  active: boolean;
  /** The user's preference: a plain click opens behind too (settings.openInBackground). */
  openInBackground: boolean;
  /** Saved for later: the star is on. */
  saved: boolean;
  /** Its menu is open (the list renders it). */
  menuOpen: boolean;
  onOpen(mention: StoredMention, mode: OpenMode): void;
  actions: RowActions;
  onActivate(key: string): void;
  /** Opens (or closes) the row's menu. */
  onMenu(key: string): void;
}

/**
 * Rows render again only when what they show changed: a new page of rows, a mention marked read
 * or the clock's tick must not render the rows beside it (thousands, once scrolled far). The
 * callbacks are stable (the list and the popup pass the same functions every render).
 */
function sameRow(before: MentionRowProps, after: MentionRowProps): boolean {
  return (
    before.active === after.active &&
    before.openInBackground === after.openInBackground &&
    before.saved === after.saved &&
    before.menuOpen === after.menuOpen &&
    before.position === after.position &&
    before.setSize === after.setSize &&
    before.projectName === after.projectName &&
    before.accountName === after.accountName &&
    before.onOpen === after.onOpen &&
    before.actions === after.actions &&
    before.onActivate === after.onActivate &&
    before.onMenu === after.onMenu &&
    sameMention(before.mention, after.mention) &&
    sameRelativeTime(after.mention.addedAt, before.now, after.now)
  );
}

/** The id of a row's "More actions" button: its menu is named by it and placed by it. */
export function menuButtonId(key: string): string {
  return `more-${key.replace(':', '-')}`;
}

/** Isolates remote text inside a translated sentence, so a right-to-left name cannot reorder it. */
function isolate(text: string): string {
  return `\u2068${text}\u2069`;
}

/**
 * A class for shouldComponentUpdate alone: preact/compat's memo would bring compat's global
 * option hooks into the popup with it.
 */
export class MentionRow extends Component<MentionRowProps> {
  override shouldComponentUpdate(next: MentionRowProps): boolean {
    return !sameRow(this.props, next);
  }

  override render(props: MentionRowProps) {
    return row(props);
  }
}

function row(props: MentionRowProps) {
  const { mention, actions } = props;
  const key = pageKey(mention);
  const body = mentionBody(mention);
  // Storage is input too: a damaged record without an author must not break the row.
  const author = String(mention.author ?? '').trim();
  const tabIndex = props.active ? 0 : -1;
  const toggleLabel = mention.read ? t('popupMarkUnread') : t('popupMarkRead');
  const saveLabel = props.saved ? t('popupUnsave') : t('popupSave');

  // The explicit role: the row's own <ul> is a page wrapper with role="none" (MentionPage), which
  // would make an <li> without one presentational too, not an item of the list.
  return (
    <li
      role="listitem"
      class={`mention${mention.read ? ' mention--read' : ' mention--unread'}`}
      aria-posinset={props.position}
      aria-setsize={props.setSize}
      data-key={key}
      onFocusIn={() => props.onActivate(key)}
    >
      <RowBody
        block="mention"
        mention={mention}
        projectName={props.projectName}
        accountName={props.accountName}
        now={props.now}
        title={
          <>
            {!mention.read && <span class="sr-only">{t('popupUnreadMark')}: </span>}
            {mentionTitle(mention)}
          </>
        }
        text={body === '' ? null : body}
        noteId={`unsafe-${key.replace(':', '-')}`}
        unsafeNote={t('popupUnsafeLink')}
        tabIndex={tabIndex}
        openInBackground={props.openInBackground}
        onOpen={props.onOpen}
      >
        {author !== '' && (
          <span class="mention__author" dir="auto">
            {t('popupByAuthor', isolate(author))}
          </span>
        )}
        <SentimentMark value={mention.sentiment} />
        <button
          type="button"
          class="icon-button mention__toggle"
          tabIndex={tabIndex}
          aria-label={toggleLabel}
          title={`${toggleLabel} (m)`}
          onClick={() => actions.toggleRead(mention)}
        >
          <Icon name={mention.read ? 'unread' : 'check'} />
        </button>
        <button
          type="button"
          class={`icon-button mention__save${props.saved ? ' mention__save--on' : ''}`}
          tabIndex={tabIndex}
          aria-label={saveLabel}
          title={`${saveLabel} (s)`}
          onClick={() => actions.toggleSave(mention)}
        >
          <Icon name="star" />
        </button>
        <button
          type="button"
          id={menuButtonId(key)}
          class="icon-button mention__more"
          tabIndex={tabIndex}
          aria-label={t('popupMoreActions')}
          title={`${t('popupMoreActions')} (x)`}
          aria-haspopup="menu"
          aria-expanded={props.menuOpen}
          onClick={() => props.onMenu(key)}
        >
          <Icon name="more" />
        </button>
      </RowBody>
    </li>
  );
}
