// Instants as a person reads them, in the browser's own zone and language. Formatters are kept
// per locale and style: toLocaleString builds a new one on every call, a quarter of the cost of
// rendering a page of rows.
import { t } from '@/lib/i18n';

const STYLES = {
  /** "Jun 15, 2024, 12:00 PM": tooltips of our own times (checks, errors). */
  exact: { dateStyle: 'medium', timeStyle: 'short' },
  /** "Sat, Jun 15, 2024, 12:00 PM": a mention's local time in its tooltip. */
  long: {
    weekday: 'short',
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  },
  /** "Jun 15, 12:00 PM": a date and time short enough for a row. */
  short: { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' },
  /** "Jun 15, 2024, 12:00 PM": the same in another year. */
  shortYear: {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  },
} satisfies Record<string, Intl.DateTimeFormatOptions>;

type Style = keyof typeof STYLES;

const formats = new Map<string, Intl.DateTimeFormat>();

function format(epochMs: number, locale: string, style: Style): string {
  const date = new Date(epochMs);
  // An invalid date: the formatter would throw; toLocaleString says "Invalid Date" without one.
  if (Number.isNaN(date.getTime())) return date.toLocaleString(locale, STYLES[style]);
  const id = `${style}|${locale}`;
  let formatter = formats.get(id);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(locale, STYLES[style]);
    formats.set(id, formatter);
  }
  return formatter.format(date);
}

/** The exact local date and time, for a tooltip. */
export function exactTime(epochMs: number, locale: string): string {
  return format(epochMs, locale, 'exact');
}

/** A remote string in a tooltip: trimmed and capped (a timestamp is never this long). */
const MAX_SERVICE_TEXT = 40;

/**
 * The tooltip of a mention's time: the local date and time with its weekday, and the service's
 * own string beside it (docs/service/notes.md, time zone of timestamps), so a reader can check the
 * conversion against what the service shows.
 */
export function mentionTimeTitle(epochMs: number, serviceText: string, locale: string): string {
  const local = format(epochMs, locale, 'long');
  const own = String(serviceText ?? '')
    .trim()
    .slice(0, MAX_SERVICE_TEXT);
  return own === '' ? local : t('mentionTimeTooltip', [local, own]);
}

/** A short local date and time; the year only when it is not the year of `nowMs`. */
export function shortDateTime(epochMs: number, nowMs: number, locale: string): string {
  const sameYear = new Date(epochMs).getFullYear() === new Date(nowMs).getFullYear();
  return format(epochMs, locale, sameYear ? 'short' : 'shortYear');
}

/** For <time dateTime>: an ISO instant, or '' when the time is not a real one. */
export function isoTime(epochMs: number): string {
  const date = new Date(epochMs);
  return Number.isNaN(date.getTime()) ? '' : date.toISOString();
}
