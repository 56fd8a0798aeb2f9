// The bar above the list: the New/All/Saved switch, "Mark all read" and "Open all", the project and
// source filters, and "Snooze notifications" (its menu loaded when it first opens).
import type { RefObject } from 'preact';
import { useRef, useState } from 'preact/hooks';
import { Icon, type IconName } from '@/components/Icon';
import { lazy } from '@/components/lazy';
import type { SnoozeMenuProps } from '@/components/Snooze';
import type { Reporter } from '@/lib/mention-view/send-command';
import { ProjectFilter } from '@/components/ProjectFilter';
import { SourceFilter } from '@/components/SourceFilter';
import { ViewSwitch } from '@/components/ViewSwitch';
import { t, tn } from '@/lib/i18n';
import type { PopupFilter, ProjectOption, SourceOption } from '@/lib/mention-view/view-model';
import type { OpenAll } from '@/entrypoints/popup/use-open-all';

export interface ToolbarProps {
  filter: PopupFilter;
  /** Hidden, not removed, under the site form: its state stays for when the form closes. */
  hidden: boolean;
  scopeUnread: number;
  /** Saved in the filter's scope; null until known. */
  scopeSaved: number | null;
  totalUnread: number;
  projects: ProjectOption[];
  sources: SourceOption[];
  canMarkAll: boolean;
  markAllQueued: boolean;
  onMarkAll(): void;
  openAll: Pick<OpenAll, 'count' | 'canOpen' | 'busy' | 'button' | 'openAll'>;
  onFilter(next: Partial<PopupFilter>): void;
  projectSelect: RefObject<HTMLSelectElement | null>;
  /** Where the snooze menu says a command failed. */
  report: Reporter;
}

const SnoozeMenu = lazy<SnoozeMenuProps>(() =>
  import('@/components/triage-ui').then((module) => module.triageUi.SnoozeMenu),
);

export function Toolbar(props: ToolbarProps) {
  const { filter, onFilter } = props;
  return (
    <div class="toolbar" hidden={props.hidden}>
      <div class="toolbar__row">
        <ViewSwitch
          view={filter.view}
          unread={props.scopeUnread}
          saved={props.scopeSaved}
          onChange={(view) => onFilter({ view })}
        />
        <div class="toolbar__actions">
          <ToolbarButton
            icon="check"
            text={t('popupMarkAllRead')}
            enabled={props.canMarkAll}
            busy={props.markAllQueued}
            onClick={props.onMarkAll}
          />
          <OpenAllButton {...props.openAll} />
        </div>
      </div>
      <div class="toolbar__row">
        <ProjectFilter
          options={props.projects}
          totalUnread={props.totalUnread}
          value={filter.projectId}
          onChange={(projectId) => onFilter({ projectId })}
          selectRef={props.projectSelect}
        />
        <SourceFilter
          sources={props.sources}
          value={filter.source}
          onChange={(source) => onFilter({ source })}
        />
        <SnoozeButton report={props.report} />
      </div>
    </div>
  );
}

/** "Snooze notifications": an icon button and its menu. */
function SnoozeButton({ report }: Pick<ToolbarProps, 'report'>) {
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
function OpenAllButton(props: ToolbarProps['openAll']) {
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
