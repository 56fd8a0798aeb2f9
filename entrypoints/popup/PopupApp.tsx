// The popup's page: its layout only. The state of one popup session and its commands are in
// use-popup-controller.ts; what to show is decided by the pure functions in lib/mention-view.
// The header's site line shows the current tab's site (read under activeTab, after the first
// paint) and offers to monitor it with a short form (SitePanel) or to show its mentions only. The
// snooze line, the phrase dialog and the menus are loaded when first needed (TriagePanels.tsx).
import { browser } from 'wxt/browser';
import { AttentionNotice } from '@/components/AttentionNotice';
import { MentionList } from '@/components/MentionList';
import { PopupHeader } from '@/components/PopupHeader';
import { SiteLine } from '@/components/SiteLine';
import { NewArrivals, StatusToast, UndoBar } from '@/components/Toasts';
import { t } from '@/lib/i18n';
import { optionsHash, openMentionsPage } from '@/lib/navigation/pages';
import { originHost } from '@/lib/permissions/host-pattern';
import { shortcutHint } from '@/lib/mention-view/keyboard';
import { isNarrowed } from '@/lib/mention-view/view-model';
import { Body } from '@/entrypoints/popup/Body';
import { HelpPanel } from '@/entrypoints/popup/HelpPanel';
import { OpenAllDialog } from '@/entrypoints/popup/OpenAllDialog';
import { loadSiteForm, SitePanel } from '@/entrypoints/popup/SitePanel';
import { Toolbar } from '@/entrypoints/popup/Toolbar';
import { MutePhrasePanel, SnoozePanel } from '@/entrypoints/popup/TriagePanels';
import { usePopupController, type PopupController } from '@/entrypoints/popup/use-popup-controller';

function openSettings(): void {
  void browser.runtime.openOptionsPage();
}

/** Straight to the options page's add form (the popup closes as the new tab takes focus). */
function openAddProject(): void {
  const hash = optionsHash({ view: 'add' });
  void browser.tabs.create({ url: `${browser.runtime.getURL('/options.html')}#${hash}` });
}

/** The header's site line, the same element while storage is read and after. */
function siteLine(c: PopupController) {
  return (
    <SiteLine
      site={c.site}
      status={c.siteLine.status}
      configured={c.siteLine.configured}
      added={c.siteForm.added}
      formOpen={c.siteForm.open}
      filterOffered={c.siteLine.filterOffered}
      filterOn={Boolean(c.list.filter.site)}
      onMonitor={c.siteForm.toggle}
      onPrepare={() => void loadSiteForm().catch(() => undefined)}
      onToggleFilter={c.siteLine.toggleFilter}
      monitorRef={c.siteForm.monitorButton}
      rootRef={c.siteForm.siteLine}
    />
  );
}

export function App() {
  const c = usePopupController();
  const { data, now, list, read, refresh, state, site } = c;
  const { mentions, visible, filter } = list;

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
          {siteLine(c)}
        </PopupHeader>
      </main>
    );
  }

  const lastSuccessAt = data.status.schedule.lastSuccessAt;
  const showSiteForm = c.siteForm.open && site.kind === 'site';
  const onRefresh = () => void refresh.refresh();

  return (
    <main class="popup">
      <PopupHeader
        configured={c.configured}
        unread={mentions.unread}
        lastSuccessAt={lastSuccessAt}
        now={now}
        refreshing={refresh.refreshing}
        onRefresh={onRefresh}
        onOpenSettings={openSettings}
        onOpenMentions={() => void openMentionsPage({ projectId: filter.projectId })}
      >
        {siteLine(c)}
      </PopupHeader>
      {state.attention && (
        <AttentionNotice
          kind={state.attention}
          host={originHost(data.settings.serviceUrl)}
          lastSuccessAt={lastSuccessAt}
          now={now}
          busy={refresh.refreshing}
          onAllow={() => void refresh.allowAccess()}
          onRetry={onRefresh}
          onOpenSettings={openSettings}
        />
      )}
      {c.configured && mentions.total > 0 && (
        <Toolbar
          filter={filter}
          hidden={showSiteForm}
          scopeUnread={list.scopeUnread ?? 0}
          scopeSaved={list.scopeSaved}
          totalUnread={mentions.unread}
          projects={list.projects}
          sources={list.sources}
          canMarkAll={c.canMarkAll}
          markAllQueued={read.markAllQueued}
          onMarkAll={() => void read.markAllRead()}
          openAll={c.openAll}
          onFilter={list.changeFilter}
          projectSelect={c.projectSelect}
          report={c.triage.context.report}
        />
      )}
      <div class="content">
        <div class="scroller" inert={showSiteForm}>
          {state.body === 'list' ? (
            <>
              <MentionList
                key={list.filterKey}
                mentions={visible.shown}
                projectName={(id) => list.names.get(id) ?? t('popupUnknownProject', String(id))}
                now={now}
                openInBackground={data.settings.openInBackground}
                saved={c.triage.savedKeys}
                onOpen={read.onOpen}
                actions={c.triage.rowActions}
                control={c.listControl}
                pending={visible.pending}
                firstScreen={c.firstScreen}
                setSize={
                  visible.pending && filter.view === 'new'
                    ? (list.scopeUnread ?? undefined)
                    : undefined
                }
              />
              <p class="hint">{shortcutHint()}</p>
            </>
          ) : (
            <Body
              body={state.body}
              narrowed={isNarrowed(filter)}
              onRefresh={onRefresh}
              onOpenSettings={openSettings}
              onAddProject={openAddProject}
              onShowAll={() => list.changeFilter({ view: 'all' })}
              onClearFilters={() =>
                list.changeFilter({ projectId: null, source: null, site: null })
              }
            />
          )}
        </div>
        {state.body === 'list' && visible.held > 0 && !showSiteForm && (
          <NewArrivals count={visible.held} onShow={list.revealAll} />
        )}
        {showSiteForm && (
          <SitePanel
            host={site.host}
            title={site.title}
            onSubmit={c.siteForm.submit}
            onCancel={c.siteForm.close}
          />
        )}
      </div>
      {c.configured && data.triage && (
        <SnoozePanel
          triage={data.triage.state}
          quietHours={data.settings.quietHours}
          now={now}
          report={c.triage.context.report}
        />
      )}
      <div class="toasts">
        <StatusToast report={c.report} />
        {c.undo.offer && (
          <UndoBar
            key={c.undo.offer.id}
            message={c.undo.offer.message}
            onUndo={() => void c.undo.undo()}
            onDismiss={c.undo.dismiss}
          />
        )}
      </div>
      {c.help.open && <HelpPanel onClose={c.help.close} />}
      {c.triage.phraseOf && (
        <MutePhrasePanel
          mention={c.triage.phraseOf}
          context={c.triage.context}
          onClose={c.triage.closePhrase}
        />
      )}
      <OpenAllDialog openAll={c.openAll} />
    </main>
  );
}
