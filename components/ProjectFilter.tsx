// Filter by project; each option carries its unread count. `/` focuses it.
import type { RefObject } from 'preact';
import { t, uiLanguage } from '@/lib/i18n';
import type { ProjectOption } from '@/lib/mention-view/view-model';

interface ProjectFilterProps {
  options: readonly ProjectOption[];
  totalUnread: number;
  value: number | null;
  onChange(projectId: number | null): void;
  selectRef?: RefObject<HTMLSelectElement | null>;
}

/** The name a project goes by in the popup; remote names are text, never markup. */
export function projectLabel(option: Pick<ProjectOption, 'projectId' | 'name'>): string {
  return option.name ?? t('popupUnknownProject', String(option.projectId));
}

export function ProjectFilter(props: ProjectFilterProps) {
  const format = new Intl.NumberFormat(uiLanguage());
  return (
    <label class="field field--project">
      <span class="field__label">{t('popupProjectFilter')}</span>
      <select
        ref={props.selectRef}
        class="field__select"
        aria-keyshortcuts="/"
        value={props.value === null ? '' : String(props.value)}
        onChange={(event) => {
          const value = event.currentTarget.value;
          props.onChange(value === '' ? null : Number(value));
        }}
      >
        <option value="">{t('popupAllProjects', format.format(props.totalUnread))}</option>
        {props.options.map((option) => (
          <option key={option.projectId} value={String(option.projectId)}>
            {t('popupProjectOption', [projectLabel(option), format.format(option.unread)])}
          </option>
        ))}
      </select>
    </label>
  );
}
