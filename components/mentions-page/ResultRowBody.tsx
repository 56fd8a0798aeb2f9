// What a result row shows of its mention: what RowBody.tsx shows of it (source, project, age, title
// and body, as the popup's rows), then sentiment, author and site, and markers for unread, saved and
// muted, with the search's matches marked.
//
// Its own component so that what changes on every keystroke around it (the row's place in the
// list, the list's length) renders the row's <li> alone: the body renders again only when the
// mention, its marks or its markers changed. What it shows as text (rowTexts) and where the search
// marks it (rowMarks) are worked out once per row and search: a row compares the marks of a new
// search with the ones it shows (sameMarks), so typing "roa" after "ro" leaves most rows as they
// were.
import { Component } from 'preact';
import { t } from '@/lib/i18n';
import type { StoredMention } from '@/lib/mentions/store';
import { sameMention } from '@/lib/mention-view/mention-text';
import { mentionBody, mentionTitle } from '@/lib/mention-view/mention-text';
import type { OpenMode } from '@/lib/navigation/pages';
import { highlightRanges, isEmptyQuery, type Ranges, type SearchQuery } from '@/lib/search/query';
import { siteOfUrl } from '@/lib/site/site';
import { sameRelativeTime } from '@/lib/time/relative-time';
import { Icon } from '@/components/Icon';
import { Highlighted } from '@/components/mentions-page/Highlighted';
import { RowBody, SentimentMark } from '@/components/RowBody';

export interface RowTexts {
  title: string;
  body: string;
  /** Trimmed; '' when there is none. */
  author: string;
  /** The host of a web address, else null. */
  host: string | null;
}

/** The places the search matched, per text. */
export interface RowMarks {
  title: Ranges;
  body: Ranges;
  author: Ranges;
  host: Ranges;
}

const NONE: Ranges = [];
const NO_MARKS: RowMarks = { title: NONE, body: NONE, author: NONE, host: NONE };

export function rowTexts(mention: StoredMention): RowTexts {
  const site = siteOfUrl(mention.url);
  return {
    title: mentionTitle(mention),
    body: mentionBody(mention),
    // Storage is input too: a damaged record without an author must not break the row.
    author: String(mention.author ?? '').trim(),
    host: site.ok ? site.host : null,
  };
}

/** No search (the common case) costs no folding at all. */
export function rowMarks(texts: RowTexts, query: SearchQuery): RowMarks {
  if (isEmptyQuery(query)) return NO_MARKS;
  const ranges = (text: string) => (text === '' ? NONE : highlightRanges(text, query));
  return {
    title: ranges(texts.title),
    body: ranges(texts.body),
    author: ranges(texts.author),
    host: texts.host === null ? NONE : ranges(texts.host),
  };
}

function sameRanges(a: Ranges, b: Ranges): boolean {
  return (
    a === b ||
    (a.length === b.length && a.every(([start, end], i) => start === b[i][0] && end === b[i][1]))
  );
}

export function sameMarks(a: RowMarks, b: RowMarks): boolean {
  return (
    a === b ||
    (sameRanges(a.title, b.title) &&
      sameRanges(a.body, b.body) &&
      sameRanges(a.author, b.author) &&
      sameRanges(a.host, b.host))
  );
}

interface ResultRowBodyProps {
  mention: StoredMention;
  /** The mention's key with a dash (an id's part). */
  id: string;
  texts: RowTexts;
  marks: RowMarks;
  projectName: string;
  accountName?: string;
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
    before.accountName === after.accountName &&
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

  override render({ mention, texts, marks, ...props }: ResultRowBodyProps) {
    const { byBefore, byAfter, ...word } = rowWords();
    return (
      <div class="result__main">
        <RowBody
          block="result"
          mention={mention}
          projectName={props.projectName}
          accountName={props.accountName}
          now={props.now}
          title={<Highlighted text={texts.title} ranges={marks.title} />}
          text={texts.body === '' ? null : <Highlighted text={texts.body} ranges={marks.body} />}
          noteId={`result-unsafe-${props.id}`}
          unsafeNote={word.unsafe}
          openInBackground={props.openInBackground}
          onOpen={props.onOpen}
        >
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
        </RowBody>
      </div>
    );
  }
}
