// Mentions per local day of `addedAt`: by source (stacked bars) and by sentiment (shares), and the
// top of the bars' count axis. Pure, so the page recomputes them on every filter change and tests
// run them under any zone.
import { sentimentOf, type Sentiment } from '@/lib/mention-view/mention-text';
import type { StoredMention } from '@/lib/mentions/store';
import { dayIndex, lastLocalDays, type LocalDay } from '@/lib/time/local-day';

/** The window the trend charts show. */
const TREND_DAYS = 30;

type Dated = Pick<StoredMention, 'addedAt'>;

interface DailySeries {
  name: string;
  /** One count per day, in the order of `days`. */
  counts: number[];
}

export interface DailyBySource {
  days: LocalDay[];
  /** One series per source seen in the window: most mentions first, then by name. */
  series: DailySeries[];
  /** All sources together, per day. */
  totals: number[];
}

/** The days of the window and, per mention, the index of its day (-1 outside the window). */
function bucket(now: number, count: number) {
  const { days, end } = lastLocalDays(now, count);
  const at = (m: Dated) => dayIndex(days, end, m.addedAt);
  return { days, at };
}

export function mentionsPerDay(
  mentions: readonly Pick<StoredMention, 'addedAt' | 'source'>[],
  now: number,
  count = TREND_DAYS,
): DailyBySource {
  const { days, at } = bucket(now, count);
  const bySource = new Map<string, number[]>();
  const totals = days.map(() => 0);
  for (const mention of mentions) {
    const index = at(mention);
    if (index < 0) continue;
    let counts = bySource.get(mention.source);
    if (!counts) {
      counts = days.map(() => 0);
      bySource.set(mention.source, counts);
    }
    counts[index]++;
    totals[index]++;
  }
  const series = [...bySource].map(([name, counts]) => ({
    name,
    counts,
    total: counts.reduce((a, b) => a + b, 0),
  }));
  series.sort((a, b) => b.total - a.total || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  return { days, series: series.map(({ name, counts }) => ({ name, counts })), totals };
}

/** The three signs, in the order the chart stacks them (bad news at the bottom, where eyes start). */
export const SENTIMENTS: readonly Sentiment[] = ['negative', 'neutral', 'positive'];

export interface DailySentiment {
  days: LocalDay[];
  counts: Record<Sentiment, number[]>;
  /** Each sign's share of the day's mentions (0 to 1); all 0 on a day without mentions. */
  shares: Record<Sentiment, number[]>;
  totals: number[];
}

export function sentimentPerDay(
  mentions: readonly Pick<StoredMention, 'addedAt' | 'sentiment'>[],
  now: number,
  count = TREND_DAYS,
): DailySentiment {
  const { days, at } = bucket(now, count);
  const zeros = () => days.map(() => 0);
  const counts = { negative: zeros(), neutral: zeros(), positive: zeros() };
  const totals = zeros();
  for (const mention of mentions) {
    const index = at(mention);
    if (index < 0) continue;
    counts[sentimentOf(mention.sentiment)][index]++;
    totals[index]++;
  }
  const share = (sign: Sentiment) =>
    counts[sign].map((n, i) => (totals[i] === 0 ? 0 : n / totals[i]));
  return {
    days,
    counts,
    shares: { negative: share('negative'), neutral: share('neutral'), positive: share('positive') },
    totals,
  };
}

/**
 * Running sums from the bottom of the stack: [[1, 2], [3, 0]] → [[1, 2], [4, 2]]. Bars drawn from 0
 * to each sum, the highest first, show the series stacked.
 */
export function stacked(series: readonly (readonly number[])[]): number[][] {
  const sums: number[][] = [];
  for (const values of series) {
    const below = sums[sums.length - 1];
    sums.push(values.map((v, i) => v + (below ? below[i] : 0)));
  }
  return sums;
}

// The top of a count axis: a round number at or above the highest bar, so the ticks read 0, 5, 10
// rather than 0, 3.4, 6.8, and at least 5 so a quiet month is not drawn as a wall of full bars.
const MIN_AXIS_TOP = 5;

/** The smallest of 1, 2, 5 × 10^k that is at least `max` (and at least MIN_AXIS_TOP). */
export function axisTop(max: number): number {
  if (!(max > MIN_AXIS_TOP)) return MIN_AXIS_TOP;
  const power = 10 ** Math.floor(Math.log10(max));
  for (const step of [1, 2, 5, 10]) {
    // Rounding: 10 ** k is not exact for every k, and 3 × 0.1 is not 0.3.
    const top = Math.round(step * power * 1e6) / 1e6;
    if (top >= max) return top;
  }
  return 10 * power;
}
