// The popup's main area: the list of mentions with the keys' hint under it, or the state that
// stands in for it (Body); "Show N new" over its foot when mentions arrived behind it; and the
// "monitor this site" form over it, which makes it inert while open.
import { browser } from 'wxt/browser';
import { MentionList } from '@/components/MentionList';
import { shortcutHint } from '@/lib/mention-view/keyboard';
import { isNarrowed } from '@/lib/mention-view/view-model';
import { optionsHash } from '@/lib/navigation/pages';
import { Body } from '@/entrypoints/popup/Body';
import { usePopup } from '@/entrypoints/popup/popup-context';
import { openSettings } from '@/entrypoints/popup/PopupTop';
import { SitePanel } from '@/entrypoints/popup/SitePanel';

/** Straight to the options page's add form (the popup closes as the new tab takes focus). */
function openAddProject(): void {
  const hash = optionsHash({ view: 'add' });
  void browser.tabs.create({ url: `${browser.runtime.getURL('/options.html')}#${hash}` });
}

export function ListArea() {
  const popup = usePopup();
  const { data, now, list, read, state, site, siteForm, triage } = popup;
  const { visible, filter } = list;
  const showSiteForm = siteForm.open && site.kind === 'site';
  return (
    <div class="content">
      <div class="scroller" inert={showSiteForm}>
        {state.body === 'list' ? (
          <>
            <MentionList
              key={list.filterKey}
              mentions={visible.shown}
              projectName={list.projectName}
              accountName={list.accountName}
              now={now}
              openInBackground={data?.settings.openInBackground}
              saved={triage.savedKeys}
              onOpen={read.onOpen}
              actions={triage.rowActions}
              control={popup.listControl}
              pending={visible.pending}
              firstScreen={popup.firstScreen}
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
            onRefresh={() => void popup.refresh.refresh()}
            onOpenSettings={openSettings}
            onAddProject={openAddProject}
            onShowAll={() => list.changeFilter({ view: 'all' })}
            onClearFilters={() =>
              list.changeFilter({ account: null, projectId: null, source: null, site: null })
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
          onSubmit={siteForm.submit}
          accounts={list.accounts.length > 0 ? list.accounts : undefined}
          onCancel={siteForm.close}
        />
      )}
    </div>
  );
}
