// The two charts over the last 30 local days: mentions per day stacked by source, and the share of
// each sentiment per day.
import { useMemo } from 'preact/hooks';
import { ChartFigure } from '@/components/charts/ChartFigure';
import { SENTIMENT_COLORS, sourceColor } from '@/components/charts/chart-theme';
import { StackedBars, type StackLayer } from '@/components/charts/StackedBars';
import { t, uiLanguage } from '@/lib/i18n';
import { SENTIMENTS, type DailyBySource, type DailySentiment } from '@/lib/charts/daily';
import type { LocalDay } from '@/lib/time/local-day';
import { sourceName } from '@/lib/projects/types';

const SENTIMENT_NAMES = {
  negative: 'chartNegative',
  neutral: 'chartNeutral',
  positive: 'chartPositive',
} as const;

function dayFormat() {
  return new Intl.DateTimeFormat(uiLanguage(), {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
  });
}

/** A day's row heading: its date in words, machine-readable too. */
function DayName({ day, format }: { day: LocalDay; format: Intl.DateTimeFormat }) {
  return <time dateTime={day.key}>{format.format(day.start)}</time>;
}

function Legend({ chart, layers }: { chart: string; layers: readonly StackLayer[] }) {
  return (
    <ul class="chart__legend" aria-label={t('chartLegend', chart)}>
      {layers.map((layer) => (
        <li key={layer.name}>
          <span class="chart__swatch" style={{ background: `var(${layer.color})` }} />
          {layer.name}
        </li>
      ))}
    </ul>
  );
}

export function MentionsPerDayChart({ daily }: { daily: DailyBySource }) {
  const name = t('chartMentionsPerDay');
  const layers = useMemo(
    () =>
      // Bottom first: the source with the most mentions sits on the axis.
      daily.series.map((s) => ({
        name: sourceName(s.name),
        values: s.counts,
        color: sourceColor(s.name),
      })),
    [daily],
  );
  const days = useMemo(() => daily.days.map((d) => d.start), [daily]);
  const number = new Intl.NumberFormat(uiLanguage());
  const format = dayFormat();
  const empty = daily.totals.every((n) => n === 0);
  return (
    <ChartFigure
      name={name}
      note={t('chartMentionsPerDayNote')}
      empty={empty ? t('chartNoMentions') : null}
      after={<Legend chart={name} layers={layers} />}
      table={{
        caption: t('chartMentionsPerDayCaption'),
        head: [t('chartDay'), ...layers.map((l) => l.name), t('chartTotal')],
        rows: daily.days.map((day, i) => ({
          key: day.key,
          name: <DayName day={day} format={format} />,
          cells: [
            ...daily.series.map((s) => number.format(s.counts[i])),
            number.format(daily.totals[i]),
          ],
        })),
      }}
    >
      {(noteId) => <StackedBars label={name} describedBy={noteId} days={days} layers={layers} />}
    </ChartFigure>
  );
}

export function SentimentChart({ daily }: { daily: DailySentiment }) {
  const name = t('chartSentimentOverTime');
  const layers = useMemo(
    () =>
      SENTIMENTS.map((sign) => ({
        name: t(SENTIMENT_NAMES[sign]),
        values: daily.shares[sign].map((share) => share * 100),
        color: SENTIMENT_COLORS[sign],
      })),
    [daily],
  );
  const days = useMemo(() => daily.days.map((d) => d.start), [daily]);
  const number = new Intl.NumberFormat(uiLanguage());
  const percent = new Intl.NumberFormat(uiLanguage(), { style: 'percent' });
  const format = dayFormat();
  const cell = (count: number, share: number, total: number) =>
    total === 0
      ? number.format(0)
      : t('chartCountShare', [number.format(count), percent.format(share)]);
  return (
    <ChartFigure
      name={name}
      note={t('chartSentimentNote')}
      empty={daily.totals.every((n) => n === 0) ? t('chartNoMentions') : null}
      after={<Legend chart={name} layers={layers} />}
      table={{
        caption: t('chartSentimentCaption'),
        head: [t('chartDay'), ...layers.map((l) => l.name), t('chartTotal')],
        rows: daily.days.map((day, i) => ({
          key: day.key,
          name: <DayName day={day} format={format} />,
          cells: [
            ...SENTIMENTS.map((sign) =>
              cell(daily.counts[sign][i], daily.shares[sign][i], daily.totals[i]),
            ),
            number.format(daily.totals[i]),
          ],
        })),
      }}
    >
      {(noteId) => (
        <StackedBars label={name} describedBy={noteId} days={days} layers={layers} percent />
      )}
    </ChartFigure>
  );
}
