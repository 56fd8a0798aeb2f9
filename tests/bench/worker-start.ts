// Benchmark: the service worker's cold start, what every wake of the worker pays before it handles
// an alarm or a message. The production build's background.js is compiled and its top level run in
// a fresh node process against a stub `chrome` (support/worker-start-child.ts), interleaved with
// the kept worker of baseline/ (its README says which), so both meet the same machine load. The
// budget is a ratio to that baseline, measured in the same run.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CHROME_BUILD } from '../size/bundle-sizes';
import { summarize } from './support/stats';
import type { Figure, Figures } from './support/types';

export const name = 'worker start';

const here = dirname(fileURLToPath(import.meta.url));
const CHILD = join(here, 'support', 'worker-start-child.ts');
const BASELINE = join(here, 'baseline', 'background-1767c42.js');
const RUNS = 25;
const BUDGET_RATIO = 1.5;

interface Start {
  compile: number;
  run: number;
}

function startOnce(script: string): Start {
  const child = spawnSync(process.execPath, ['--import', 'tsx', CHILD, script], {
    encoding: 'utf8',
  });
  if (child.status !== 0) throw new Error(`worker start failed: ${child.stderr.slice(0, 500)}`);
  return JSON.parse(child.stdout) as Start;
}

export async function run(): Promise<Figures> {
  console.log('   building: npx wxt build');
  const built = spawnSync('npx', ['wxt', 'build'], { stdio: 'ignore' });
  const worker = join(CHROME_BUILD, 'background.js');
  if (built.status !== 0 || !existsSync(worker)) throw new Error('npx wxt build failed');

  const totals = { now: [] as number[], base: [] as number[] };
  const runs = { now: [] as number[], base: [] as number[] };
  // One warm-up of each (the file cache, tsx's own compile cache), not counted.
  startOnce(worker);
  startOnce(BASELINE);
  for (let i = 0; i < RUNS; i++) {
    // Alternate which goes first, so a drift in the machine's load touches both alike.
    const order = i % 2 === 0 ? (['now', 'base'] as const) : (['base', 'now'] as const);
    for (const which of order) {
      const start = startOnce(which === 'now' ? worker : BASELINE);
      totals[which].push(start.compile + start.run);
      runs[which].push(start.run);
    }
  }
  const now = summarize(totals.now);
  const base = summarize(totals.base);
  const ratios = totals.now.map((value, i) => value / totals.base[i]!);
  const figures: Figure[] = [
    { label: 'worker cold start (compile + top level)', unit: 'ms', ...value(now) },
    { label: 'baseline worker cold start', unit: 'ms', ...value(base) },
    { label: 'worker top level alone', unit: 'ms', ...value(summarize(runs.now)) },
    { label: 'baseline top level alone', unit: 'ms', ...value(summarize(runs.base)) },
    {
      label: 'cold start ÷ baseline (medians)',
      unit: 'ratio',
      value: now.median / base.median,
      budget: BUDGET_RATIO,
      note: `pairwise ratio median ${summarize(ratios).median.toFixed(2)}`,
    },
  ];
  return {
    figures,
    parameters: {
      runs: RUNS,
      worker,
      baseline: 'tests/bench/baseline/background-1767c42.js',
      method: 'fresh node process per run, vm.Script compile + runInThisContext, stub chrome',
    },
  };
}

function value(summary: ReturnType<typeof summarize>): Pick<Figure, 'value' | 'spread'> {
  return { value: summary.median, spread: summary.spread };
}
