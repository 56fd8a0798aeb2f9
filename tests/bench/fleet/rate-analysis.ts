import { BACKOFF_CAP_MS } from '../../unit/support/limits';
// Reading the service's per-second request counts: which seconds count as steady state, the mean
// and peaks there, the peak after the outage, and a noise floor to judge them by.
//
// Steady state: every browser is open (after the last wake-up, before the first bedtime, each with
// a settling margin) and the outage is well behind (one backoff cap after its end, by when every
// install has had its first successful poll again). Peaks are taken per second, as the budget
// says; a per-second maximum over hours is the largest of tens of thousands of samples, so it
// includes counting noise that no schedule can remove. The reference figure measures that noise:
// the same number of polls at independent uniformly random times.
import { createRng } from '../../fake-service/prng';
import { DAY_MS, HOUR_MS, MINUTE_MS, SECOND_MS, type FleetParameters } from './parameters';
import { RequestLog, sendHealthyPoll } from './requests';

export const SETTLE_MS = 30 * MINUTE_MS;
export const AFTER_OUTAGE_MS = 10 * MINUTE_MS;
/** The morning wake-ups are read from here to the steady state's start. */
const MORNING_FROM_MS = 5 * HOUR_MS;

/** [from, to) in ms. */
export type Window = readonly [number, number];

export function steadyWindows(p: FleetParameters): Window[] {
  const from = p.sleepStartToMs + p.sleepMaxMs + SETTLE_MS;
  const to = Math.min(p.durationMs, p.sleepStartFromMs + DAY_MS - SETTLE_MS);
  const quietFrom = p.outageStartMs;
  const quietTo = p.outageEndMs + BACKOFF_CAP_MS;
  const windows: Window[] = [
    [from, Math.min(to, quietFrom)],
    [Math.max(from, quietTo), to],
  ];
  return windows.filter(([a, b]) => b - a >= MINUTE_MS);
}

export interface RateFigures {
  mean: number;
  peak: number;
  /** The 99.9th percentile of the seconds: a peak without the single worst outlier. */
  p999: number;
}

/** Mean and peaks of `counts` over `windows`, in buckets of `bucketSeconds` (rates per second). */
export function rateFigures(
  counts: ArrayLike<number>,
  windows: readonly Window[],
  bucketSeconds = 1,
): RateFigures {
  const buckets: number[] = [];
  for (const [a, b] of windows) {
    const first = Math.ceil(a / SECOND_MS);
    const last = Math.floor(b / SECOND_MS);
    // Only whole buckets inside the window: a partial one would understate its rate.
    for (let s = first; s + bucketSeconds <= last; s += bucketSeconds) {
      let sum = 0;
      for (let k = 0; k < bucketSeconds; k++) sum += counts[s + k];
      buckets.push(sum / bucketSeconds);
    }
  }
  const sorted = buckets.sort((x, y) => x - y);
  const total = sorted.reduce((sum, v) => sum + v, 0);
  return {
    mean: total / sorted.length,
    peak: sorted[sorted.length - 1],
    p999: sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.999))],
  };
}

/** The run's request rates: the steady state's, after the outage, in it and in the morning. */
export function ratesOf(p: FleetParameters, counts: ArrayLike<number>) {
  const steady = steadyWindows(p);
  const afterOutage: Window[] = [[p.outageEndMs, p.outageEndMs + AFTER_OUTAGE_MS]];
  const perSecond = rateFigures(counts, steady);
  const morning: Window[] = [[MORNING_FROM_MS, steady[0][0]]];
  return {
    steady,
    afterOutage,
    mean: perSecond.mean,
    perSecond,
    perTen: rateFigures(counts, steady, 10),
    after: rateFigures(counts, afterOutage),
    afterTen: rateFigures(counts, afterOutage, 10),
    during: rateFigures(counts, [[p.outageStartMs, p.outageEndMs]]),
    morning: rateFigures(counts, morning),
    morningTen: rateFigures(counts, morning, 10),
  };
}

/**
 * The noise floor: as many healthy polls as a fleet of `installs` makes in the steady windows,
 * each at an independent uniformly random time with a random project count. Returns its
 * per-second peak-to-mean ratio.
 */
export function referencePeakToMean(p: FleetParameters, windows: readonly Window[]): number {
  const rng = createRng(p.seed + 1);
  const log = new RequestLog(p.durationMs);
  for (const [a, b] of windows) {
    const polls = Math.round((p.installs * (b - a)) / (p.intervalMinutes * MINUTE_MS));
    for (let k = 0; k < polls; k++) {
      const projects = rng.int(p.projectsMin, p.projectsMax);
      sendHealthyPoll(log, a + rng.next() * (b - a), projects, p.roundTripMs);
    }
  }
  // The first and last second of a window miss requests that spill over its edge: leave them out.
  const inner = windows.map(([a, b]) => [a + SECOND_MS, b - 3 * SECOND_MS] as const);
  const figures = rateFigures(log.perSecond, inner);
  return figures.peak / figures.mean;
}
