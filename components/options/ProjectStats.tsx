// A project's statistics, fetched when opened: whatever the service reports, grouped and readable.
import { useEffect, useState } from 'preact/hooks';
import { t, uiLanguage } from '@/lib/i18n';
import { callBackground } from '@/lib/messaging/call-background';
import { groupStats, type StatGroup } from '@/lib/projects/stats';

export interface ProjectStatsProps {
  id: string;
  projectId: number;
  projectName: string;
}

type State =
  | { kind: 'loading' }
  | { kind: 'loaded'; groups: StatGroup[] }
  | { kind: 'failed'; message: string };

export function ProjectStats({ id, projectId, projectName }: ProjectStatsProps) {
  const [state, setState] = useState<State>({ kind: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let live = true;
    setState({ kind: 'loading' });
    void callBackground('getProjectStats', { projectId }).then((reply) => {
      if (!live) return;
      setState(
        reply.ok
          ? { kind: 'loaded', groups: groupStats(reply.value.rows, uiLanguage()) }
          : { kind: 'failed', message: reply.error.message },
      );
    });
    return () => {
      live = false;
    };
  }, [projectId, attempt]);

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
          <button type="button" class="secondary" onClick={() => setAttempt(attempt + 1)}>
            {t('optionsRetry')}
          </button>
        </div>
      )}
      {state.kind === 'loaded' && state.groups.length === 0 && (
        <p class="muted">{t('optionsStatsEmpty')}</p>
      )}
      {state.kind === 'loaded' &&
        state.groups.map((group, index) => (
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
