// Filter by project; each option carries its unread count. `/` focuses it. With several accounts
// the projects come in a group per account (two accounts' projects may share a name), and an
// option's value names its account as well as its project (their ids collide).
import type { RefObject } from 'preact';
import { t, uiLanguage } from '@/lib/i18n';
import type { ProjectOption } from '@/lib/mention-view/view-model';

interface ProjectFilterProps {
  options: readonly ProjectOption[];
  totalUnread: number;
  value: number | null;
  /** The chosen project's account, with several accounts. */
  account?: string | null;
  onChange(projectId: number | null, account?: string): void;
  selectRef?: RefObject<HTMLSelectElement | null>;
}

/** The name a project goes by in the popup; remote names are text, never markup. */
export function projectLabel(option: Pick<ProjectOption, 'projectId' | 'name'>): string {
  return option.name ?? t('popupUnknownProject', String(option.projectId));
}

function valueOf(projectId: number, account: string | null | undefined): string {
  return account ? `${account}/${projectId}` : String(projectId);
}

/** The options in groups of one account each, in their order. */
function groups(options: readonly ProjectOption[]): ProjectOption[][] {
  const byAccount = new Map<string, ProjectOption[]>();
  for (const option of options) {
    const group = byAccount.get(option.account!) ?? [];
    group.push(option);
    byAccount.set(option.account!, group);
  }
  return [...byAccount.values()];
}

export function ProjectFilter(props: ProjectFilterProps) {
  const format = new Intl.NumberFormat(uiLanguage());
  const option = (each: ProjectOption) => (
    <option
      key={valueOf(each.projectId, each.account)}
      value={valueOf(each.projectId, each.account)}
    >
      {t('popupProjectOption', [projectLabel(each), format.format(each.unread)])}
    </option>
  );
  const several = props.options.some((each) => each.account !== undefined);
  return (
    <label class="field field--project">
      <span class="field__label">{t('popupProjectFilter')}</span>
      <select
        ref={props.selectRef}
        class="field__select"
        aria-keyshortcuts="/"
        value={props.value === null ? '' : valueOf(props.value, several ? props.account : null)}
        onChange={(event) => {
          const value = event.currentTarget.value;
          if (value === '') return props.onChange(null);
          const [account, projectId] = value.includes('/') ? value.split('/') : [null, value];
          if (account === null) props.onChange(Number(projectId));
          else props.onChange(Number(projectId), account);
        }}
      >
        <option value="">{t('popupAllProjects', format.format(props.totalUnread))}</option>
        {several
          ? groups(props.options).map((group) => (
              <optgroup key={group[0].account} label={group[0].accountName}>
                {group.map(option)}
              </optgroup>
            ))
          : props.options.map(option)}
      </select>
    </label>
  );
}
