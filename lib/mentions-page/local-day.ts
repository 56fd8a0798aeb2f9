// Calendar days as the mentions page's date range reads them: 'YYYY-MM-DD' in the filter, and the
// local day (the browser's zone, or a named one) an instant falls on. A day is compared as a
// number, y * 10000 + m * 100 + d, which sorts in day order for any year (a string would put
// year 10000 before 2026), so a range check is two comparisons per mention.

const DAY_TEXT = /^(\d{4})-(\d{2})-(\d{2})$/;

function isLeap(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeap(year) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

const dayNumber = (year: number, month: number, day: number) => year * 10_000 + month * 100 + day;

/** 'YYYY-MM-DD' of a real calendar day (no 2026-02-30, no year 0000) as a day number, else null. */
export function parseDay(text: string): number | null {
  const match = DAY_TEXT.exec(text);
  if (!match) return null;
  const [year, month, day] = match.slice(1).map(Number);
  if (year < 1 || month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null;
  return dayNumber(year, month, day);
}

/** Formatters per zone: building one costs far more than using it. */
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      calendar: 'gregory',
      numberingSystem: 'latn',
      era: 'short',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/**
 * The day `epochMs` falls on, as a day number: in the browser's zone (Date's own getters, the
 * fast path the page uses), or in `timeZone` (an IANA name, for tests and exports). Null for an
 * instant no Date can hold. Years before 1 are not days a mention has: they come out as null too.
 */
export function localDayNumber(epochMs: number, timeZone?: string): number | null {
  const date = new Date(epochMs);
  if (Number.isNaN(date.getTime())) return null;
  if (timeZone === undefined) {
    const year = date.getFullYear();
    return year < 1 ? null : dayNumber(year, date.getMonth() + 1, date.getDate());
  }
  const parts: Record<string, string> = {};
  for (const { type, value } of formatterFor(timeZone).formatToParts(date)) parts[type] = value;
  // 'en-US' writes years before 1 as "1 BC" and so on: the era tells them apart.
  if (parts.era !== 'AD') return null;
  return dayNumber(Number(parts.year), Number(parts.month), Number(parts.day));
}
