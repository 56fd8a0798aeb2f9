// CPU time of a synchronous function. process.cpuUsage (user + system) rather than wall time:
// other processes share this machine's two cores, and a timeslice lost to them is not our cost.
// Its resolution is a microsecond, so fast functions are timed in batches of `batch` calls.
import { summarize } from './stats';
import type { Figure } from './types';

export interface CpuTimingOptions {
  samples: number;
  /** Calls per sample; the sample is their mean. */
  batch?: number;
  /** Untimed samples first, so the JIT has settled. */
  warmup?: number;
}

/** Milliseconds of CPU per call, one entry per sample. `setup` runs untimed before each call. */
export function cpuSamples<T>(
  setup: () => T,
  work: (input: T) => unknown,
  options: CpuTimingOptions,
): number[] {
  const batch = options.batch ?? 1;
  const samples: number[] = [];
  for (let s = -(options.warmup ?? 3); s < options.samples; s++) {
    const inputs = Array.from({ length: batch }, setup);
    let sink: unknown;
    const start = process.cpuUsage();
    for (const input of inputs) sink = work(input);
    const used = process.cpuUsage(start);
    observed.last = sink;
    if (s >= 0) samples.push((used.user + used.system) / 1000 / batch);
  }
  return samples;
}

/** A figure from samples: the median, with the spread of the runs. */
export function timingFigure(
  label: string,
  samples: readonly number[],
  extra: Partial<Figure> = {},
): Figure {
  const { median, spread } = summarize(samples);
  return { label, unit: 'ms', value: median, spread, ...extra };
}

/** Results end up here so the JIT cannot drop the timed work as dead code. */
export const observed: { last: unknown } = { last: undefined };
