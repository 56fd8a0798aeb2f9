// Exponential backoff with full jitter after failed polls: the ceiling doubles from 1 minute up to
// 1 hour, and the actual delay is drawn uniformly below it, so installs that failed together (the
// service went down for everyone) do not come back together. The floor keeps even an unlucky draw
// from hammering the service, and matches Chrome's 30 s minimum alarm period.

export const BACKOFF_BASE_MS = 60_000;
export const BACKOFF_CAP_MS = 60 * 60_000;
export const BACKOFF_FLOOR_MS = 30_000;

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
