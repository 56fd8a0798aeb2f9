// The mentions page's Trends: what the results (filters applied) look like over the last 30 local
// days, who and where they come from, and the service's statistics of the selected project.
// Loaded on demand (the page imports it dynamically) with uPlot and its stylesheet, so the page's
// first paint does not wait for the charts.
import 'uplot/dist/uPlot.min.css';
import '@/components/charts/charts.css';
import type { JSX } from 'preact';
import { useMemo } from 'preact/hooks';
import { MentionsPerDayChart, SentimentChart } from '@/components/charts/DailyCharts';
import { ServiceStats } from '@/components/charts/ServiceStats';
import { TOP_AUTHORS, TOP_SITES, TopChart } from '@/components/charts/TopCharts';
import { mentionsPerDay, sentimentPerDay } from '@/lib/charts/daily';
import { localDayKey } from '@/lib/charts/local-day';
import { topAuthors, topSites } from '@/lib/charts/top';
import type { StoredMention } from '@/lib/mentions/store';

export interface TrendChartsProps {
  /** The page's current results (filters applied). */
  mentions: readonly StoredMention[];
  now: number;
  projectName(projectId: number): string;
  /** The project filter: the service's statistics are shown for it (none for all projects). */
  projectId: number | null;
}

export function TrendCharts(props: TrendChartsProps): JSX.Element {
  const { mentions, now } = props;
  // The window moves by local day: a clock tick within the same day changes nothing.
  const today = localDayKey(now);
  const byDay = useMemo(
    () => ({ sources: mentionsPerDay(mentions, now), sentiment: sentimentPerDay(mentions, now) }),
    [mentions, today],
  );
  const sites = useMemo(() => topSites(mentions), [mentions]);
  const authors = useMemo(() => topAuthors(mentions), [mentions]);
  return (
    <div class="trend-charts">
      <div class="trend-charts__grid">
        <MentionsPerDayChart daily={byDay.sources} />
        <SentimentChart daily={byDay.sentiment} />
        <TopChart words={TOP_SITES} ranked={sites} />
        <TopChart words={TOP_AUTHORS} ranked={authors} />
      </div>
      {props.projectId !== null && (
        <ServiceStats
          key={props.projectId}
          projectId={props.projectId}
          projectName={props.projectName(props.projectId)}
        />
      )}
    </div>
  );
}
