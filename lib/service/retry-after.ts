// Retry-After (RFC 9110 §10.2.3) comes as delta-seconds ("120") or an HTTP-date ("Wed, 21 Oct 2015
// 07:28:00 GMT"). A header is remote input: whatever it holds, this never throws and never returns
// a negative or absurd wait.

/** A wait longer than this is treated as this: a broken header must not stop polling for days. */
export const RETRY_AFTER_MAX_MS = 24 * 60 * 60 * 1000;

const DELTA_SECONDS = /^\d+(?:\.\d+)?$/;
// Every HTTP-date form (IMF-fixdate, RFC 850, asctime) has a month name and an hh:mm:ss time.
// Requiring both keeps Date.parse's leniency ("1", "May") from turning junk into a date.
const MONTH = /\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)/i;
const TIME = /\b\d{1,2}:\d{2}:\d{2}\b/;
const HAS_ZONE = /\b(?:GMT|UTC|UT|Z)\b|[+-]\d{4}\b/i;

/** Milliseconds to wait, or undefined when `value` is absent or not a Retry-After value. */
export function parseRetryAfter(value: unknown, now: number): number | undefined {
  if (typeof value !== 'string') return undefined;
  const text = value.trim();
  if (text === '' || text.length > 100) return undefined;

  if (DELTA_SECONDS.test(text)) return clamp(Number(text) * 1000);

  if (!MONTH.test(text) || !TIME.test(text)) return undefined;
  // HTTP-dates are always GMT; the asctime form does not say so, and Date.parse would read a date
  // without a zone as local time.
  const at = Date.parse(HAS_ZONE.test(text) ? text : `${text} GMT`);
  if (!Number.isFinite(at)) return undefined;
  // A date in the past means "now"; `now` itself might be junk from a caller, so guard it too.
  const base = Number.isFinite(now) ? now : Date.now();
  return clamp(at - base);
}

function clamp(ms: number): number {
  if (Number.isNaN(ms) || ms <= 0) return 0;
  return Math.min(Math.round(ms), RETRY_AFTER_MAX_MS);
}
