// The header's site line: the current tab's site and whether a project watches it, with the one
// control that fits ("Mentions on this site" when watched, "Monitor this site" when not, the same
// control disabled with the reason when the page cannot be monitored). It always takes the same
// room, so nothing moves when the tab answers after the first paint.
import type { Ref } from 'preact';
import { t, tn } from '@/lib/i18n';
import type { ActiveSite, SiteStatus } from '@/lib/site/site-status';
import type { SiteUnavailable } from '@/lib/site/site';
import { Icon } from '@/components/Icon';

interface SiteLineProps {
  site: ActiveSite;
  /** Whether a project watches the site; 'unknown' until the projects are read. */
  status: SiteStatus;
  configured: boolean;
  /** The name of a project just added for this site, until the project list shows it. */
  added: string | null;
  /** The "monitor this site" form is open. */
  formOpen: boolean;
  /** "Mentions on this site" is offered (there are stored mentions to filter). */
  filterOffered: boolean;
  filterOn: boolean;
  onMonitor(): void;
  /** The pointer or focus is on "Monitor this site": a click may follow (load the form early). */
  onPrepare?(): void;
  onToggleFilter(): void;
  monitorRef?: Ref<HTMLButtonElement>;
  /** The line itself, focusable from script (where focus goes after the form closed). */
  rootRef?: Ref<HTMLDivElement>;
}

const DETAIL_ID = 'site-detail';

/** Why a page cannot be monitored, in words. */
function unavailableReason(reason: SiteUnavailable): string {
  switch (reason) {
    case 'no-url':
      return t('popupSiteReasonNoUrl');
    case 'browser-page':
      return t('popupSiteReasonBrowserPage');
    case 'extension-page':
      return t('popupSiteReasonExtensionPage');
    case 'file':
      return t('popupSiteReasonFile');
    case 'not-a-website':
      return t('popupSiteReasonNotAWebsite');
  }
}

/** "Monitored in Acme, brand" (and how many more projects watch it). */
function monitoredText(status: Extract<SiteStatus, { kind: 'monitored' }>): string {
  const type = t(`popupSiteType_${status.type}`);
  const name = status.project.name;
  return status.others > 0
    ? tn('popupSiteMonitoredInMore', status.others, name, type)
    : t('popupSiteMonitoredIn', [name, type]);
}

export function SiteLine(props: SiteLineProps) {
  const { site, status } = props;
  let host = '';
  let detail = '';
  let unread: string | null = null;
  let control = null;

  const disabledMonitor = (
    <button
      type="button"
      class="button button--quiet button--small site__control"
      aria-disabled="true"
      aria-describedby={DETAIL_ID}
    >
      <Icon name="plus" />
      {t('popupSiteMonitor')}
    </button>
  );

  if (site.kind === 'unavailable') {
    host = t('popupSiteThisPage');
    detail = unavailableReason(site.reason);
    control = disabledMonitor;
  } else if (site.kind === 'site') {
    host = site.host;
    if (!props.configured) {
      detail = t('popupSiteReasonNotSetUp');
      control = disabledMonitor;
    } else if (status.kind === 'monitored') {
      detail = monitoredText(status);
      unread = tn('popupUnreadCount', status.unread);
      if (props.filterOffered) {
        control = (
          <button
            type="button"
            class="chip site__control"
            aria-pressed={props.filterOn}
            onClick={props.onToggleFilter}
          >
            {props.filterOn && <Icon name="check" />}
            {t('popupSiteOnThisSite')}
          </button>
        );
      }
    } else if (status.kind === 'not-monitored') {
      if (props.added !== null) {
        detail = t('popupSiteAddedPending', props.added);
      } else {
        detail = t('popupSiteNotMonitored');
        control = (
          <button
            type="button"
            ref={props.monitorRef}
            class="button button--quiet button--small site__control"
            aria-expanded={props.formOpen}
            onClick={props.onMonitor}
            onPointerEnter={props.onPrepare}
            onFocus={props.onPrepare}
          >
            <Icon name="plus" />
            {t('popupSiteMonitor')}
          </button>
        );
      }
    }
  }

  return (
    <div
      class="site"
      ref={props.rootRef}
      tabIndex={-1}
      aria-busy={site.kind === 'pending' ? 'true' : undefined}
    >
      <span class="site__icon" aria-hidden="true">
        <Icon name="globe" />
      </span>
      <p class="site__host" title={host || undefined}>
        {host}
      </p>
      {control}
      <p class="site__detail" id={DETAIL_ID}>
        <span class="site__status" title={detail || undefined}>
          {detail}
        </span>
        {unread !== null && (
          <span class="site__unread">
            <span aria-hidden="true"> · </span>
            {unread}
          </span>
        )}
      </p>
    </div>
  );
}
