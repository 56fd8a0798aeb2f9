// The popup's top: name, total unread, when the service was last checked, Refresh (with its
// progress and result), the ways to the mentions page and the settings, and under them the current
// site's line.
import type { ComponentChildren } from 'preact';
import { t, tn } from '@/lib/i18n';
import { Icon, type IconName } from '@/components/Icon';
import { RelativeTime } from '@/components/RelativeTime';

interface PopupHeaderProps {
  /** Set up: show the counts and Refresh. */
  configured: boolean;
  unread: number;
  lastSuccessAt: number | null;
  now: number;
  refreshing: boolean;
  onRefresh(): void;
  onOpenSettings(): void;
  /** Opens the full mentions page (search, bulk triage, export, charts); shown once set up. */
  onOpenMentions?(): void;
  /**
   * Before storage is read: keep the status line's room (empty), so the lines under it do not
   * move when it fills in.
   */
  reserveStatus?: boolean;
  /** Under the status line: the site line. */
  children?: ComponentChildren;
}

export function PopupHeader(props: PopupHeaderProps) {
  return (
    <header class="header">
      <div class="header__row">
        <img class="header__logo" src="/icon/32.png" alt="" width={20} height={20} />
        <h1 class="header__title">{t('extName')}</h1>
        <div class="header__actions">
          {props.configured && (
            <button
              type="button"
              class="button button--quiet refresh"
              aria-keyshortcuts="r"
              aria-disabled={props.refreshing ? 'true' : undefined}
              title={`${t('popupRefresh')} (r)`}
              onClick={props.onRefresh}
            >
              <Icon name="refresh" class={props.refreshing ? 'spin' : undefined} />
              <span>{props.refreshing ? t('popupRefreshing') : t('popupRefresh')}</span>
            </button>
          )}
          {props.configured && props.onOpenMentions && (
            <IconButton
              icon="open"
              label={t('popupOpenMentionsPage')}
              onClick={props.onOpenMentions}
            />
          )}
          <IconButton icon="settings" label={t('popupSettings')} onClick={props.onOpenSettings} />
        </div>
      </div>
      {props.configured && (
        <p class="header__status">
          <span class="header__unread">{tn('popupUnreadCount', props.unread)}</span>
          <span aria-hidden="true"> · </span>
          {props.lastSuccessAt === null ? (
            <span>{t('popupNeverChecked')}</span>
          ) : (
            <RelativeTime
              epochMs={props.lastSuccessAt}
              now={props.now}
              phrase={(relative) => t('popupLastChecked', relative)}
            />
          )}
        </p>
      )}
      {!props.configured && props.reserveStatus && <p class="header__status" aria-hidden="true" />}
      {props.children}
    </header>
  );
}

/** A way out of the popup (the mentions page, the settings): an icon named by its label. */
function IconButton({ icon, label, onClick }: { icon: IconName; label: string; onClick(): void }) {
  return (
    <button type="button" class="icon-button" aria-label={label} title={label} onClick={onClick}>
      <Icon name={icon} />
    </button>
  );
}
