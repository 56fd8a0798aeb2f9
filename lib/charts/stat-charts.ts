// The service's statistics (getProjectStats: flat `key = value` rows, lib/service/replies.ts)
// as charts where their shape allows: siblings that are all counts of one thing
// (`mentions.by_source.reddit = 3`, `mentions.by_source.web = 5`) make a bar chart; everything else
// stays a tidy table, grouped and worded as the options page shows it (lib/projects/stats.ts).
import {
  groupStats,
  readableKey,
  statQuantity,
  type StatGroup,
  type StatRow,
} from '@/lib/projects/stats';

interface StatChart {
  /** The siblings' shared key (`mentions.by_source`), unique among the charts. */
  key: string;
  /** That key made readable: `Mentions › By source`. */
  title: string;
  bars: { label: string; value: number }[];
}

export interface StatView {
  charts: StatChart[];
  /** The rows no chart took, as the options page groups them. */
  table: StatGroup[];
}

/** A bar chart needs at least two bars to compare. */
const MIN_BARS = 2;

function parentOf(key: string): string {
  const dot = key.lastIndexOf('.');
  return dot <= 0 ? '' : key.slice(0, dot);
}

/**
 * Siblings become a chart when there are at least two and every one is a quantity of zero or more
 * (a bar of a negative number or of an identifier would mislead). Top-level rows never do: they
 * are unrelated figures (a total beside an average), not parts of one whole.
 */
export function statView(rows: readonly StatRow[], locale: string): StatView {
  const siblings = new Map<string, StatRow[]>();
  for (const row of rows) {
    const parent = parentOf(row.key);
    if (parent === '') continue;
    const list = siblings.get(parent) ?? [];
    list.push(row);
    siblings.set(parent, list);
  }
  const charts: StatChart[] = [];
  const charted = new Set<string>();
  for (const [parent, list] of siblings) {
    const values = list.map((row) => statQuantity(row.value, row.key));
    if (list.length < MIN_BARS || values.some((v) => v === null || v < 0)) continue;
    charted.add(parent);
    charts.push({
      key: parent,
      title: parent.split('.').map(readableKey).join(' › '),
      bars: list.map((row, i) => ({
        label: readableKey(row.key.slice(parent.length + 1)),
        value: values[i] as number,
      })),
    });
  }
  const rest = rows.filter((row) => !charted.has(parentOf(row.key)));
  return { charts, table: groupStats(rest, locale) };
}
