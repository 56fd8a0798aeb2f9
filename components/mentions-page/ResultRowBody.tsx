// What a result row shows of its mention: where it came from (source, project, age: RowMeta.tsx,
// as the popup's rows), the title (a link only when the URL is http or https), the body, author,
// site and sentiment, and markers for unread, saved and muted, with the search's matches marked.
// Every remote string is a text node, with dir="auto" so right-to-left text reads in its own
// direction.
//
// Its own component so that what changes on every keystroke around it (the row's place in the
// list, the list's length) renders the row's <li> alone: the body renders again only when the
// mention, its marks or its markers changed.
import { Component } from 'preact';
import { t } from '@/lib/i18n';
import type { StoredMention } from '@/lib/mentions/store';
import { sameMention } from '@/lib/mention-view/same-mention';
import { openMode, type OpenMode } from '@/lib/navigation/open-intent';
import { safeHttpUrl } from '@/lib/safe-url';
import { sameRelativeTime } from '@/lib/time/relative-time';
import { Icon } from '@/components/Icon';
import { Highlighted } from '@/components/mentions-page/Highlighted';
import { sameMarks, type RowMarks, type RowTexts } from '@/components/mentions-page/row-marks';
import { RowMeta } from '@/components/RowMeta';
import { SentimentMark } from '@/components/SentimentMark';

export interface ResultRowBodyProps {
  mention: StoredMention;
  /** The mention's key with a dash (an id's part). */
  id: string;
  texts: RowTexts;
  marks: RowMarks;
  projectName: string;
  now: number;
  saved: boolean;
  muted: boolean;
  openInBackground: boolean;
  onOpen(mention: StoredMention, mode: OpenMode): void;
}

function sameBody(before: ResultRowBodyProps, after: ResultRowBodyProps): boolean {
  return (
    before.id === after.id &&
    before.projectName === after.projectName &&
    before.saved === after.saved &&
    before.muted === after.muted &&
    before.openInBackground === after.openInBackground &&
    before.onOpen === after.onOpen &&
    sameMarks(before.marks, after.marks) &&
    sameMention(before.mention, after.mention) &&
    sameRelativeTime(after.mention.addedAt, before.now, after.now)
  );
}

/** A character no message holds: where the author goes in the translated "by $1". */
const SLOT = '\uE000';

/**
 * The row's fixed words, read from the catalogue once for the page (its language does not change
 * while it is open): each read is a call into the browser, and a keystroke renders tens of rows.
 */
let words: Record<'unread' | 'saved' | 'muted' | 'unsafe' | 'byBefore' | 'byAfter', string> | null =
  null;

function rowWords() {
  if (words) return words;
  // The translated words around the author, so the author alone is marked, in the language's order.
  const [byBefore = '', byAfter = ''] = t('popupByAuthor', SLOT).split(SLOT);
  words = {
    unread: t('resultsUnread'),
    saved: t('resultsSaved'),
    muted: t('resultsMuted'),
    unsafe: t('popupUnsafeLink'),
    byBefore,
    byAfter,
  };
  return words;
}

export class ResultRowBody extends Component<ResultRowBodyProps> {
  override shouldComponentUpdate(next: ResultRowBodyProps): boolean {
    return !sameBody(this.props, next);
  }

  override render(props: ResultRowBodyProps) {
    return body(props);
  }
}

function body(props: ResultRowBodyProps) {
  const { mention, texts, marks, id } = props;
  const url = safeHttpUrl(mention.url);
  const { byBefore, byAfter, ...word } = rowWords();

  const onClick = (event: MouseEvent) => {
    const mode = openMode(event, props.openInBackground);
    if (!mode) return;
    event.preventDefault();
    props.onOpen(mention, mode);
  };

  return (
    <div class="result__main">
      <RowMeta block="result" mention={mention} projectName={props.projectName} now={props.now} />
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
          <Highlighted text={texts.title} ranges={marks.title} />
        </a>
      ) : (
        <>
          <span
            class="result__title result__title--plain"
            dir="auto"
            aria-describedby={`result-unsafe-${id}`}
          >
            <Highlighted text={texts.title} ranges={marks.title} />
          </span>
          <p class="result__unsafe" id={`result-unsafe-${id}`}>
            <Icon name="alert" /> {word.unsafe}
          </p>
        </>
      )}
      {texts.body !== '' && (
        <p class="result__body" dir="auto">
          <Highlighted text={texts.body} ranges={marks.body} />
        </p>
      )}
      <div class="result__foot">
        <SentimentMark value={mention.sentiment} />
        {texts.author !== '' && (
          <span class="result__author">
            {byBefore}
            <bdi>
              <Highlighted text={texts.author} ranges={marks.author} />
            </bdi>
            {byAfter}
          </span>
        )}
        {texts.host !== null && (
          <span class="result__site">
            <Icon name="globe" />
            <Highlighted text={texts.host} ranges={marks.host} />
          </span>
        )}
        <span class="result__marks">
          {!mention.read && <span class="result__mark result__mark--unread">{word.unread}</span>}
          {props.saved && (
            <span class="result__mark result__mark--saved">
              <Icon name="star" />
              {word.saved}
            </span>
          )}
          {props.muted && <span class="result__mark result__mark--muted">{word.muted}</span>}
        </span>
      </div>
    </div>
  );
}
