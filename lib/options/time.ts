// Times on the status panel, in the reader's language: "5 minutes ago", "in 3 minutes", and the
// exact local time for a tooltip. These are our own clock's instants (checks, retries), so a time
// ahead is a plan ("in 3 minutes"), unlike a mention's age (lib/time/age.ts).

const SECOND = 1_000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const UNITS: { unit: Intl.RelativeTimeFormatUnit; ms: number }[] = [
  { unit: 'day', ms: DAY },
  { unit: 'hour', ms: HOUR },
  { unit: 'minute', ms: MINUTE },
];

/**
 * `thenMs` relative to `nowMs` in whole units, rounded towards now: past times as "5 minutes ago",
 * future ones as "in 3 minutes". Under a minute either way is `withinMinute` (the caller's words:
 * "just now", "due now").
 */
export function relativeTime(
  thenMs: number,
  nowMs: number,
  locale: string,
  withinMinute: string,
): string {
  const delta = thenMs - nowMs;
  const found = UNITS.find((u) => Math.abs(delta) >= u.ms);
  if (!found || !Number.isFinite(delta)) return withinMinute;
  const format = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
  return format.format(Math.trunc(delta / found.ms), found.unit);
}

// One formatter of instants for every page (lib/time/format.ts).
export { exactTime, isoTime } from '../time/format';
