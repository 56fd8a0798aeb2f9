// Summaries of repeated measurements. Percentiles interpolate linearly between the nearest ranks,
// so a small number of runs still gives stable p10/p90.
import type { Spread } from './types';

export function percentile(sorted: readonly number[], fraction: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = (sorted.length - 1) * Math.min(1, Math.max(0, fraction));
  const low = Math.floor(rank);
  const high = Math.ceil(rank);
  return sorted[low] + (sorted[high] - sorted[low]) * (rank - low);
}

export function summarize(samples: readonly number[]): { median: number; spread: Spread } {
  const sorted = [...samples].sort((a, b) => a - b);
  return {
    median: percentile(sorted, 0.5),
    spread: {
      runs: sorted.length,
      p10: percentile(sorted, 0.1),
      p90: percentile(sorted, 0.9),
      min: sorted[0],
      max: sorted[sorted.length - 1],
    },
  };
}

export function mean(values: ArrayLike<number>): number {
  let sum = 0;
  for (let i = 0; i < values.length; i++) sum += values[i];
  return values.length === 0 ? Number.NaN : sum / values.length;
}
