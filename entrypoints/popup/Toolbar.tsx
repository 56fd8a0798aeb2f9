// The bar above the list: the New/All/Saved switch, "Mark all read" and "Open all", the project and
// source filters, and "Snooze notifications" (its menu loaded when it first opens).
import type { RefObject } from 'preact';
import { useRef, useState } from 'preact/hooks';
import { Icon, type IconName } from '@/components/Icon';
import { lazy } from '@/components/lazy';
import type { Reporter } from '@/lib/mention-view/actions';
import type { SnoozeMenuProps } from '@/components/Snooze';
import { AccountFilter } from '@/components/AccountFilter';
import { ProjectFilter } from '@/components/ProjectFilter';
import { SourceFilter } from '@/components/SourceFilter';
import { ViewSwitch } from '@/components/ViewSwitch';
import { t, tn } from '@/lib/i18n';
import { usePopup } from '@/entrypoints/popup/popup-context';
import type { OpenAll } from '@/entrypoints/popup/use-open-all';

const SnoozeMenu = lazy<SnoozeMenuProps>(() =>
  import('@/components/triage-ui').then((module) => module.triageUi.SnoozeMenu),
);

export function Toolbar() {
  const { list, read, openAll, canMarkAll, projectSelect, siteForm, site, triage } = usePopup();
  const { filter, changeFilter } = list;
  return (
    // Hidden, not removed, under the site form: its state stays for when the form closes.
    <div class="toolbar" hidden={siteForm.open && site.kind === 'site'}>
      <div class="toolbar__row">
        <ViewSwitch
          view={filter.view}
          unread={list.scopeUnread ?? 0}
          saved={list.scopeSaved}
          onChange={(view) => changeFilter({ view })}
        />
        <div class="toolbar__actions">
          <ToolbarButton
            icon="check"
            text={t('popupMarkAllRead')}
            enabled={canMarkAll}
            busy={read.markAllQueued}
            onClick={() => void read.markAllRead()}
          />
          <OpenAllButton {...openAll} />
        </div>
      </div>
      {list.accounts.length > 0 && (
        <div class="toolbar__row">
          <AccountFilter
            accounts={list.accounts}
            totalUnread={list.accounts.reduce((sum, account) => sum + account.unread, 0)}
            value={filter.account ?? null}
            onChange={(account) => changeFilter({ account, projectId: null })}
          />
        </div>
      )}
      <div class="toolbar__row">
        <ProjectFilter
          options={list.projects}
          totalUnread={list.mentions?.unread ?? 0}
          value={filter.projectId}
          account={filter.account}
          // With several accounts, a project is chosen in its account: the account filter follows.
          onChange={(projectId, account) =>
            changeFilter(account === undefined ? { projectId } : { projectId, account })
          }
          selectRef={projectSelect}
        />
        <SourceFilter
          sources={list.sources}
          value={filter.source}
          onChange={(source) => changeFilter({ source })}
        />
        <SnoozeButton report={triage.context.report} />
      </div>
    </div>
  );
}

/** "Snooze notifications": an icon button and its menu. */
/** `report`: where the snooze menu says a command failed. */
function SnoozeButton({ report }: { report: Reporter }) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const close = (refocus: boolean) => {
    setOpen(false);
    if (refocus) button.current?.focus();
  };
  return (
    <>
      <button
        type="button"
        id="snooze-button"
        ref={button}
        class="icon-button"
        aria-label={t('popupSnooze')}
        title={t('popupSnooze')}
        aria-haspopup="menu"
        aria-expanded={open}
        onPointerEnter={SnoozeMenu.preload}
        onClick={() => setOpen(!open)}
      >
        <Icon name="bell" />
      </button>
      {open && button.current && (
        <SnoozeMenu
          button={button.current}
          report={report}
          onClose={close}
          onUnavailable={() => close(true)}
        />
      )}
    </>
  );
}

/** "Open all": its name says how many open (the visible words stay short, as "Mark all read"). */
function OpenAllButton(props: Pick<OpenAll, 'count' | 'canOpen' | 'busy' | 'button' | 'openAll'>) {
  const label =
    props.count === null ? t('popupOpenAllShown') : tn('popupOpenAllLabel', props.count);
  return (
    <ToolbarButton
      icon="open"
      text={t('popupOpenAll')}
      label={label}
      enabled={props.canOpen}
      busy={props.busy}
      onClick={props.openAll}
      buttonRef={props.button}
    />
  );
}

interface ToolbarButtonProps {
  icon: IconName;
  text: string;
  /** The accessible name, when it says more than the visible words. */
  label?: string;
  /** Off: still focusable and named (aria-disabled), so the toolbar's keyboard order holds. */
  enabled: boolean;
  busy: boolean;
  onClick(): void;
  buttonRef?: RefObject<HTMLButtonElement | null>;
}

/** A quiet button of the toolbar's action row. */
function ToolbarButton(props: ToolbarButtonProps) {
  return (
    <button
      type="button"
      ref={props.buttonRef}
      class="button button--quiet"
      aria-label={props.label}
      aria-disabled={props.enabled ? undefined : 'true'}
      aria-busy={props.busy ? 'true' : undefined}
      onClick={props.onClick}
    >
      <Icon name={props.icon} />
      {props.text}
    </button>
  );
}
