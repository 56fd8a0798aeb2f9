// The shape every benchmark module returns. `npm run bench` (run-all.ts) imports each module in
// tests/bench/, calls `run()`, prints the figures as one table and writes them to bench-report.json.

/** Median and spread of repeated runs of one measurement. */
export interface Spread {
  runs: number;
  p10: number;
  p90: number;
  min: number;
  max: number;
}

export interface Figure {
  label: string;
  /** e.g. 'ms', 'µs', 'KB gzip', 'bytes', 'req/s', 'ratio'. */
  unit: string;
  /** The median of repeated runs, or the value itself for deterministic figures (sizes, simulations). */
  value: number;
  spread?: Spread;
  /** The figure is within budget when `value <= budget`. Benchmarks report; they never fail. */
  budget?: number;
  note?: string;
}

export interface Figures {
  figures: Figure[];
  /** The inputs that produced the figures (seed, sizes, model parameters), printed and kept. */
  parameters?: Record<string, string | number | boolean>;
}

/** A benchmark module: a file directly in tests/bench/ exporting these two. */
export interface BenchModule {
  name: string;
  run(): Promise<Figures>;
}
