// Benchmark: what 100,000 installs cost the service over a simulated day, under the extension's
// own scheduling code, with one account each and then with several. Deterministic (seeded); the
// model is in fleet/fleet.ts, its inputs in fleet/parameters.ts, the reading of the results in
// fleet/rate-analysis.ts and, for several accounts per install, fleet/several-accounts.ts.
import { simulateFleet, type FleetRun } from './fleet/fleet';
import {
  clock,
  DEFAULT_FLEET,
  HOUR_MS,
  MINUTE_MS,
  MIXED_ACCOUNTS,
  type FleetParameters,
} from './fleet/parameters';
import { rateFigures, ratesOf, referencePeakToMean, type Window } from './fleet/rate-analysis';
import { accountsFigures, accountsTable, runVariants, summarize } from './fleet/several-accounts';
import { percentile } from './support/stats';
import type { Figure, Figures } from './support/types';

export const name = 'fleet simulation';

const STEADY_BUDGET = 1.3;
const AFTER_OUTAGE_BUDGET = 2.0;

function describeWindows(windows: readonly Window[]): string {
  return windows.map(([a, b]) => `${clock(a)}–${clock(b)}`).join(', ');
}

/** Requests per second averaged over each `stepMs`, printed as a coarse profile. */
function profile(run: FleetRun, fromMs: number, toMs: number, stepMs: number): string {
  const lines: string[] = [];
  for (let t = fromMs; t < toMs; t += stepMs) {
    const w: Window = [t, t + stepMs];
    const { mean, peak } = rateFigures(run.requestsPerSecond, [w]);
    lines.push(
      `  ${clock(t)}  mean ${mean.toFixed(0).padStart(5)}/s  peak ${String(peak).padStart(5)}/s`,
    );
  }
  return lines.join('\n');
}

/** How long after the outage installs got mentions again: the price of spreading the recovery. */
function recoveryFigure(run: FleetRun): Figure {
  const minutes = Array.from(run.recoveryMs)
    .filter((ms) => !Number.isNaN(ms))
    .map((ms) => ms / MINUTE_MS)
    .sort((a, b) => a - b);
  const at = (q: number) => percentile(minutes, q).toFixed(1);
  return {
    label: 'first successful poll after outage, median',
    unit: 'min',
    value: percentile(minutes, 0.5),
    note: `across installs: p90 ${at(0.9)}, p99 ${at(0.99)}, max ${at(1)} min after it ended`,
  };
}

export function fleetFigures(p: FleetParameters, run: FleetRun): Figure[] {
  const { steady, afterOutage, mean, perSecond, perTen, after, afterTen, during, morning } =
    ratesOf(p, run.requestsPerSecond);
  const ratio = (x: number) => x / mean;
  return [
    { label: 'steady mean', unit: 'req/s', value: mean, note: describeWindows(steady) },
    {
      label: 'steady peak/mean, per second',
      unit: 'ratio',
      value: ratio(perSecond.peak),
      budget: STEADY_BUDGET,
      note: `p99.9 of the seconds ${ratio(perSecond.p999).toFixed(3)}`,
    },
    { label: 'steady peak/mean, 10 s buckets', unit: 'ratio', value: ratio(perTen.peak) },
    {
      label: 'noise floor: random polls, per second',
      unit: 'ratio',
      value: referencePeakToMean(p, steady),
      note: 'the same polls at independent uniform random times: counting noise alone',
    },
    {
      label: `peak 10 min after outage / steady mean`,
      unit: 'ratio',
      value: ratio(after.peak),
      budget: AFTER_OUTAGE_BUDGET,
      note: `per second; 10 s buckets ${ratio(afterTen.peak).toFixed(3)}; window ${describeWindows(afterOutage)}`,
    },
    recoveryFigure(run),
    { label: 'peak during outage / steady mean', unit: 'ratio', value: ratio(during.peak) },
    { label: 'peak in morning wake-ups / steady mean', unit: 'ratio', value: ratio(morning.peak) },
    { label: 'logins per install per day', unit: 'logins', value: run.loginRequests / p.installs },
    { label: 'requests per install per day', unit: 'requests', value: run.requests / p.installs },
    { label: 'failed polls (all installs)', unit: 'polls', value: run.failedPolls },
    {
      label: 'simulation CPU time',
      unit: 's',
      value: run.cpuMs / 1000,
      note: `wall ${(run.elapsedMs / 1000).toFixed(1)} s; roughly 40% is tsx's keepNames wrapper around onPollOutcome's inner closure (profiled)`,
    },
  ];
}

function parametersOf(p: FleetParameters): Figures['parameters'] {
  return {
    seed: p.seed,
    installs: p.installs,
    'simulated span': `${clock(0)} + ${p.durationMs / HOUR_MS} h`,
    'poll interval': `${p.intervalMinutes} min (the default) for every install, ±10% jitter`,
    'projects per account': `${p.projectsMin}..${p.projectsMax}, uniform`,
    'accounts per install': `1 (the baseline); then exactly k for k = 2..5, and an assumed mix of 1..5 (${MIXED_ACCOUNTS.map((share) => `${share * 100} %`).join(', ')})`,
    'several accounts (model)':
      "all on one service (the worst case for it); each its own schedule, jitter, backoff, alarm and token; all the install's calls share one limiter of 3 (poll-fetch.ts createCallSlots): listProjects, with the login before it, then getMentions; at a browser start every account polls at once and their lists queue for the slots",
    'runs with several accounts': `${p.installs.toLocaleString('en-US')} accounts each (installs = that ÷ mean accounts per install): the baseline's request rate and run time; ratios (÷1) are against the baseline of the same run`,
    'round trip per request step': `${p.roundTripMs} ms`,
    'browser closed at night': `from ${clock(p.sleepStartFromMs)}..${clock(p.sleepStartToMs)} for ${p.sleepMinMs / HOUR_MS}..${p.sleepMaxMs / HOUR_MS} h, uniform`,
    'on waking': 'new browser session (no token): the overdue alarm fires at once',
    'token lifetime (assumed)': `${p.tokenLifetimeMs / HOUR_MS} h`,
    outage: `${clock(p.outageStartMs)}–${clock(p.outageEndMs)}, every request 503, no Retry-After`,
    'installs at 00:00':
      'random alarm phase in one interval, token of random age (each account its own)',
  };
}

export async function run(): Promise<Figures> {
  const p = DEFAULT_FLEET;
  const result = simulateFleet(p);
  console.log(
    `   requests per second around the outage (per ${5} min):\n` +
      profile(
        result,
        p.outageStartMs - 10 * MINUTE_MS,
        p.outageEndMs + 70 * MINUTE_MS,
        5 * MINUTE_MS,
      ),
  );
  const baseline = summarize('1 account each', p, result);
  const runs = runVariants(p);
  console.log(
    `   several accounts per install: each peak over its run's steady mean, (÷1) over the baseline's\n` +
      accountsTable(baseline, runs),
  );
  const budgets = { steady: STEADY_BUDGET, afterOutage: AFTER_OUTAGE_BUDGET };
  return {
    figures: [...fleetFigures(p, result), ...accountsFigures(baseline, runs, budgets)],
    parameters: parametersOf(p),
  };
}
