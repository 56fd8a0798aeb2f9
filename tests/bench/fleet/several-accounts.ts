// The fleet when installs hold several accounts: every install at exactly k accounts for k = 2..5,
// and an assumed mix, each read the way the single-account run is and set against it (the
// baseline measured in the same run). Each of these runs simulates as many accounts as the
// single-account run has installs: the same request rate, so the same counting noise in its
// peaks, and the same run time; a ratio above 1 is then what several accounts per install add.
import type { Figure } from '../support/types';
import { simulateFleet, type FleetRun } from './fleet';
import { exactlyAccounts, meanAccounts, MIXED_ACCOUNTS, type FleetParameters } from './parameters';
import { ratesOf } from './rate-analysis';

interface Variant {
  label: string;
  p: FleetParameters;
}

/** The peaks of one run, each over its own steady mean. */
export interface AccountsSummary {
  label: string;
  installs: number;
  accounts: number;
  requests: number;
  steadyMean: number;
  steady: number;
  /** The 99.9th percentile of the steady seconds, over the mean: the peak without its outliers. */
  steadyP999: number;
  steadyTen: number;
  afterOutage: number;
  afterOutageTen: number;
  morning: number;
  morningTen: number;
  /** The most requests one install sent in one second. */
  installPeak: number;
}

export function summarize(label: string, p: FleetParameters, run: FleetRun): AccountsSummary {
  const r = ratesOf(p, run.requestsPerSecond);
  return {
    label,
    installs: p.installs,
    accounts: run.accounts,
    requests: run.requests,
    steadyMean: r.mean,
    steady: r.perSecond.peak / r.mean,
    steadyP999: r.perSecond.p999 / r.mean,
    steadyTen: r.perTen.peak / r.mean,
    afterOutage: r.after.peak / r.mean,
    afterOutageTen: r.afterTen.peak / r.mean,
    morning: r.morning.peak / r.mean,
    morningTen: r.morningTen.peak / r.mean,
    installPeak: run.installPeak,
  };
}

const mixLabel = (mix: readonly number[]) =>
  `mix ${mix.map((share) => Math.round(share * 100)).join('/')} %`;

export function accountVariants(base: FleetParameters): Variant[] {
  const accounts = base.installs;
  const of = (label: string, mix: readonly number[]): Variant => ({
    label,
    p: { ...base, accountMix: mix, installs: Math.round(accounts / meanAccounts(mix)) },
  });
  return [
    ...[2, 3, 4, 5].map((k) => of(`${k} accounts each`, exactlyAccounts(k))),
    of(mixLabel(MIXED_ACCOUNTS), MIXED_ACCOUNTS),
  ];
}

export function runVariants(base: FleetParameters): AccountsSummary[] {
  return accountVariants(base).map(({ label, p }) => {
    const began = performance.now();
    const summary = summarize(label, p, simulateFleet(p));
    console.log(`   ${label}: simulated in ${((performance.now() - began) / 1000).toFixed(1)} s`);
    return summary;
  });
}

const x = (value: number, digits = 3) => value.toFixed(digits);

/** One line per run: its figures, and each peak/mean as a multiple of the baseline's. */
export function accountsTable(baseline: AccountsSummary, runs: AccountsSummary[]): string {
  const header = [
    'accounts per install',
    'installs',
    'accounts',
    'requests',
    'req/account',
    'steady mean/s',
    'steady 1 s (÷1)',
    'p99.9 (÷1)',
    'steady 10 s (÷1)',
    'after outage 1 s (÷1)',
    'after outage 10 s (÷1)',
    'morning 1 s (÷1)',
    'morning 10 s (÷1)',
    'one install, busiest s',
  ];
  const versus = (value: number, base: number) => `${x(value)} (${x(value / base)})`;
  const rows = [baseline, ...runs].map((s) => [
    s === baseline ? `1 (baseline)` : s.label,
    s.installs.toLocaleString('en-US'),
    s.accounts.toLocaleString('en-US'),
    s.requests.toLocaleString('en-US'),
    (s.requests / s.accounts).toFixed(0),
    s.steadyMean.toFixed(0),
    versus(s.steady, baseline.steady),
    versus(s.steadyP999, baseline.steadyP999),
    versus(s.steadyTen, baseline.steadyTen),
    versus(s.afterOutage, baseline.afterOutage),
    versus(s.afterOutageTen, baseline.afterOutageTen),
    versus(s.morning, baseline.morning),
    versus(s.morningTen, baseline.morningTen),
    String(s.installPeak),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells: string[]) => cells.map((c, i) => c.padStart(widths[i])).join('  ');
  return [line(header), ...rows.map(line)].map((l) => `   ${l}`).join('\n');
}

/** Each run's peaks as figures of the report, within the same budgets as one account's. */
export function accountsFigures(
  baseline: AccountsSummary,
  runs: AccountsSummary[],
  budgets: { steady: number; afterOutage: number },
): Figure[] {
  const versus = (value: number, base: number) => `${x(value / base)}× one account's`;
  return runs.flatMap((s) => [
    {
      label: `${s.label}: steady peak/mean, per second`,
      unit: 'ratio',
      value: s.steady,
      budget: budgets.steady,
      note: `${versus(s.steady, baseline.steady)}; p99.9 of the seconds ${x(s.steadyP999)}, ${versus(s.steadyP999, baseline.steadyP999)}; 10 s buckets ${x(s.steadyTen)}, ${versus(s.steadyTen, baseline.steadyTen)}`,
    },
    {
      label: `${s.label}: peak 10 min after outage / steady mean`,
      unit: 'ratio',
      value: s.afterOutage,
      budget: budgets.afterOutage,
      note: `${versus(s.afterOutage, baseline.afterOutage)}; 10 s buckets ${x(s.afterOutageTen)}, ${versus(s.afterOutageTen, baseline.afterOutageTen)}`,
    },
    {
      label: `${s.label}: peak in morning wake-ups / steady mean`,
      unit: 'ratio',
      value: s.morning,
      note: `${versus(s.morning, baseline.morning)}; 10 s buckets ${x(s.morningTen)}, ${versus(s.morningTen, baseline.morningTen)}`,
    },
    {
      label: `${s.label}: most requests from one install in one second`,
      unit: 'requests',
      value: s.installPeak,
      note: `one account each: ${baseline.installPeak}; every call takes one of the install's slots`,
    },
  ]);
}
