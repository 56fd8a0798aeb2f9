// Times relative to now in the reader's language, by two rules that share the units and the
// formatters:
//   - formatAge: a mention's age, "5 minutes ago", "yesterday"; never "in ..." (see below).
//   - formatTimeFromNow: our own clock's instants (checks, retries) on the status panel, where a
//     time ahead is a plan: "in 3 minutes". Days at most, rounded towards now.
//
// An age's times ahead of our clock. Clocks disagree a little, so up to FUTURE_SLACK_MS ahead
// reads "just now". Further ahead, the time is not an age at all: a service clock we read with the
// wrong offset (UTC+9 read as UTC is 9 hours ahead), or a wrong date. It then reads as its local
// date and time ("Jun 15, 9:00 PM"), never "just now": "just now" for hours would hide the error
// and keep the mention above newer ones without saying why. Once the offset is known the poller
// rebases every instant and ages read normally again.

import { shortDateTime } from '@/lib/time/format';

const SECOND = 1_000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** How far ahead of our clock a time may be and still read "just now". */
const FUTURE_SLACK_MS = 5 * MINUTE;

/** Largest unit first: the first whose threshold the time reaches is used. */
const UNITS: { unit: Intl.RelativeTimeFormatUnit; ms: number }[] = [
  { unit: 'year', ms: 365 * DAY },
  { unit: 'month', ms: 30 * DAY },
  { unit: 'week', ms: 7 * DAY },
  { unit: 'day', ms: DAY },
  { unit: 'hour', ms: HOUR },
  { unit: 'minute', ms: MINUTE },
];

/** A plan's units: a retry weeks away reads "in 20 days", which says more than "in 3 weeks". */
const PLAN_UNITS = UNITS.filter((u) => u.ms <= DAY);

const formats = new Map<string, Intl.RelativeTimeFormat>();

/** One formatter per locale: building one costs more than formatting a row. */
function formatterFor(locale: string): Intl.RelativeTimeFormat {
  let format = formats.get(locale);
  if (!format) {
    format = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
    formats.set(locale, format);
  }
  return format;
}

type Step =
  | { kind: 'now' }
  | { kind: 'future' }
  | { kind: 'past'; unit: Intl.RelativeTimeFormatUnit; value: number };

/** How an age reads: "just now", a date and time (too far ahead), or whole units rounded down. */
function ageStep(thenMs: number, nowMs: number): Step {
  const age = nowMs - thenMs;
  if (!Number.isFinite(age)) return { kind: 'now' };
  if (age < -FUTURE_SLACK_MS) return { kind: 'future' };
  const found = UNITS.find((u) => age >= u.ms);
  return found
    ? { kind: 'past', unit: found.unit, value: -Math.floor(age / found.ms) }
    : { kind: 'now' };
}

/**
 * The age of `thenMs` at `nowMs` in words, or `justNow` under a minute (and up to
 * FUTURE_SLACK_MS ahead). Whole units, rounded down: "59 minutes ago", then "1 hour ago". A time
 * further ahead reads as its local date and time.
 */
export function formatAge(thenMs: number, nowMs: number, locale: string, justNow: string): string {
  const step = ageStep(thenMs, nowMs);
  if (step.kind === 'now') return justNow;
  if (step.kind === 'future') return shortDateTime(thenMs, nowMs, locale);
  return formatterFor(locale).format(step.value, step.unit);
}

/**
 * `thenMs` relative to `nowMs` in whole units, rounded towards now: past times as "5 minutes ago",
 * future ones as "in 3 minutes". Under a minute either way is `withinMinute` (the caller's words:
 * "just now", "due now").
 */
export function formatTimeFromNow(
  thenMs: number,
  nowMs: number,
  locale: string,
  withinMinute: string,
): string {
  const delta = thenMs - nowMs;
  const found = PLAN_UNITS.find((u) => Math.abs(delta) >= u.ms);
  if (!found || !Number.isFinite(delta)) return withinMinute;
  return formatterFor(locale).format(Math.trunc(delta / found.ms), found.unit);
}

/**
 * Whether `thenMs` reads the same at both times. The clock ticks for every row, but a row whose
 * words would not change (most are hours or days old) need not render again.
 */
export function sameRelativeTime(thenMs: number, nowMs: number, otherNowMs: number): boolean {
  if (nowMs === otherNowMs) return true;
  const a = ageStep(thenMs, nowMs);
  const b = ageStep(thenMs, otherNowMs);
  if (a.kind === 'past' && b.kind === 'past') return a.unit === b.unit && a.value === b.value;
  // A date and time reads the same at both moments unless one of them names the year.
  if (a.kind === 'future' && b.kind === 'future') {
    const year = new Date(thenMs).getFullYear();
    return (
      (new Date(nowMs).getFullYear() === year) === (new Date(otherNowMs).getFullYear() === year)
    );
  }
  return a.kind === b.kind;
}
