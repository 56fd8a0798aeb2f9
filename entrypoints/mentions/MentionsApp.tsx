// The mentions page: every stored and saved mention, searched, filtered and sorted as the URL says
// (use-url-filter.ts), selected for bulk triage, exported, and summed up in trend charts. The same
// page is the browser's side panel (Chromium) or sidebar (Firefox): its layout follows the width.
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { browser } from 'wxt/browser';
import type { TrendChartsProps } from '@/components/charts/TrendCharts';
import type { ConfirmDialogProps } from '@/components/ConfirmDialog';
import { EmptyState, ListLoading } from '@/components/ListStates';
import { lazy } from '@/components/lazy';
import { ResultList } from '@/components/mentions-page/ResultList';
import type { Report } from '@/lib/mention-view/actions';
import { rowKey } from '@/components/mentions-page/ResultRow';
import { StatusToast, UndoBar } from '@/components/Toasts';
import { useNow } from '@/components/RelativeTime';
import { useStableCallback } from '@/components/long-list';
import { useUndo } from '@/components/use-undo';
import { t, tn } from '@/lib/i18n';
import { clickRow, keepShown, NO_SELECTION, selectAll } from '@/lib/mentions-page/selection';
import { firstScreen, pageResults } from '@/lib/mentions-page/page-results';
import type { StoredMention } from '@/lib/mentions/store';
import type { OpenMode } from '@/lib/navigation/pages';
import { BulkBar } from '@/entrypoints/mentions/BulkBar';
import { ExportButtons } from '@/entrypoints/mentions/ExportButtons';
import { exportMentions } from '@/entrypoints/mentions/export-mentions';
import { FilterBar } from '@/entrypoints/mentions/FilterBar';
import { openMention } from '@/entrypoints/mentions/open-mention';
import { SearchBox } from '@/entrypoints/mentions/SearchBox';
import { useBulk } from '@/entrypoints/mentions/use-bulk';
import { usePageData } from '@/entrypoints/mentions/use-page-data';
import { usePageAccounts } from '@/entrypoints/mentions/use-page-accounts';
import type { MentionsFirstRead } from '@/lib/mention-view/first-read';
import { useSearchIndex } from '@/entrypoints/mentions/use-search-index';
import { usePaintedOnce } from '@/entrypoints/mentions/after-next-paint';
import { useUrlFilter } from '@/entrypoints/mentions/use-url-filter';
import { SOURCES } from '@/lib/projects/types';

const TrendCharts = lazy<TrendChartsProps>(() =>
  import('@/components/charts/TrendCharts').then((module) => module.TrendCharts),
);

const ConfirmDialog = lazy<ConfirmDialogProps>(() =>
  import('@/components/ConfirmDialog').then((module) => module.ConfirmDialog),
);

const NO_KEYS: ReadonlySet<string> = new Set();

export function MentionsApp({ firstRead }: { firstRead: MentionsFirstRead }) {
  const data = usePageData(firstRead);
  const { filter, setFilter, setQuery } = useUrlFilter();
  const now = useNow();
  const [report, setReport] = useState<Report | null>(null);
  const undo = useUndo();
  const bulk = useBulk(setReport, undo.offerUndo);
  const [chartsFailed, setChartsFailed] = useState(false);
  const openButton = useRef<HTMLButtonElement>(null);

  const accounts = usePageAccounts(data, filter);
  const { triage } = accounts;
  const savedKeys = triage?.savedKeys ?? NO_KEYS;
  // Until the stores and the triage are read, the first screen comes from the preview, when it can.
  const loading = accounts.loading;
  const early = useMemo(
    () => (loading ? firstScreen(accounts.preview, { ...filter, account: undefined }) : null),
    [loading, accounts.preview, filter],
  );
  const all = accounts.all;
  const index = useSearchIndex(all);
  // The charts (their module, their sums over every row) wait for the rows' first frame.
  const chartsDue = usePaintedOnce(!loading);
  const results = useMemo(
    () =>
      pageResults(all, filter, {
        isMuted: triage?.isMuted ?? (() => false),
        savedKeys,
        index,
      }),
    [all, filter, triage, savedKeys, index],
  );
  // The rows on the page: the preview's first screen until the store is read, then the results.
  const listed = early ?? results.shown;
  const order = useMemo(() => listed.map(rowKey), [listed]);
  const [selection, setSelection] = useState(NO_SELECTION);
  useEffect(() => setSelection((old) => keepShown(old, order)), [order]);

  const { projectName, accountName } = accounts;
  const sources = useMemo(() => {
    const seen = new Set<string>(SOURCES);
    for (const mention of all) if (mention.source) seen.add(mention.source);
    return [...seen];
  }, [all]);

  // The same functions every render: rows compare them to skip rendering again.
  const onSelect = useStableCallback((key: string, shift: boolean) =>
    setSelection((old) => clickRow(old, key, shift, order)),
  );
  const onOpen = useStableCallback((mention: StoredMention, mode: OpenMode) => {
    void openMention(mention, mode, setReport);
  });

  /** The selected rows in the order shown, else every row shown. */
  const selected = (): StoredMention[] =>
    selection.keys.size === 0 ? listed : listed.filter((m) => selection.keys.has(rowKey(m)));

  // Nothing stored: the preview says so at once. An empty first screen of a store that has
  // mentions waits for the store (saved copies may still fill the view).
  const empty = loading ? accounts.preview?.mentions === 0 : all.length === 0;
  const waiting = loading && !empty && (early === null || early.length === 0);

  return (
    <>
      <header class="page-header">
        <h1 class="page-header__title">{t('mentionsPageTitle')}</h1>
        <p class="page-header__count" role="status">
          {loading ? '' : tn('mentionsPageShownCount', results.shown.length, String(all.length))}
        </p>
        <button
          type="button"
          class="button button--quiet"
          onClick={() => void browser.runtime.openOptionsPage()}
        >
          {t('mentionsPageOpenSettings')}
        </button>
      </header>
      <main class="page">
        <div class="page__results">
          <SearchBox value={filter.query} onInput={setQuery} />
          <FilterBar
            filter={filter}
            projects={accounts.projects}
            accounts={accounts.filters}
            sources={sources}
            onChange={setFilter}
          />
          <div class="page__tools">
            <BulkBar
              selected={selection.keys.size}
              shown={loading ? null : results.shown.length}
              busy={bulk.busy}
              onSelectAll={() => setSelection(selectAll(order))}
              onClear={() => setSelection(NO_SELECTION)}
              onAction={(action) => bulk.run(action, selected())}
              openButton={openButton}
            />
            <ExportButtons
              count={loading ? null : selection.keys.size || results.shown.length}
              selection={selection.keys.size > 0}
              onExport={(format) =>
                exportMentions(format, selected(), {
                  projectName,
                  accountName,
                  savedKeys,
                  filterProject:
                    filter.projectId === null
                      ? null
                      : projectName(filter.projectId, filter.account),
                })
              }
            />
          </div>
          {waiting ? (
            <ListLoading />
          ) : empty ? (
            <EmptyState icon="inbox" title={t('mentionsPageEmptyTitle')}>
              {t('mentionsPageEmptyText')}
            </EmptyState>
          ) : listed.length === 0 ? (
            <p class="page__none" role="status">
              {t('mentionsPageNoMatch')}
            </p>
          ) : (
            <ResultList
              mentions={listed}
              query={results.query}
              muted={results.muted}
              saved={savedKeys}
              selection={selection}
              onSelect={onSelect}
              projectName={projectName}
              accountName={accountName}
              now={now}
              onOpen={onOpen}
              openInBackground={data.settings?.openInBackground ?? false}
            />
          )}
        </div>
        <section class="page__trends" aria-labelledby="trends-title">
          <h2 id="trends-title" class="page__section-title">
            {t('mentionsPageTrends')}
          </h2>
          {chartsFailed ? (
            <p role="status">{t('mentionsPageChartsUnavailable')}</p>
          ) : (
            chartsDue && (
              <TrendCharts
                mentions={results.shown}
                now={now}
                projectName={(id) => projectName(id, filter.account)}
                projectId={filter.projectId}
                account={filter.account}
                onUnavailable={() => setChartsFailed(true)}
              />
            )
          )}
        </section>
      </main>
      {bulk.asking !== null && (
        <ConfirmDialog
          title={tn('popupOpenAllTitle', bulk.asking)}
          message={t('popupOpenAllMessage')}
          confirmLabel={tn('popupOpenAllConfirm', bulk.asking)}
          cancelLabel={t('popupOpenAllCancel')}
          onConfirm={() => {
            bulk.confirmOpen();
            openButton.current?.focus();
          }}
          onCancel={() => {
            bulk.cancelOpen();
            openButton.current?.focus();
          }}
          onUnavailable={bulk.cancelOpen}
        />
      )}
      {undo.offer ? (
        <UndoBar
          key={undo.offer.id}
          message={undo.offer.message}
          onUndo={() => void undo.undo()}
          onDismiss={undo.dismiss}
        />
      ) : (
        <StatusToast report={report} />
      )}
    </>
  );
}
