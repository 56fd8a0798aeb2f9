// The service's own statistics of the selected project (getProjectStats): counts that belong
// together as bar charts, the rest as a table grouped like the options page's list.
import { useMemo } from 'preact/hooks';
import { BarList } from '@/components/charts/BarList';
import { ChartFigure } from '@/components/charts/ChartFigure';
import { useProjectStats } from '@/components/use-project-stats';
import { t, uiLanguage } from '@/lib/i18n';
import { statView, type StatView } from '@/lib/charts/stat-charts';

interface ServiceStatsProps {
  projectId: number;
  /** The project's account, with several. */
  account?: string;
  projectName: string;
}

function StatTable({ view, projectName }: { view: StatView; projectName: string }) {
  return (
    <div class="chart__scroll">
      <table class="stat-table">
        <caption>{t('chartOtherStats', projectName)}</caption>
        <thead>
          <tr>
            <th scope="col">{t('chartStatistic')}</th>
            <th scope="col">{t('chartValue')}</th>
          </tr>
        </thead>
        {view.table.map((group, index) => (
          <tbody key={index}>
            {group.title !== null && (
              <tr>
                <th scope="rowgroup" colSpan={2} class="stat-table__group">
                  {group.title}
                </th>
              </tr>
            )}
            {group.rows.map((row, rowIndex) => (
              <tr key={rowIndex}>
                <th scope="row">{row.label}</th>
                <td>{row.value}</td>
              </tr>
            ))}
          </tbody>
        ))}
      </table>
    </div>
  );
}

export function ServiceStats({ projectId, account, projectName }: ServiceStatsProps) {
  const { state, retry } = useProjectStats(projectId, account);
  const view = useMemo(
    () => (state.kind === 'loaded' ? statView(state.rows, uiLanguage()) : null),
    [state],
  );
  const number = new Intl.NumberFormat(uiLanguage());
  return (
    <section
      class="service-stats"
      aria-label={t('chartServiceStats', projectName)}
      aria-busy={state.kind === 'loading' ? 'true' : undefined}
    >
      <h3 class="service-stats__title">{t('chartServiceStats', projectName)}</h3>
      {state.kind === 'loading' && <p class="chart__empty">{t('optionsStatsLoading')}</p>}
      {state.kind === 'failed' && (
        <div class="chart__problem">
          <p>{t('optionsStatsFailed', state.message)}</p>
          <button type="button" onClick={retry}>
            {t('optionsRetry')}
          </button>
        </div>
      )}
      {view && view.charts.length === 0 && view.table.length === 0 && (
        <p class="chart__empty">{t('optionsStatsEmpty')}</p>
      )}
      {view && view.charts.length > 0 && (
        <div class="trend-charts__grid">
          {view.charts.map((chart) => (
            <ChartFigure
              key={chart.key}
              level={4}
              name={chart.title}
              note={t('chartStatNote', projectName)}
              table={{
                caption: chart.title,
                head: [t('chartStatistic'), t('chartValue')],
                rows: chart.bars.map((bar, index) => ({
                  key: String(index),
                  name: bar.label,
                  cells: [number.format(bar.value)],
                })),
              }}
            >
              {(noteId) => (
                <BarList
                  label={chart.title}
                  describedBy={noteId}
                  bars={chart.bars.map((bar) => ({ name: bar.label, value: bar.value }))}
                />
              )}
            </ChartFigure>
          ))}
        </div>
      )}
      {view && view.table.length > 0 && <StatTable view={view} projectName={projectName} />}
    </section>
  );
}
