// What a row shows of its mention, alike in the popup's list (MentionRow) and the mentions page's
// results (ResultRowBody): the line that says where it came from (source, project, age), the title
// (a link only when the URL is http or https, else plain with a note saying why), the body, and a
// foot the list fills with its own parts. Each list styles it under its own class block
// ('mention__…', 'result__…'). Every remote string is a text node, with dir="auto" so right-to-left
// text reads in its own direction.
import type { ComponentChildren } from 'preact';
import { t } from '@/lib/i18n';
import { sentimentOf, type Sentiment } from '@/lib/mention-view/mention-text';
import type { StoredMention } from '@/lib/mentions/store';
import { openMode, type OpenMode } from '@/lib/navigation/pages';
import { sourceName } from '@/lib/projects/types';
import { safeHttpUrl } from '@/lib/safe-url';
import { Icon } from '@/components/Icon';
import { RelativeTime } from '@/components/RelativeTime';
import { SourceIcon } from '@/components/SourceIcon';

interface RowBodyProps {
  /** The class block of the list's rows: the popup's 'mention', the mentions page's 'result'. */
  block: 'mention' | 'result';
  mention: StoredMention;
  projectName: string;
  /** With several accounts: the name of the mention's account, shown before its project. */
  accountName?: string;
  /** The clock for the age. */
  now: number;
  /** The title as the row shows it (with its unread mark, or the search's matches marked). */
  title: ComponentChildren;
  /** The body as the row shows it, or null when the mention has none. */
  text: ComponentChildren;
  /** The id of the note under a title that is not a link. */
  noteId: string;
  /** The note's words ("not a web address"), passed in: the results read them once per page. */
  unsafeNote: string;
  /**
   * The popup's roving focus: the title is the row's primary control, in the Tab order only on the
   * active row. The results leave it out (their title keeps the browser's own Tab order).
   */
  tabIndex?: number;
  /** The user's preference: a plain click opens behind too (settings.openInBackground). */
  openInBackground: boolean;
  onOpen(mention: StoredMention, mode: OpenMode): void;
  /** The foot's parts (author, sentiment, buttons or markers). */
  children: ComponentChildren;
}

export function RowBody(props: RowBodyProps) {
  const { block, mention } = props;
  const url = safeHttpUrl(mention.url);
  const focus =
    props.tabIndex === undefined ? {} : { tabIndex: props.tabIndex, 'data-primary': '' };

  const onClick = (event: MouseEvent) => {
    const mode = openMode(event, props.openInBackground);
    if (!mode) return;
    event.preventDefault();
    props.onOpen(mention, mode);
  };

  return (
    <>
      <div class={`${block}__meta`}>
        <SourceIcon source={mention.source} />
        <span class={`${block}__source`}>{sourceName(mention.source)}</span>
        <span class={`${block}__dot`} aria-hidden="true">
          ·
        </span>
        {props.accountName !== undefined && (
          <>
            <span class={`${block}__account`} dir="auto">
              <span class="sr-only">{t('popupRowAccount')} </span>
              {props.accountName}
            </span>
            <span class={`${block}__dot`} aria-hidden="true">
              ·
            </span>
          </>
        )}
        <span class={`${block}__project`} dir="auto">
          {props.projectName}
        </span>
        <RelativeTime
          class={`${block}__time`}
          epochMs={mention.addedAt}
          now={props.now}
          serviceText={mention.date_added}
        />
      </div>
      {url ? (
        <a
          class={`${block}__title`}
          href={url}
          target="_blank"
          rel="noopener noreferrer"
          dir="auto"
          {...focus}
          onClick={onClick}
          onAuxClick={onClick}
        >
          {props.title}
        </a>
      ) : (
        <>
          <span
            class={`${block}__title ${block}__title--plain`}
            dir="auto"
            {...focus}
            aria-describedby={props.noteId}
          >
            {props.title}
          </span>
          <p class={`${block}__unsafe`} id={props.noteId}>
            <Icon name="alert" /> {props.unsafeNote}
          </p>
        </>
      )}
      {props.text !== null && (
        <p class={`${block}__body`} dir="auto">
          {props.text}
        </p>
      )}
      <div class={`${block}__foot`}>{props.children}</div>
    </>
  );
}

const SENTIMENT_LABELS = {
  positive: 'popupSentimentPositive',
  neutral: 'popupSentimentNeutral',
  negative: 'popupSentimentNegative',
} as const satisfies Record<Sentiment, string>;

/** Sentiment as a small coloured mark with a name for assistive technology and a tooltip. */
export function SentimentMark({ value }: { value: number }) {
  const sentiment = sentimentOf(value);
  const label = t(SENTIMENT_LABELS[sentiment]);
  return (
    <span class={`sentiment sentiment--${sentiment}`} role="img" aria-label={label} title={label} />
  );
}
