// The mentions page's results, a page of rows at a time as the popup's list (MentionList): the
// first paint renders one page whatever the number of results, more pages follow as the end comes
// into view or on "Show more", and pages far from view keep only their height
// (components/long-list.tsx), so 5,000 results stay as quick as 50. Selection, search and markers
// come from the page; the list only shows them and reports clicks.
import { useEffect, useRef } from 'preact/hooks';
import { t, tn } from '@/lib/i18n';
import type { StoredMention } from '@/lib/mentions/store';
import type { Selection } from '@/lib/mentions-page/selection';
import type { OpenMode } from '@/lib/navigation/pages';
import type { SearchQuery } from '@/lib/search/query';
import { queryText } from '@/components/mentions-page/Highlighted';
import { ResultPage } from '@/components/mentions-page/ResultPage';
import { useHeightsOf, useSearchState } from '@/components/mentions-page/use-search-state';
import { useFarPages, useRevealedRows, useStableCallback } from '@/components/long-list';
import '@/components/rows.css';
import '@/components/mentions-page/results.css';

const RESULTS_PAGE_SIZE = 50;

interface ResultListProps {
  mentions: readonly StoredMention[];
  /** Highlighted with highlightRanges (lib/search/query.ts), as text (<mark>). */
  query: SearchQuery;
  /** Keys of rows marked "Muted". */
  muted: ReadonlySet<string>;
  saved: ReadonlySet<string>;
  selection: Selection;
  /** A click on a row's checkbox; `shift` asks for the range from the anchor (clickRow). */
  onSelect(key: string, shift: boolean): void;
  projectName(projectId: number, account: string): string;
  /** With several accounts: the name each account goes by (each row shows its own). */
  accountName?(account: string): string;
  now: number;
  /** A click on the title link, already read as foreground or background (openMode). */
  onOpen(mention: StoredMention, mode: OpenMode): void;
  /** The user's preference: a plain click opens behind too (settings.openInBackground). */
  openInBackground?: boolean;
  pageSize?: number;
}

/** Nothing to list renders nothing: the page says why (no results for the search, nothing stored). */
export function ResultList(props: ResultListProps) {
  if (props.mentions.length === 0) return null;
  return <Pages {...props} />;
}

/**
 * Another search starts a new list at its first page (typing renders 50 rows, not the hundreds
 * scrolled through before) in the same elements: a row still in the results keeps its DOM and
 * renders again only where its marks changed, rather than 50 rows built from scratch on every
 * keystroke.
 */
function Pages(props: ResultListProps) {
  const { mentions } = props;
  const pageSize = props.pageSize ?? RESULTS_PAGE_SIZE;
  const search = queryText(props.query);
  const [limit, setLimit] = useSearchState(search, pageSize);
  const listRef = useRef<HTMLDivElement>(null);
  const far = useFarPages(listRef);
  const farHeights = useHeightsOf(search, far);
  const sentinelRef = useRef<HTMLDivElement>(null);
  // The rows get the same two functions every render, whatever the page passes (an arrow made
  // afresh each render would render every row again on each selection).
  const onSelect = useStableCallback(props.onSelect);
  const onOpen = useStableCallback(props.onOpen);

  const target = Math.min(mentions.length, limit);
  const [revealed, setRevealed] = useSearchState(search, limit);
  const { shown, revealing } = useRevealedRows(target, revealed, (rows) => setRevealed(() => rows));
  const remaining = mentions.length - target;
  // "Show more" waits until the page is all there: it would move, and its observer would load a
  // page nobody scrolled to.
  const offerMore = !revealing && remaining > 0;

  // More rows as the end comes into view (the page's scroller, else the window). Observed again
  // after each page, so a short page that leaves the end visible loads the next one too.
  useEffect(() => {
    const sentinel = sentinelRef.current;
    if (!sentinel || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setLimit((n) => n + pageSize);
      },
      { root: sentinel.closest('.scroller'), rootMargin: '0px 0px 600px 0px' },
    );
    observer.observe(sentinel);
    return () => observer.disconnect();
  }, [limit, offerMore, pageSize]);

  const pages = [];
  for (let start = 0; start < shown; start += pageSize) {
    pages.push(
      <ResultPage
        {...props}
        key={start}
        start={start}
        end={Math.min(start + pageSize, shown)}
        farHeight={farHeights.get(start) ?? null}
        openInBackground={props.openInBackground ?? false}
        onSelect={onSelect}
        onOpen={onOpen}
      />,
    );
  }

  return (
    <div class="results">
      <div class="results__list" role="list" ref={listRef} aria-label={t('resultsListLabel')}>
        {pages}
      </div>
      {offerMore && (
        <div class="results__more" ref={sentinelRef}>
          <button
            type="button"
            class="button button--quiet"
            onClick={() => setLimit((n) => n + pageSize)}
          >
            {tn('popupShowMore', Math.min(pageSize, remaining))}
          </button>
        </div>
      )}
    </div>
  );
}
