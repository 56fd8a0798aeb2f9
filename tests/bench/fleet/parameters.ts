// The fleet model's inputs, all in one place so a report can print them. Times are milliseconds
// from 00:00 of the simulated day, in one time zone.
import { DEFAULT_SETTINGS } from '@/lib/settings/settings';

export const SECOND_MS = 1_000;
export const MINUTE_MS = 60 * SECOND_MS;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;

export interface FleetParameters {
  seed: number;
  installs: number;
  /**
   * Accounts per install: the share of installs with 1, 2, 3… accounts (the shares sum to 1). All
   * of an install's accounts are on one service, the worst case for what that service receives.
   */
  accountMix: readonly number[];
  /** The simulated span, from 00:00. */
  durationMs: number;
  intervalMinutes: number;
  /** Projects per account, uniform in [min, max]; a poll sends 1 + projects requests. */
  projectsMin: number;
  projectsMax: number;
  /** One request's round trip: a poll's steps (login, list, each batch of 3 projects) follow each other. */
  roundTripMs: number;
  /** The browser closes for the night: start uniform in [from, to) (negative: the evening before). */
  sleepStartFromMs: number;
  sleepStartToMs: number;
  sleepMinMs: number;
  sleepMaxMs: number;
  /** Not in the contract (service-notes: "unknown"): an assumption, printed with the results. */
  tokenLifetimeMs: number;
  /** Every request in [start, end) fails with 503 and no Retry-After. */
  outageStartMs: number;
  outageEndMs: number;
}

export const DEFAULT_FLEET: FleetParameters = {
  seed: 8,
  installs: 100_000,
  accountMix: [1],
  durationMs: DAY_MS,
  intervalMinutes: DEFAULT_SETTINGS.pollIntervalMinutes,
  projectsMin: 1,
  projectsMax: 6,
  roundTripMs: 300,
  sleepStartFromMs: -2 * HOUR_MS,
  sleepStartToMs: 2 * HOUR_MS,
  sleepMinMs: 7 * HOUR_MS,
  sleepMaxMs: 9 * HOUR_MS,
  tokenLifetimeMs: 12 * HOUR_MS,
  outageStartMs: 14 * HOUR_MS,
  outageEndMs: 14.5 * HOUR_MS,
};

/**
 * An assumed mix (no figures exist of how many accounts installs hold): most installs one account,
 * fewer the more accounts.
 */
export const MIXED_ACCOUNTS: readonly number[] = [0.8, 0.1, 0.05, 0.03, 0.02];

/** Every install with exactly `k` accounts. */
export function exactlyAccounts(k: number): number[] {
  return Array.from({ length: k }, (_, i) => (i === k - 1 ? 1 : 0));
}

export function meanAccounts(mix: readonly number[]): number {
  return mix.reduce((sum, share, i) => sum + share * (i + 1), 0);
}

/** hh:mm for a time of the simulated day (negative: the evening before). */
export function clock(ms: number): string {
  const minutes = Math.round(ms / MINUTE_MS);
  const wrapped = ((minutes % 1440) + 1440) % 1440;
  const hh = String(Math.floor(wrapped / 60)).padStart(2, '0');
  const mm = String(wrapped % 60).padStart(2, '0');
  return `${hh}:${mm}`;
}
