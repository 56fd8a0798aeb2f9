// The popup: paints at once from what the background stored, watches storage while open, and sends
// every change (read state, refresh) to the background as a message. What to show is decided by the
// pure functions in lib/popup; this file holds the state of one popup session and its effects.
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'preact/hooks';
import { browser } from 'wxt/browser';
import { AttentionNotice } from '@/components/AttentionNotice';
import { EmptyState } from '@/components/EmptyState';
import { Icon } from '@/components/Icon';
import { MentionList, type ListControl } from '@/components/MentionList';
import { NewArrivals } from '@/components/NewArrivals';
import { PopupHeader } from '@/components/PopupHeader';
import { ProjectFilter, projectLabel } from '@/components/ProjectFilter';
import { SourceFilter } from '@/components/SourceFilter';
import { StatusToast, type Report } from '@/components/StatusToast';
import { UndoBar } from '@/components/UndoBar';
import { ViewSwitch } from '@/components/ViewSwitch';
import { t, tn } from '@/lib/i18n';
import { allMentionsNewestFirst, mentionCount, unreadCount } from '@/lib/mentions/selectors';
import {
  keyOf,
  keyString,
  type MentionKey,
  type MentionStore,
  type StoredMention,
} from '@/lib/mentions/store';
import { sendMessage } from '@/lib/messaging/protocol';
import { isField, keyCommand } from '@/lib/popup/keyboard';
import type { OpenMode } from '@/lib/popup/open-intent';
import { readPopupData } from '@/lib/popup/popup-data';
import { serviceHost, serviceOriginPattern } from '@/lib/popup/permission';
import { refreshOutcome, type RefreshOutcome } from '@/lib/popup/refresh-result';
import {
  DEFAULT_FILTER,
  inScope,
  isNarrowed,
  popupState,
  projectOptions,
  sourceOptions,
  unreadKeys,
  visibleMentions,
  type PopupFilter,
} from '@/lib/popup/view-model';
import { safeHttpUrl } from '@/lib/safe-url';
import { isConfigured } from '@/lib/settings/settings';
import { initialSyncStatus } from '@/lib/sync/status';
import { useNow, usePopupData } from './hooks';

/** How long a refresh result stays in the header. */
const REPORT_MS = 8_000;
/** How long a plain click waits for "mark read" to be delivered before the popup closes. */
const CLOSE_WAIT_MS = 1_000;

const EMPTY_SET: ReadonlySet<string> = new Set();

function describeOutcome(outcome: RefreshOutcome): Report {
  const error = (text: string): Report => ({ text, tone: 'error' });
  switch (outcome.kind) {
    case 'done': {
      const found =
        outcome.added > 0 ? tn('popupRefreshNew', outcome.added) : t('popupRefreshNone');
      return outcome.partial
        ? error(`${found}. ${t('popupRefreshPartial')}`)
        : { text: found, tone: 'info' };
    }
    case 'failed':
      return error(t('popupRefreshFailed', outcome.message));
    case 'key-rejected':
      return error(t('popupKeyRejectedTitle'));
    case 'permission-missing':
      return error(t('popupPermissionTitle'));
    case 'not-set-up':
      return error(t('popupNotSetUpTitle'));
    case 'skipped':
      return error(t('popupRefreshSkipped'));
  }
}

function latestFirstSeenIn(store: MentionStore): number {
  let latest = 0;
  for (const list of Object.values(store.byProject)) {
    for (const m of list) latest = Math.max(latest, m.firstSeen);
  }
  return latest;
}

function openSettings(): void {
  void browser.runtime.openOptionsPage();
}

export function App() {
  const { data, loadedAt, replace } = usePopupData();
  const now = useNow();
  const [filter, setFilter] = useState<PopupFilter>(DEFAULT_FILTER);
  // Mentions stored after this moment wait behind "Show N new" (see view-model.ts).
  const [revealedAt, setRevealedAt] = useState<number | null>(null);
  const [keep, setKeep] = useState<ReadonlySet<string>>(EMPTY_SET);
  const [refreshing, setRefreshing] = useState(false);
  const [report, setReport] = useState<Report | null>(null);
  const [undo, setUndo] = useState<{ keys: MentionKey[]; id: number } | null>(null);
  const listControl = useRef<ListControl | null>(null);
  const projectSelect = useRef<HTMLSelectElement | null>(null);
  const refreshingRef = useRef(false);

  const store = data?.store;
  const all = useMemo(() => (store ? allMentionsNewestFirst(store) : []), [store]);
  const reveal = revealedAt ?? loadedAt;
  // Revealing shows everything stored so far, even a mention stamped a little in the future.
  const latestFirstSeen = useMemo(() => (store ? latestFirstSeenIn(store) : 0), [store]);
  const revealAll = () => setRevealedAt(Math.max(Date.now(), latestFirstSeen));
  const visible = useMemo(
    () => visibleMentions(all, filter, { revealedAt: reveal, keep }),
    [all, filter, reveal, keep],
  );
  const options = useMemo(() => projectOptions(data?.projects ?? [], all), [data?.projects, all]);
  const names = useMemo(
    () => new Map(options.map((option) => [option.projectId, projectLabel(option)])),
    [options],
  );
  const sources = useMemo(
    () => sourceOptions(all, filter.projectId, filter.source),
    [all, filter.projectId, filter.source],
  );
  const scopeUnread = useMemo(
    () => all.reduce((n, m) => (!m.read && inScope(m, filter) ? n + 1 : n), 0),
    [all, filter],
  );

  // Nothing on screen to push down: show what arrived straight away.
  useLayoutEffect(() => {
    if (visible.shown.length === 0 && visible.held > 0) revealAll();
  }, [visible]);

  // The refresh result fades after a while; a newer one restarts the clock.
  useEffect(() => {
    if (report === null) return;
    const timer = setTimeout(() => setReport(null), REPORT_MS);
    return () => clearTimeout(timer);
  }, [report]);

  async function command(
    run: () => Promise<{ ok: true } | { ok: false; error: { message: string } }>,
  ): Promise<boolean> {
    try {
      const result = await run();
      if (result.ok) return true;
      setReport({ text: t('popupActionFailed', result.error.message), tone: 'error' });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      setReport({ text: t('popupActionFailed', message), tone: 'error' });
    }
    return false;
  }

  function markRead(keys: MentionKey[]) {
    return command(() => sendMessage('markRead', { keys }));
  }

  function markUnread(keys: MentionKey[]) {
    return command(() => sendMessage('markUnread', { keys }));
  }

  /** Read in this popup: the row stays in "New" until the view changes (no row vanishes). */
  function keepVisible(mention: StoredMention) {
    const key = keyString(keyOf(mention));
    setKeep((current) => (current.has(key) ? current : new Set([...current, key])));
  }

  async function openMention(mention: StoredMention, mode: OpenMode) {
    const url = safeHttpUrl(mention.url);
    if (!url) return;
    let marking: Promise<unknown> = Promise.resolve();
    if (!mention.read) {
      keepVisible(mention);
      // Sent before the tab opens: a popup closes as soon as the new tab takes the focus.
      marking = markRead([keyOf(mention)]);
    }
    try {
      await browser.tabs.create({ url, active: mode === 'foreground' });
    } catch {
      setReport({ text: t('popupOpenFailed'), tone: 'error' });
      return;
    }
    if (mode === 'foreground') {
      await Promise.race([marking, new Promise((resolve) => setTimeout(resolve, CLOSE_WAIT_MS))]);
      window.close();
    }
  }

  function toggleRead(mention: StoredMention) {
    if (mention.read) {
      void markUnread([keyOf(mention)]);
    } else {
      keepVisible(mention);
      void markRead([keyOf(mention)]);
    }
  }

  async function markAllRead() {
    const keys = unreadKeys(visible.shown);
    if (keys.length === 0) return;
    if (await markRead(keys)) {
      setKeep(EMPTY_SET);
      setUndo({ keys, id: Date.now() });
    }
  }

  async function undoMarkAll() {
    const keys = undo?.keys ?? [];
    setUndo(null);
    if (keys.length > 0) await markUnread(keys);
  }

  async function refresh() {
    if (refreshingRef.current) return;
    refreshingRef.current = true;
    setRefreshing(true);
    setReport(null);
    const startedAt = Date.now();
    let result: Awaited<ReturnType<typeof sendMessage<'pollNow'>>> | Error;
    try {
      result = await sendMessage('pollNow', undefined);
    } catch (error) {
      result = error instanceof Error ? error : new Error(String(error));
    }
    try {
      const fresh = await readPopupData();
      replace(fresh);
      const outcome = refreshOutcome({
        result,
        startedAt,
        configured: isConfigured(fresh.settings),
        status: fresh.status,
        store: fresh.store,
      });
      setReport(describeOutcome(outcome));
      // The reader asked for fresh mentions: show them now rather than behind a button.
      setRevealedAt(Math.max(Date.now(), latestFirstSeenIn(fresh.store)));
    } finally {
      refreshingRef.current = false;
      setRefreshing(false);
    }
  }

  async function allowAccess() {
    const pattern = serviceOriginPattern(data?.settings.serviceUrl ?? '');
    let granted: boolean;
    try {
      // The first await of the click: the browser grants only from within a user gesture.
      granted = pattern ? await browser.permissions.request({ origins: [pattern] }) : false;
    } catch {
      granted = false;
    }
    if (!granted) {
      setReport({ text: t('popupPermissionDenied'), tone: 'error' });
      return;
    }
    await refresh();
  }

  function changeFilter(next: Partial<PopupFilter>) {
    setFilter((current) => {
      const merged = { ...current, ...next };
      // A source that the newly chosen project never had would leave an empty list.
      if (next.projectId !== undefined && merged.source !== null) {
        const available = sourceOptions(all, merged.projectId);
        if (!available.includes(merged.source)) merged.source = null;
      }
      return merged;
    });
    revealAll();
    setKeep(EMPTY_SET);
  }

  const configured = data ? isConfigured(data.settings) : false;
  const state = popupState({
    configured,
    status: data?.status ?? initialSyncStatus(),
    projectCount: data?.projects.length ?? 0,
    mentionCount: store ? mentionCount(store) : 0,
    filter,
    shownCount: visible.shown.length,
  });
  // Keyboard shortcuts for the whole popup; a ref keeps the handler current without re-binding.
  const onKey = useRef<(event: KeyboardEvent) => void>(() => undefined);
  onKey.current = (event) => {
    const target = event.target instanceof Element ? event.target : null;
    const inList = target?.closest('[data-mention-list]') != null;
    const action = keyCommand(event, { inField: isField(target), inList });
    if (action === null) return;
    switch (action) {
      case 'refresh':
        if (!data || !isConfigured(data.settings)) return;
        void refresh();
        break;
      case 'filter':
        if (!projectSelect.current) return;
        projectSelect.current.focus();
        break;
      case 'toggle-read':
        if (!listControl.current || state.body !== 'list') return;
        listControl.current.toggleActive();
        break;
      default:
        if (!listControl.current || state.body !== 'list') return;
        listControl.current.move(action, inList);
    }
    event.preventDefault();
  };
  useEffect(() => {
    const listener = (event: KeyboardEvent) => onKey.current(event);
    document.addEventListener('keydown', listener);
    return () => document.removeEventListener('keydown', listener);
  }, []);

  if (!data) {
    // Until the first read of storage answers: the frame and the header, no spinner.
    return (
      <main class="popup" aria-busy="true">
        <PopupHeader
          configured={false}
          unread={0}
          lastSuccessAt={null}
          now={now}
          refreshing={false}
          onRefresh={() => undefined}
          onOpenSettings={openSettings}
        />
      </main>
    );
  }

  const hasMentions = all.length > 0;
  const canMarkAll = visible.shown.some((m) => !m.read);
  const lastSuccessAt = data.status.schedule.lastSuccessAt;
  const filterKey = `${filter.view}|${filter.projectId ?? ''}|${filter.source ?? ''}`;

  return (
    <main class="popup">
      <PopupHeader
        configured={configured}
        unread={unreadCount(data.store)}
        lastSuccessAt={lastSuccessAt}
        now={now}
        refreshing={refreshing}
        onRefresh={() => void refresh()}
        onOpenSettings={openSettings}
      />
      {state.attention && (
        <AttentionNotice
          kind={state.attention}
          host={serviceHost(data.settings.serviceUrl)}
          lastSuccessAt={lastSuccessAt}
          now={now}
          busy={refreshing}
          onAllow={() => void allowAccess()}
          onRetry={() => void refresh()}
          onOpenSettings={openSettings}
        />
      )}
      {configured && hasMentions && (
        <div class="toolbar">
          <div class="toolbar__row">
            <ViewSwitch
              view={filter.view}
              unread={scopeUnread}
              onChange={(view) => changeFilter({ view })}
            />
            <button
              type="button"
              class="button button--quiet"
              aria-disabled={canMarkAll ? undefined : 'true'}
              onClick={() => void markAllRead()}
            >
              <Icon name="check" />
              {t('popupMarkAllRead')}
            </button>
          </div>
          <div class="toolbar__row">
            <ProjectFilter
              options={options}
              totalUnread={unreadCount(data.store)}
              value={filter.projectId}
              onChange={(projectId) => changeFilter({ projectId })}
              selectRef={projectSelect}
            />
            <SourceFilter
              sources={sources}
              value={filter.source}
              onChange={(source) => changeFilter({ source })}
            />
          </div>
        </div>
      )}
      <div class="content">
        <div class="scroller">
          {state.body === 'list' ? (
            <>
              <MentionList
                key={filterKey}
                mentions={visible.shown}
                projectName={(id) => names.get(id) ?? t('popupUnknownProject', String(id))}
                now={now}
                onOpen={(mention, mode) => void openMention(mention, mode)}
                onToggleRead={toggleRead}
                control={listControl}
              />
              <p class="hint">{t('popupShortcuts')}</p>
            </>
          ) : (
            <Body
              body={state.body}
              narrowed={isNarrowed(filter)}
              onRefresh={() => void refresh()}
              onShowAll={() => changeFilter({ view: 'all' })}
              onClearFilters={() => changeFilter({ projectId: null, source: null })}
            />
          )}
        </div>
        {state.body === 'list' && visible.held > 0 && (
          <NewArrivals count={visible.held} onShow={revealAll} />
        )}
      </div>
      <div class="toasts">
        <StatusToast report={report} />
        {undo && (
          <UndoBar
            key={undo.id}
            count={undo.keys.length}
            onUndo={() => void undoMarkAll()}
            onDismiss={() => setUndo(null)}
          />
        )}
      </div>
    </main>
  );
}

interface BodyProps {
  body: ReturnType<typeof popupState>['body'];
  narrowed: boolean;
  onRefresh(): void;
  onShowAll(): void;
  onClearFilters(): void;
}

/** Every state that is not the list: a message and the one action that helps. */
function Body({ body, narrowed, onRefresh, onShowAll, onClearFilters }: BodyProps) {
  switch (body) {
    case 'not-set-up':
      return (
        <EmptyState
          icon="plug"
          title={t('popupNotSetUpTitle')}
          action={{ label: t('popupOpenSettings'), onClick: openSettings }}
        >
          <p>{t('popupNotSetUpText')}</p>
        </EmptyState>
      );
    case 'not-checked':
      return (
        <EmptyState
          icon="inbox"
          title={t('popupNotCheckedTitle')}
          action={{ label: t('popupCheckNow'), onClick: onRefresh }}
        >
          <p>{t('popupNotCheckedText')}</p>
        </EmptyState>
      );
    case 'no-projects':
      return (
        <EmptyState
          icon="inbox"
          title={t('popupNoProjectsTitle')}
          action={{ label: t('popupAddProject'), onClick: openSettings }}
        >
          <p>{t('popupNoProjectsText')}</p>
        </EmptyState>
      );
    case 'no-mentions':
      return (
        <EmptyState
          icon="inbox"
          title={t('popupNoMentionsTitle')}
          action={{ label: t('popupCheckNow'), onClick: onRefresh }}
        >
          <p>{t('popupNoMentionsText')}</p>
        </EmptyState>
      );
    case 'caught-up':
      return (
        <EmptyState
          icon="done"
          title={narrowed ? t('popupNothingNewTitle') : t('popupCaughtUpTitle')}
          action={{ label: t('popupShowAllRecent'), onClick: onShowAll }}
        >
          <p>{narrowed ? t('popupNothingNewText') : t('popupCaughtUpText')}</p>
        </EmptyState>
      );
    case 'no-match':
      return (
        <EmptyState
          icon="filter"
          title={t('popupNoMatchTitle')}
          action={{ label: t('popupClearFilters'), onClick: onClearFilters }}
        >
          <p>{t('popupNoMatchText')}</p>
        </EmptyState>
      );
    case 'attention-only':
    case 'list':
      return null;
  }
}
