// The bar above the list: the New/All switch, "Mark all read" and "Open all", and the project and
// source filters.
import type { RefObject } from 'preact';
import { Icon } from '@/components/Icon';
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
          <button
            type="button"
            class="button button--quiet"
            aria-disabled={props.canMarkAll ? undefined : 'true'}
            aria-busy={props.markAllQueued ? 'true' : undefined}
            onClick={props.onMarkAll}
          >
            <Icon name="check" />
            {t('popupMarkAllRead')}
          </button>
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
    <button
      type="button"
      ref={props.button}
      class="button button--quiet"
      aria-label={label}
      aria-disabled={props.canOpen ? undefined : 'true'}
      aria-busy={props.busy ? 'true' : undefined}
      onClick={props.openAll}
    >
      <Icon name="open" />
      {t('popupOpenAll')}
    </button>
  );
}
