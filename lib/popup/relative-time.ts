// "5 minutes ago" in the reader's language, and the exact time for the tooltip.

const SECOND = 1_000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Largest unit first: the first whose threshold the age reaches is used. */
const UNITS: { unit: Intl.RelativeTimeFormatUnit; ms: number; from: number }[] = [
  { unit: 'year', ms: 365 * DAY, from: 365 * DAY },
  { unit: 'month', ms: 30 * DAY, from: 30 * DAY },
  { unit: 'week', ms: 7 * DAY, from: 7 * DAY },
  { unit: 'day', ms: DAY, from: DAY },
  { unit: 'hour', ms: HOUR, from: HOUR },
  { unit: 'minute', ms: MINUTE, from: MINUTE },
];

const formats = new Map<string, Intl.RelativeTimeFormat>();

/**
 * The age of `thenMs` at `nowMs` in words, or `justNow` when under a minute (and for times in the
 * future: clocks disagree a little). Whole units, rounded down: "59 minutes ago", then "1 hour ago".
 */
export function relativeTime(
  thenMs: number,
  nowMs: number,
  locale: string,
  justNow: string,
): string {
  const step = relativeStep(thenMs, nowMs);
  if (!step) return justNow;
  let format = formats.get(locale);
  if (!format) {
    format = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
    formats.set(locale, format);
  }
  return format.format(step.value, step.unit);
}

/** The unit and count relativeTime words; null for "just now". */
function relativeStep(
  thenMs: number,
  nowMs: number,
): { unit: Intl.RelativeTimeFormatUnit; value: number } | null {
  const age = nowMs - thenMs;
  const found = UNITS.find((u) => age >= u.from);
  if (!found || !Number.isFinite(age)) return null;
  return { unit: found.unit, value: -Math.floor(age / found.ms) };
}

/**
 * Whether `thenMs` reads the same at both times. The clock ticks for every row, but a row whose
 * words would not change (most are hours or days old) need not render again.
 */
export function sameRelativeTime(thenMs: number, nowMs: number, otherNowMs: number): boolean {
  if (nowMs === otherNowMs) return true;
  const a = relativeStep(thenMs, nowMs);
  const b = relativeStep(thenMs, otherNowMs);
  return a === null || b === null ? a === b : a.unit === b.unit && a.value === b.value;
}

const EXACT: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' };

/**
 * One formatter per locale (the options are fixed): toLocaleString builds a new one on every call,
 * which was a quarter of rendering a page of rows.
 */
const exactFormats = new Map<string, Intl.DateTimeFormat>();

/** The exact local date and time, for a tooltip. */
export function exactTime(epochMs: number, locale: string): string {
  const date = new Date(epochMs);
  // An invalid date: the formatter would throw; toLocaleString says "Invalid Date" without one.
  if (Number.isNaN(date.getTime())) return date.toLocaleString(locale, EXACT);
  let format = exactFormats.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, EXACT);
    exactFormats.set(locale, format);
  }
  return format.format(date);
}

/** For <time dateTime>: an ISO instant, or '' when the time is not a real one. */
export function isoTime(epochMs: number): string {
  return Number.isFinite(epochMs) ? new Date(epochMs).toISOString() : '';
}
