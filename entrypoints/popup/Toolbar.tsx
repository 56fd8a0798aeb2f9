// The bar above the list: the New/All switch, "Mark all read" and "Open all", and the project and
// source filters.
import type { RefObject } from 'preact';
import { Icon, type IconName } from '@/components/Icon';
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
  totalUnread: number;
  projects: ProjectOption[];
  sources: SourceOption[];
  canMarkAll: boolean;
  markAllQueued: boolean;
  onMarkAll(): void;
  openAll: Pick<OpenAll, 'count' | 'canOpen' | 'busy' | 'button' | 'openAll'>;
  onFilter(next: Partial<PopupFilter>): void;
  projectSelect: RefObject<HTMLSelectElement | null>;
}

export function Toolbar(props: ToolbarProps) {
  const { filter, onFilter } = props;
  return (
    <div class="toolbar" hidden={props.hidden}>
      <div class="toolbar__row">
        <ViewSwitch
          view={filter.view}
          unread={props.scopeUnread}
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
      </div>
    </div>
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
