// When to poll next. Pure: the random source and the clock are parameters; the alarm is set by the
// caller from `nextPollAt` (poll-alarm.ts), so the schedule runs outside an extension too (the
// fleet benchmark drives it for 100,000 installs).
import { MIN_INTERVAL_MINUTES, normalizeIntervalMinutes } from '@/lib/settings/settings';

// Exponential backoff with full jitter after failed polls: the ceiling doubles from 1 minute up to
// 1 hour, and the actual delay is drawn uniformly below it, so installs that failed together (the
// service went down for everyone) do not come back together. The floor keeps even an unlucky draw
// from hammering the service, and matches Chrome's 30 s minimum alarm period.
const BACKOFF_BASE_MS = 60_000;
const BACKOFF_CAP_MS = 60 * 60_000;
const BACKOFF_FLOOR_MS = 30_000;

/** The largest delay after `failures` consecutive failures (at least 1). */
export function backoffCeiling(failures: number): number {
  const n = Math.max(1, Math.floor(failures));
  // 2 ** large is Infinity, which the cap absorbs.
  return Math.min(BACKOFF_CAP_MS, BACKOFF_BASE_MS * 2 ** (n - 1));
}

/** A delay in [BACKOFF_FLOOR_MS, backoffCeiling(failures)], chosen by `random` in [0, 1). */
export function backoffDelay(failures: number, random: () => number): number {
  const ceiling = backoffCeiling(failures);
  return Math.round(BACKOFF_FLOOR_MS + unit(random()) * (ceiling - BACKOFF_FLOOR_MS));
}

/** A random source is injected for tests; a broken one must not break the schedule. */
export function unit(value: number): number {
  return Number.isFinite(value) ? Math.min(1, Math.max(0, value)) : 0.5;
}

/** ±10% on the regular interval, so a fleet of installs started together spreads out. */
const INTERVAL_JITTER = 0.1;
const RETRY_AFTER_MIN_MS = 30_000;
const RETRY_AFTER_MAX_MS = 24 * 60 * 60_000;
/**
 * A rejected key is tried again this long after the refusal (±KEY_RETRY_JITTER), by itself: the key
 * may be fixed on the service's side, and nothing else would ever notice. Hours, not minutes: every
 * try is a login with a key the service refused.
 */
const KEY_RETRY_MS = 3 * 60 * 60_000;
const KEY_RETRY_JITTER = 0.2;
/** The badge asks for attention only after this many failures in a row, not on one blip. */
export const ATTENTION_AFTER_FAILURES = 3;

const MINUTE_MS = 60_000;

/** A Retry-After hint clamped to 30 s .. 24 h; undefined when there is none (or it is not a number). */
export function clampRetryAfter(ms: number | undefined): number | undefined {
  if (ms === undefined || Number.isNaN(ms)) return undefined;
  return Math.min(RETRY_AFTER_MAX_MS, Math.max(RETRY_AFTER_MIN_MS, ms));
}

interface PollDelayInput {
  intervalMinutes: number;
  consecutiveFailures: number;
  retryAfterMs?: number;
  /** Uniform in [0, 1), e.g. Math.random. */
  random: () => number;
}

/**
 * Milliseconds until the next poll. After success: the interval ±10%, never under a minute.
 * After failures: backoff with full jitter (backoffDelay). A Retry-After hint is honoured: the later
 * of it and the computed delay wins.
 */
export function nextPollDelay(input: PollDelayInput): number {
  const failures = wholeCount(input.consecutiveFailures);
  const delay =
    failures === 0
      ? regularDelay(input.intervalMinutes, input.random)
      : backoffDelay(failures, input.random);
  const retryAfter = clampRetryAfter(input.retryAfterMs);
  return retryAfter === undefined ? delay : Math.max(delay, retryAfter);
}

function regularDelay(intervalMinutes: number, random: () => number): number {
  const interval = normalizeIntervalMinutes(intervalMinutes) * MINUTE_MS;
  const jittered = interval * (1 + (unit(random()) * 2 - 1) * INTERVAL_JITTER);
  return Math.round(Math.max(MIN_INTERVAL_MINUTES * MINUTE_MS, jittered));
}

/** Milliseconds from a refused login to the next try: KEY_RETRY_MS, jittered. */
export function keyRetryDelay(random: () => number): number {
  return Math.round(KEY_RETRY_MS * (1 + (unit(random()) * 2 - 1) * KEY_RETRY_JITTER));
}

interface ScheduleState {
  consecutiveFailures: number;
  lastSuccessAt: number | null;
  nextPollAt: number;
  /** The service has failed ATTENTION_AFTER_FAILURES times in a row: show it on the badge. */
  attention: boolean;
}

export type PollOutcome =
  | { kind: 'success'; at: number }
  | { kind: 'failure'; at: number; retryAfterMs?: number }
  /** The browser is offline: not the service's fault, so neither a failure nor a success. */
  | { kind: 'offline'; at: number }
  /**
   * The service refused the API key: no backoff loop of logins, one try hours later (the failure
   * count stays as it was; the badge shows the rejected key, which outranks it).
   */
  | { kind: 'key-rejected'; at: number };

interface ScheduleConfig {
  intervalMinutes: number;
  random: () => number;
  attentionAfterFailures?: number;
}

export function onPollOutcome(
  state: ScheduleState,
  outcome: PollOutcome,
  config: ScheduleConfig,
): ScheduleState {
  const threshold = config.attentionAfterFailures ?? ATTENTION_AFTER_FAILURES;
  const delayFor = (consecutiveFailures: number, retryAfterMs?: number) =>
    outcome.at +
    nextPollDelay({
      intervalMinutes: config.intervalMinutes,
      consecutiveFailures,
      retryAfterMs,
      random: config.random,
    });
  switch (outcome.kind) {
    case 'success':
      return {
        consecutiveFailures: 0,
        lastSuccessAt: outcome.at,
        nextPollAt: delayFor(0),
        attention: false,
      };
    case 'failure': {
      const failures = wholeCount(state.consecutiveFailures) + 1;
      return {
        consecutiveFailures: failures,
        lastSuccessAt: state.lastSuccessAt,
        nextPollAt: delayFor(failures, outcome.retryAfterMs),
        attention: failures >= threshold,
      };
    }
    case 'offline':
      // Skip this cycle: keep the failure count (and so the backoff level) as it was.
      return { ...state, nextPollAt: delayFor(wholeCount(state.consecutiveFailures)) };
    case 'key-rejected':
      return { ...state, nextPollAt: outcome.at + keyRetryDelay(config.random) };
  }
}

/** The state comes back from storage: a damaged count must not become NaN forever. */
function wholeCount(value: number): number {
  return Number.isFinite(value) ? Math.max(0, Math.floor(value)) : 0;
}
