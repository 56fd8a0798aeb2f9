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
import { useSettled } from '@/components/charts/use-settled';
import { mentionsPerDay, sentimentPerDay } from '@/lib/charts/daily';
import { localDayKey } from '@/lib/time/local-day';
import { topAuthors, topSites } from '@/lib/charts/top';
import type { StoredMention } from '@/lib/mentions/store';

export interface TrendChartsProps {
  /** The page's current results (filters applied). */
  mentions: readonly StoredMention[];
  now: number;
  projectName(projectId: number): string;
  /** The project filter: the service's statistics are shown for it (none for all projects). */
  projectId: number | null;
  /** The project's account, with several (the statistics are that account's project's). */
  account?: string;
}

export function TrendCharts(props: TrendChartsProps): JSX.Element {
  const { now } = props;
  // The results as they were when the last change settled (use-settled.ts): a keystroke renders
  // none of the charts below, they follow once typing pauses.
  const mentions = useSettled(props.mentions);
  // The window moves by local day: a clock tick within the same day changes nothing.
  const today = localDayKey(now);
  const grid = useMemo(() => {
    if (mentions === null) return <div class="trend-charts__grid" />;
    const sources = mentionsPerDay(mentions, now);
    const sentiment = sentimentPerDay(mentions, now);
    return (
      <div class="trend-charts__grid">
        <MentionsPerDayChart daily={sources} />
        <SentimentChart daily={sentiment} />
        <TopChart words={TOP_SITES} ranked={topSites(mentions)} />
        <TopChart words={TOP_AUTHORS} ranked={topAuthors(mentions)} />
      </div>
    );
  }, [mentions, today]);
  const name = props.projectId === null ? null : props.projectName(props.projectId);
  const stats = useMemo(
    () =>
      props.projectId !== null && (
        <ServiceStats
          key={`${props.account ?? ''}/${props.projectId}`}
          projectId={props.projectId}
          account={props.account}
          projectName={name ?? ''}
        />
      ),
    [props.projectId, props.account, name],
  );
  // The same elements as last time render nothing again (Preact skips an unchanged element).
  return (
    <div class="trend-charts">
      {grid}
      {stats}
    </div>
  );
}
