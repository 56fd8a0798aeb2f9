// One row of the mentions page's results: a checkbox that selects it for a bulk action, where it
// came from (source, project, age), the title (a link only when the URL is http or https), the
// body, author, site and sentiment, and markers for unread, saved and muted. The search's matches
// are marked in the title, body, author and site; every remote string is a text node, with
// dir="auto" so right-to-left text reads in its own direction.
import { Component } from 'preact';
import { t } from '@/lib/i18n';
import { keyOf, keyString, type StoredMention } from '@/lib/mentions/store';
import { mentionBody, mentionTitle } from '@/lib/mention-view/mention-text';
import { sameMention } from '@/lib/mention-view/same-mention';
import { openMode, type OpenMode } from '@/lib/navigation/open-intent';
import { sourceName } from '@/lib/projects/labels';
import { safeHttpUrl } from '@/lib/safe-url';
import type { SearchQuery } from '@/lib/search/query';
import { siteOfUrl } from '@/lib/site/site';
import { sameRelativeTime } from '@/lib/time/relative-time';
import { Icon } from '@/components/Icon';
import { Highlighted, queryText } from '@/components/mentions-page/Highlighted';
import { RelativeTime } from '@/components/RelativeTime';
import { SentimentMark } from '@/components/SentimentMark';
import { SourceIcon } from '@/components/SourceIcon';

export interface ResultRowProps {
  mention: StoredMention;
  /** Its place in the whole list (1-based) and the list's length: most rows are not rendered. */
  position: number;
  setSize: number;
  query: SearchQuery;
  projectName: string;
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
 * functions every render), and a query parsed again from the same search is the same query.
 */
function sameRow(before: ResultRowProps, after: ResultRowProps): boolean {
  return (
    before.position === after.position &&
    before.setSize === after.setSize &&
    (before.query === after.query || queryText(before.query) === queryText(after.query)) &&
    before.projectName === after.projectName &&
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

/** A character no message holds: where the author goes in the translated "by $1". */
const SLOT = '\uE000';

/** A class for shouldComponentUpdate alone, as the popup's MentionRow. */
export class ResultRow extends Component<ResultRowProps> {
  override shouldComponentUpdate(next: ResultRowProps): boolean {
    return !sameRow(this.props, next);
  }

  override render(props: ResultRowProps) {
    return row(props);
  }
}

function row(props: ResultRowProps) {
  const { mention, query } = props;
  const key = keyString(keyOf(mention));
  const id = key.replace(':', '-');
  const url = safeHttpUrl(mention.url);
  const title = mentionTitle(mention);
  const body = mentionBody(mention);
  // Storage is input too: a damaged record without an author must not break the row.
  const author = String(mention.author ?? '').trim();
  const site = siteOfUrl(mention.url);
  // The translated words around the author, so the author alone is marked, in the language's order.
  const [byBefore = '', byAfter = ''] = t('popupByAuthor', SLOT).split(SLOT);

  const onClick = (event: MouseEvent) => {
    const mode = openMode(event, props.openInBackground);
    if (!mode) return;
    event.preventDefault();
    props.onOpen(mention, mode);
  };

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
        aria-label={t('resultsSelect', title)}
        onClick={onCheck}
      />
      <div class="result__main">
        <div class="result__meta">
          <SourceIcon source={mention.source} />
          <span class="result__source">{sourceName(mention.source)}</span>
          <span class="result__dot" aria-hidden="true">
            ·
          </span>
          <span class="result__project" dir="auto">
            {props.projectName}
          </span>
          <RelativeTime
            class="result__time"
            epochMs={mention.addedAt}
            now={props.now}
            serviceText={mention.date_added}
          />
        </div>
        {url ? (
          <a
            class="result__title"
            href={url}
            target="_blank"
            rel="noopener noreferrer"
            dir="auto"
            onClick={onClick}
            onAuxClick={onClick}
          >
            <Highlighted text={title} query={query} />
          </a>
        ) : (
          <>
            <span
              class="result__title result__title--plain"
              dir="auto"
              aria-describedby={`result-unsafe-${id}`}
            >
              <Highlighted text={title} query={query} />
            </span>
            <p class="result__unsafe" id={`result-unsafe-${id}`}>
              <Icon name="alert" /> {t('popupUnsafeLink')}
            </p>
          </>
        )}
        {body !== '' && (
          <p class="result__body" dir="auto">
            <Highlighted text={body} query={query} />
          </p>
        )}
        <div class="result__foot">
          <SentimentMark value={mention.sentiment} />
          {author !== '' && (
            <span class="result__author">
              {byBefore}
              <bdi>
                <Highlighted text={author} query={query} />
              </bdi>
              {byAfter}
            </span>
          )}
          {site.ok && (
            <span class="result__site">
              <Icon name="globe" />
              <Highlighted text={site.host} query={query} />
            </span>
          )}
          <span class="result__marks">
            {!mention.read && (
              <span class="result__mark result__mark--unread">{t('resultsUnread')}</span>
            )}
            {props.saved && (
              <span class="result__mark result__mark--saved">
                <Icon name="star" />
                {t('resultsSaved')}
              </span>
            )}
            {props.muted && (
              <span class="result__mark result__mark--muted">{t('resultsMuted')}</span>
            )}
          </span>
        </div>
      </div>
    </li>
  );
}
