// The filters and the sort, each a labelled native control: project, source, sentiment, a date
// range, read state, saved only, muted shown or hidden. Every change is a new history entry
// (use-url-filter.ts), so Back undoes it.
import { t } from '@/lib/i18n';
import type { Sentiment } from '@/lib/mention-view/mention-text';
import {
  hasFilters,
  DEFAULT_PAGE_FILTER,
  type PageFilter,
  type PageSort,
  type ReadFilter,
} from '@/lib/mentions-page/page-filter';
import { sourceName, type ServiceProject } from '@/lib/projects/types';

/** An account to filter by, with several: its name and its projects. */
export interface FilterAccount {
  id: string;
  name: string;
  projects: readonly ServiceProject[];
}

interface FilterBarProps {
  filter: PageFilter;
  projects: readonly ServiceProject[];
  /**
   * With several accounts: each one (an account filter comes first, and the projects come in a
   * group per account, their values naming it: project ids of two services collide).
   */
  accounts?: readonly FilterAccount[];
  /** Every source the stored mentions have, and those the service names (docs/service/api.md). */
  sources: readonly string[];
  onChange(change: Partial<PageFilter>): void;
}

const SENTIMENTS = [
  ['negative', 'mentionsPageSentimentNegative'],
  ['neutral', 'mentionsPageSentimentNeutral'],
  ['positive', 'mentionsPageSentimentPositive'],
] as const satisfies readonly (readonly [Sentiment, string])[];

const READ_STATES = [
  ['all', 'mentionsPageReadAll'],
  ['unread', 'mentionsPageReadUnread'],
  ['read', 'mentionsPageReadRead'],
] as const satisfies readonly (readonly [ReadFilter, string])[];

const SORTS = [
  ['date', 'mentionsPageSortDate'],
  ['relevance', 'mentionsPageSortRelevance'],
] as const satisfies readonly (readonly [PageSort, string])[];

/** A <select>'s value for "any": no project, source or sentiment is named ''. */
const ANY = '';

const projectOption = (project: ServiceProject, value: string) => (
  <option key={value} value={value}>
    {project.name || t('popupUnknownProject', String(project.project_id))}
  </option>
);

/** The account filter and the projects of the accounts it shows, each in its account's group. */
function AccountFilters(props: {
  filter: PageFilter;
  accounts: readonly FilterAccount[];
  onChange(change: Partial<PageFilter>): void;
}) {
  const { filter, onChange } = props;
  const shown = props.accounts.filter(
    (a) => filter.account === undefined || a.id === filter.account,
  );
  return (
    <>
      <label class="field">
        <span class="field__label">{t('mentionsPageAccount')}</span>
        <select
          value={filter.account ?? ANY}
          onChange={(event) => {
            const value = event.currentTarget.value;
            // A project is chosen in its account: another account's leaves it.
            onChange({ account: value === ANY ? undefined : value, projectId: null });
          }}
        >
          <option value={ANY}>{t('mentionsPageAllAccounts')}</option>
          {props.accounts.map((account) => (
            <option key={account.id} value={account.id}>
              {account.name}
            </option>
          ))}
        </select>
      </label>
      <label class="field">
        <span class="field__label">{t('mentionsPageProject')}</span>
        <select
          value={filter.projectId === null ? ANY : `${filter.account}/${filter.projectId}`}
          onChange={(event) => {
            const value = event.currentTarget.value;
            if (value === ANY) return onChange({ projectId: null });
            const [account, projectId] = value.split('/');
            onChange({ account, projectId: Number(projectId) });
          }}
        >
          <option value={ANY}>{t('mentionsPageAllProjects')}</option>
          {shown.map((account) => (
            <optgroup key={account.id} label={account.name}>
              {account.projects.map((p) => projectOption(p, `${account.id}/${p.project_id}`))}
            </optgroup>
          ))}
        </select>
      </label>
    </>
  );
}

export function FilterBar({ filter, projects, accounts, sources, onChange }: FilterBarProps) {
  return (
    <div class="filters" role="group" aria-label={t('mentionsPageFiltersLabel')}>
      {accounts ? (
        <AccountFilters filter={filter} accounts={accounts} onChange={onChange} />
      ) : (
        <label class="field">
          <span class="field__label">{t('mentionsPageProject')}</span>
          <select
            value={filter.projectId === null ? ANY : String(filter.projectId)}
            onChange={(event) => {
              const value = event.currentTarget.value;
              onChange({ projectId: value === ANY ? null : Number(value) });
            }}
          >
            <option value={ANY}>{t('mentionsPageAllProjects')}</option>
            {projects.map((project) => projectOption(project, String(project.project_id)))}
          </select>
        </label>
      )}
      <label class="field">
        <span class="field__label">{t('mentionsPageSource')}</span>
        <select
          value={filter.source ?? ANY}
          onChange={(event) => onChange({ source: event.currentTarget.value || null })}
        >
          <option value={ANY}>{t('mentionsPageAllSources')}</option>
          {sources.map((source) => (
            <option key={source} value={source}>
              {sourceName(source)}
            </option>
          ))}
        </select>
      </label>
      <label class="field">
        <span class="field__label">{t('mentionsPageSentiment')}</span>
        <select
          value={filter.sentiment ?? ANY}
          onChange={(event) =>
            onChange({ sentiment: (event.currentTarget.value || null) as Sentiment | null })
          }
        >
          <option value={ANY}>{t('mentionsPageAnySentiment')}</option>
          {SENTIMENTS.map(([value, label]) => (
            <option key={value} value={value}>
              {t(label)}
            </option>
          ))}
        </select>
      </label>
      <label class="field">
        <span class="field__label">{t('mentionsPageFrom')}</span>
        <input
          type="date"
          value={filter.from ?? ''}
          max={filter.to ?? undefined}
          onChange={(event) => onChange({ from: event.currentTarget.value || null })}
        />
      </label>
      <label class="field">
        <span class="field__label">{t('mentionsPageTo')}</span>
        <input
          type="date"
          value={filter.to ?? ''}
          min={filter.from ?? undefined}
          onChange={(event) => onChange({ to: event.currentTarget.value || null })}
        />
      </label>
      <label class="field">
        <span class="field__label">{t('mentionsPageReadState')}</span>
        <select
          value={filter.read}
          onChange={(event) => onChange({ read: event.currentTarget.value as ReadFilter })}
        >
          {READ_STATES.map(([value, label]) => (
            <option key={value} value={value}>
              {t(label)}
            </option>
          ))}
        </select>
      </label>
      <label class="check">
        <input
          type="checkbox"
          checked={filter.savedOnly}
          onChange={(event) => onChange({ savedOnly: event.currentTarget.checked })}
        />
        {t('mentionsPageSavedOnly')}
      </label>
      <label class="check">
        <input
          type="checkbox"
          checked={filter.showMuted}
          onChange={(event) => onChange({ showMuted: event.currentTarget.checked })}
        />
        {t('mentionsPageShowMuted')}
      </label>
      <label class="field">
        <span class="field__label">{t('mentionsPageSort')}</span>
        <select
          value={filter.sort}
          onChange={(event) => onChange({ sort: event.currentTarget.value as PageSort })}
        >
          {SORTS.map(([value, label]) => (
            <option key={value} value={value}>
              {t(label)}
            </option>
          ))}
        </select>
      </label>
      {hasFilters(filter) && (
        <button
          type="button"
          class="button"
          onClick={() =>
            onChange({ ...DEFAULT_PAGE_FILTER, account: undefined, sort: filter.sort })
          }
        >
          {t('mentionsPageClearFilters')}
        </button>
      )}
    </div>
  );
}
