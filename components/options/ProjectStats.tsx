// A project's statistics, fetched when opened: whatever the service reports, grouped and readable.
import { useMemo } from 'preact/hooks';
import { useProjectStats } from '@/components/use-project-stats';
import { t, uiLanguage } from '@/lib/i18n';
import { groupStats } from '@/lib/projects/stats';

interface ProjectStatsProps {
  id: string;
  projectId: number;
  projectName: string;
}

export function ProjectStats({ id, projectId, projectName }: ProjectStatsProps) {
  const { state, retry } = useProjectStats(projectId);
  const groups = useMemo(
    () => (state.kind === 'loaded' ? groupStats(state.rows, uiLanguage()) : []),
    [state],
  );

  return (
    <div
      id={id}
      class="project-stats"
      role="region"
      aria-label={t('optionsStatsRegion', projectName)}
      aria-busy={state.kind === 'loading' ? 'true' : undefined}
    >
      {state.kind === 'loading' && <p class="muted">{t('optionsStatsLoading')}</p>}
      {state.kind === 'failed' && (
        <div class="problem">
          <p>{t('optionsStatsFailed', state.message)}</p>
          <button type="button" class="secondary" onClick={retry}>
            {t('optionsRetry')}
          </button>
        </div>
      )}
      {state.kind === 'loaded' && groups.length === 0 && (
        <p class="muted">{t('optionsStatsEmpty')}</p>
      )}
      {state.kind === 'loaded' &&
        groups.map((group, index) => (
          <div class="stats-group" key={`${group.title ?? ''}-${index}`}>
            {group.title && <h4>{group.title}</h4>}
            <dl class="stats-grid">
              {group.rows.map((row, rowIndex) => (
                <div key={rowIndex}>
                  <dt>{row.label}</dt>
                  <dd>{row.value}</dd>
                </div>
              ))}
            </dl>
          </div>
        ))}
    </div>
  );
}
