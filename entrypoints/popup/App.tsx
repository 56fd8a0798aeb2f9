// The popup: paints at once from what the background stored (a small preview of the store, then
// the store itself right after: lib/popup/first-paint.ts), watches storage while open, and sends
// every change (read state, refresh) to the background as a message. What to show is decided by the
// pure functions in lib/popup; this file holds the state of one popup session and its effects.
// The header's site line shows the current tab's site (read under activeTab, after the first
// paint) and offers to monitor it with a short form (SitePanel) or to show its mentions only.
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'preact/hooks';
import { browser } from 'wxt/browser';
import { AttentionNotice } from '@/components/AttentionNotice';
import { Icon } from '@/components/Icon';
import { FIRST_SCREEN, MentionList, type ListControl } from '@/components/MentionList';
import { NewArrivals } from '@/components/NewArrivals';
import { PopupHeader } from '@/components/PopupHeader';
import { ProjectFilter } from '@/components/ProjectFilter';
import { SiteLine } from '@/components/SiteLine';
import { SourceFilter } from '@/components/SourceFilter';
import { StatusToast, type Report } from '@/components/StatusToast';
import { UndoBar } from '@/components/UndoBar';
import { ViewSwitch } from '@/components/ViewSwitch';
import { t } from '@/lib/i18n';
import { keyOf, keyString, type MentionKey, type StoredMention } from '@/lib/mentions/store';
import { sendMessage, type CommandError } from '@/lib/messaging/protocol';
import { isField, keyCommand } from '@/lib/popup/keyboard';
import type { OpenMode } from '@/lib/popup/open-intent';
import { readPopupData } from '@/lib/popup/popup-data';
import { serviceHost, serviceOriginPattern } from '@/lib/popup/permission';
import { refreshOutcome } from '@/lib/popup/refresh-result';
import { siteStatus, type SiteStatus } from '@/lib/popup/site-status';
import {
  DEFAULT_FILTER,
  isNarrowed,
  popupState,
  unreadBySourceIn,
  unreadKeys,
  type PopupFilter,
} from '@/lib/popup/view-model';
import type { ProjectInput } from '@/lib/projects/types';
import { safeHttpUrl } from '@/lib/safe-url';
import { isConfigured } from '@/lib/settings/settings';
import { initialSyncStatus } from '@/lib/sync/status';
import { optionsHash } from '@/lib/options/deep-link';
import { Body } from './Body';
import { useActiveSite, useFirstFrame, useNow, usePopupData, useStableCallback } from './hooks';
import { latestFirstSeenIn, useMentionView } from './mention-view';
import { describeOutcome } from './outcome';
import { loadSiteForm, SitePanel } from './SitePanel';

/** How long a refresh result stays in the header. */
const REPORT_MS = 8_000;
/** How long a plain click waits for "mark read" to be delivered before the popup closes. */
const CLOSE_WAIT_MS = 1_000;

const EMPTY_SET: ReadonlySet<string> = new Set();
const UNKNOWN_STATUS: SiteStatus = { kind: 'unknown' };

function isCommandReply(reply: unknown): reply is { ok: boolean; error?: CommandError } {
  return typeof reply === 'object' && reply !== null && 'ok' in reply;
}

function openSettings(): void {
  void browser.runtime.openOptionsPage();
}

/** Straight to the options page's add form (the popup closes as the new tab takes focus). */
function openAddProject(): void {
  const hash = optionsHash({ view: 'add' });
  void browser.tabs.create({ url: `${browser.runtime.getURL('/options.html')}#${hash}` });
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
  // "Mark all read" pressed while the rows of its filter were still being read (its filter key).
  const [markAllQueued, setMarkAllQueued] = useState<string | null>(null);
  const listControl = useRef<ListControl | null>(null);
  const projectSelect = useRef<HTMLSelectElement | null>(null);
  const refreshingRef = useRef(false);
  const site = useActiveSite();
  const [siteFormOpen, setSiteFormOpen] = useState(false);
  // The name of the project just added for this site, until the cached project list shows it.
  const [added, setAdded] = useState<string | null>(null);
  const monitorButton = useRef<HTMLButtonElement>(null);
  const siteLine = useRef<HTMLDivElement>(null);
  // Where focus goes once the form has closed: back to its button, or to the site line.
  const focusAfterForm = useRef<'monitor' | 'site' | null>(null);

  const reveal = revealedAt ?? loadedAt;
  const { mentions, visible, projects, names, sources, scopeUnread, latestFirstSeen } =
    useMentionView(data, filter, { revealedAt: reveal, keep });
  const firstFrame = useFirstFrame(data !== null && mentions !== null);
  // Revealing shows everything stored so far, even a mention stamped a little in the future.
  const revealAll = () => setRevealedAt(Math.max(Date.now(), latestFirstSeen));
  const filterKey = `${filter.view}|${filter.projectId ?? ''}|${filter.source ?? ''}|${filter.site ?? ''}`;
  const host = site.kind === 'site' ? site.host : null;
  const projectList = data?.projects ?? null;
  const unreadByProject = mentions?.unreadByProject;
  const status = useMemo(
    () => (host === null ? UNKNOWN_STATUS : siteStatus(host, projectList, unreadByProject ?? {})),
    [host, projectList, unreadByProject],
  );

  useEffect(() => {
    const target = focusAfterForm.current;
    if (siteFormOpen || target === null) return;
    focusAfterForm.current = null;
    (target === 'monitor' ? monitorButton.current : siteLine.current)?.focus();
  }, [siteFormOpen]);

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

  // The same functions every render: the rows compare them to skip rendering again.
  const onOpen = useStableCallback((mention: StoredMention, mode: OpenMode) => {
    void openMention(mention, mode);
  });
  const onToggleRead = useStableCallback(toggleRead);

  async function markAllRead() {
    if (visible.pending) {
      // Some rows of this filter are still being read: mark them all once they are (below).
      setMarkAllQueued(filterKey);
      return;
    }
    const keys = unreadKeys(visible.shown);
    if (keys.length === 0) return;
    if (await markRead(keys)) {
      setKeep(EMPTY_SET);
      setUndo({ keys, id: Date.now() });
    }
  }

  useEffect(() => {
    if (markAllQueued === null || visible.pending) return;
    setMarkAllQueued(null);
    if (markAllQueued === filterKey) void markAllRead();
  }, [markAllQueued, visible.pending, filterKey]);

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
      const stored = Object.values(fresh.store.byProject).flat();
      setRevealedAt(Math.max(Date.now(), latestFirstSeenIn(stored)));
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
      // A source that the newly chosen project never had would leave an empty list. Only the
      // whole store can tell (until it is read, "Nothing matches" offers to clear the filters).
      const narrower = next.projectId !== undefined || next.site !== undefined;
      if (narrower && merged.source !== null && mentions?.holding === 'every') {
        const available = unreadBySourceIn(mentions.list, merged.projectId, merged.site ?? null);
        if (!Object.hasOwn(available, merged.source)) merged.source = null;
      }
      return merged;
    });
    revealAll();
    setKeep(EMPTY_SET);
  }

  function toggleSiteForm() {
    if (siteFormOpen) {
      focusAfterForm.current = 'monitor';
      setSiteFormOpen(false);
    } else {
      setSiteFormOpen(true);
    }
  }

  function closeSiteForm() {
    focusAfterForm.current = 'monitor';
    setSiteFormOpen(false);
  }

  /** The short form's confirm: the failure to show in the form, or null once added. */
  async function addSiteProject(input: ProjectInput): Promise<CommandError | null> {
    let reply: unknown;
    try {
      reply = await sendMessage('addProject', { input });
    } catch {
      reply = null;
    }
    if (!isCommandReply(reply)) return { kind: 'internal', message: t('popupSiteNoBackground') };
    if (!reply.ok) {
      return reply.error ?? { kind: 'internal', message: t('popupSiteNoBackground') };
    }
    // The background has refreshed the cached projects and started the new one's first poll;
    // the site line says "Monitored in ..." as soon as the list in storage shows it.
    setAdded(input.name);
    focusAfterForm.current = 'site';
    setSiteFormOpen(false);
    setReport({ text: t('popupSiteAdded', input.name), tone: 'info' });
    return null;
  }

  const configured = data ? isConfigured(data.settings) : false;
  const state = popupState({
    configured,
    status: data?.status ?? initialSyncStatus(),
    projectCount: data?.projects.length ?? 0,
    mentionCount: mentions?.total ?? 0,
    filter,
    shownCount: visible.shown.length,
    pending: visible.pending,
  });
  // Keyboard shortcuts for the whole popup; a ref keeps the handler current without re-binding.
  const onKey = useRef<(event: KeyboardEvent) => void>(() => undefined);
  onKey.current = (event) => {
    const target = event.target instanceof Element ? event.target : null;
    const inList = target?.closest('[data-mention-list]') != null;
    const action = keyCommand(event, { inField: isField(target), inList });
    if (action === null) return;
    // The form covers the list and the filters: only Refresh still applies.
    if (siteFormOpen && action !== 'refresh') return;
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

  const configuredNow = data ? isConfigured(data.settings) : true;
  const hasStored = (mentions?.total ?? 0) > 0;
  const siteLineView = (
    <SiteLine
      site={site}
      status={status}
      configured={configuredNow}
      added={added}
      formOpen={siteFormOpen}
      filterOffered={configuredNow && hasStored}
      filterOn={Boolean(filter.site)}
      onMonitor={toggleSiteForm}
      onPrepare={() => void loadSiteForm().catch(() => undefined)}
      onToggleFilter={() => changeFilter({ site: filter.site ? null : host })}
      monitorRef={monitorButton}
      rootRef={siteLine}
    />
  );

  if (!data || !mentions) {
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
          reserveStatus
        >
          {siteLineView}
        </PopupHeader>
      </main>
    );
  }

  const hasMentions = mentions.total > 0;
  const showSiteForm = siteFormOpen && site.kind === 'site';
  const canMarkAll = visible.shown.some((m) => !m.read) || (visible.pending && scopeUnread !== 0);
  const lastSuccessAt = data.status.schedule.lastSuccessAt;
  // The first frame shows a screenful of rows, the next one the rest of the page (useFirstFrame);
  // the page is busy until then, so assistive technology reads the whole page.
  const firstScreen = firstFrame && state.body === 'list' && visible.shown.length > FIRST_SCREEN;

  return (
    <main class="popup" aria-busy={firstScreen ? 'true' : undefined}>
      <PopupHeader
        configured={configured}
        unread={mentions.unread}
        lastSuccessAt={lastSuccessAt}
        now={now}
        refreshing={refreshing}
        onRefresh={() => void refresh()}
        onOpenSettings={openSettings}
      >
        {siteLineView}
      </PopupHeader>
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
        <div class="toolbar" hidden={showSiteForm}>
          <div class="toolbar__row">
            <ViewSwitch
              view={filter.view}
              unread={scopeUnread ?? 0}
              onChange={(view) => changeFilter({ view })}
            />
            <button
              type="button"
              class="button button--quiet"
              aria-disabled={canMarkAll ? undefined : 'true'}
              aria-busy={markAllQueued === null ? undefined : 'true'}
              onClick={() => void markAllRead()}
            >
              <Icon name="check" />
              {t('popupMarkAllRead')}
            </button>
          </div>
          <div class="toolbar__row">
            <ProjectFilter
              options={projects}
              totalUnread={mentions.unread}
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
        <div class="scroller" inert={showSiteForm}>
          {state.body === 'list' ? (
            <>
              <MentionList
                key={filterKey}
                mentions={visible.shown}
                projectName={(id) => names.get(id) ?? t('popupUnknownProject', String(id))}
                now={now}
                onOpen={onOpen}
                onToggleRead={onToggleRead}
                control={listControl}
                pending={visible.pending}
                firstScreen={firstScreen}
              />
              <p class="hint">{t('popupShortcuts')}</p>
            </>
          ) : (
            <Body
              body={state.body}
              narrowed={isNarrowed(filter)}
              onRefresh={() => void refresh()}
              onOpenSettings={openSettings}
              onAddProject={openAddProject}
              onShowAll={() => changeFilter({ view: 'all' })}
              onClearFilters={() => changeFilter({ projectId: null, source: null, site: null })}
            />
          )}
        </div>
        {state.body === 'list' && visible.held > 0 && !showSiteForm && (
          <NewArrivals count={visible.held} onShow={revealAll} />
        )}
        {showSiteForm && (
          <SitePanel
            host={site.host}
            title={site.title}
            onSubmit={addSiteProject}
            onCancel={closeSiteForm}
          />
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
