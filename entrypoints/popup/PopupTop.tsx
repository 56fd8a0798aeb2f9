// The popup's top: its header, the same element while storage is read and after (the counts and
// Refresh fill in once it is), with the current tab's site line under it (read under activeTab:
// it offers to monitor the site with a short form, SitePanel, or to show its mentions only); and
// under the header, the notice of a problem that needs the reader.
import { browser } from 'wxt/browser';
import { AttentionNotice } from '@/components/AttentionNotice';
import { PopupHeader } from '@/components/PopupHeader';
import { SiteLine } from '@/components/SiteLine';
import type { PopupFilter } from '@/lib/mention-view/view-model';
import { openMentionsPage } from '@/lib/navigation/pages';
import { originHost } from '@/lib/permissions/host-pattern';
import { usePopup } from '@/entrypoints/popup/popup-context';
import { loadSiteForm } from '@/entrypoints/popup/SitePanel';

export function openSettings(): void {
  void browser.runtime.openOptionsPage();
}

/** The mentions page's view of what the popup shows: its account and project. */
function pageLinkOf({ account, projectId }: PopupFilter) {
  return account ? { account, projectId } : { projectId };
}

export function PopupTop() {
  const { data, now, list, refresh, state, site, siteForm, siteLine, configured } = usePopup();
  const { syncStatus, statusServiceUrl } = usePopup();
  const ready = data !== null && list.mentions !== null;
  const lastSuccessAt = data ? (syncStatus.schedule.lastSuccessAt ?? null) : null;
  const onRefresh = () => void refresh.refresh();
  return (
    <>
      <PopupHeader
        configured={ready && configured}
        unread={list.mentions?.unread ?? 0}
        lastSuccessAt={lastSuccessAt}
        now={now}
        refreshing={refresh.refreshing}
        onRefresh={onRefresh}
        onOpenSettings={openSettings}
        onOpenMentions={ready ? () => void openMentionsPage(pageLinkOf(list.filter)) : undefined}
        // Until the first read of storage answers: the frame and the header, no spinner.
        reserveStatus={!ready}
      >
        <SiteLine
          site={site}
          status={siteLine.status}
          configured={siteLine.configured}
          added={siteForm.added}
          formOpen={siteForm.open}
          filterOffered={siteLine.filterOffered}
          filterOn={Boolean(list.filter.site)}
          onMonitor={siteForm.toggle}
          onPrepare={() => void loadSiteForm().catch(() => undefined)}
          onToggleFilter={siteLine.toggleFilter}
          monitorRef={siteForm.monitorButton}
          rootRef={siteForm.siteLine}
        />
      </PopupHeader>
      {ready && state.attention && (
        <AttentionNotice
          kind={state.attention}
          host={originHost(statusServiceUrl)}
          lastSuccessAt={lastSuccessAt}
          now={now}
          busy={refresh.refreshing}
          onAllow={() => void refresh.allowAccess()}
          onRetry={onRefresh}
          onOpenSettings={openSettings}
        />
      )}
    </>
  );
}
