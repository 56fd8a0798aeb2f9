// Local days and wall clocks: what calendar day and time an instant shows in the browser's zone
// (or in a named one, for tests and exports). wallClock is the one reader of an instant's local
// calendar; the rest are forms of it:
// - localDayNumber / parseDay: a day as a number, y * 10000 + m * 100 + d, which sorts in day
//   order for any year (a string would put year 10000 before 2026), so the mentions page's date
//   range is two comparisons per mention. parseDay reads the 'YYYY-MM-DD' of the page's filter.
// - localDayKey: the same day as 'YYYY-MM-DD', the text parseDay reads back (the charts' day keys).
// - lastLocalDays / dayIndex: the charts' window of days. A day is not always 24 hours (daylight
//   saving time), so boundaries come from the calendar (new Date(y, m, d)), never from adding
//   86,400,000 ms; a mention then finds its day by a binary search over the boundaries, without
//   building a Date per mention (5,000 of them on every filter change).

/** An instant's local calendar day and time of day. */
interface WallClock {
  /** Astronomical year: 1 BC is 0, 2 BC is -1 (as Date's getFullYear counts). */
  year: number;
  /** 1 to 12. */
  month: number;
  day: number;
  /** 0 to 23. */
  hour: number;
  minute: number;
  second: number;
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
      hourCycle: 'h23',
      era: 'short',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/**
 * The wall clock `epochMs` shows: in the browser's zone (Date's own getters, the fast path the
 * page uses), or in `timeZone` (an IANA name). Null for an instant no Date can hold.
 */
export function wallClock(epochMs: number, timeZone?: string): WallClock | null {
  const date = new Date(epochMs);
  if (Number.isNaN(date.getTime())) return null;
  if (timeZone === undefined) {
    return {
      year: date.getFullYear(),
      month: date.getMonth() + 1,
      day: date.getDate(),
      hour: date.getHours(),
      minute: date.getMinutes(),
      second: date.getSeconds(),
    };
  }
  const parts: Record<string, string> = {};
  for (const { type, value } of formatterFor(timeZone).formatToParts(date)) parts[type] = value;
  // 'en-US' writes years before 1 as "1 BC" and so on: the era tells them apart.
  const year = Number(parts.year);
  return {
    year: parts.era === 'AD' ? year : 1 - year,
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    second: Number(parts.second),
  };
}

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

/**
 * The day `epochMs` falls on, as a day number, in the browser's zone or in `timeZone`. Null for an
 * instant no Date can hold. Years before 1 are not days a mention has: they come out as null too.
 */
export function localDayNumber(epochMs: number, timeZone?: string): number | null {
  const clock = wallClock(epochMs, timeZone);
  if (clock === null || clock.year < 1) return null;
  return dayNumber(clock.year, clock.month, clock.day);
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/**
 * 'YYYY-MM-DD' of the day `epochMs` falls on (the form parseDay reads back), in the browser's zone
 * or in `timeZone`; '' where localDayNumber has no day.
 */
export function localDayKey(epochMs: number, timeZone?: string): string {
  const day = localDayNumber(epochMs, timeZone);
  if (day === null) return '';
  return `${pad(Math.floor(day / 10_000), 4)}-${pad(Math.floor(day / 100) % 100)}-${pad(day % 100)}`;
}

export interface LocalDay {
  /** 'YYYY-MM-DD' of the browser's zone. */
  key: string;
  /** Epoch ms of the day's first instant (local midnight, or the first hour there is). */
  start: number;
}

/**
 * The `count` local days up to and including the one of `now`, oldest first, plus the end of the
 * last one (the start of tomorrow in local time).
 */
export function lastLocalDays(now: number, count: number): { days: LocalDay[]; end: number } {
  const today = new Date(now);
  const y = today.getFullYear();
  const m = today.getMonth();
  const d = today.getDate();
  const days: LocalDay[] = [];
  for (let back = count - 1; back >= 0; back--) {
    const start = new Date(y, m, d - back).getTime();
    days.push({ key: localDayKey(start), start });
  }
  return { days, end: new Date(y, m, d + 1).getTime() };
}

/** Index of the day that holds `epochMs`, or -1 when it falls outside them all. */
export function dayIndex(days: readonly LocalDay[], end: number, epochMs: number): number {
  if (days.length === 0 || !(epochMs >= days[0].start) || !(epochMs < end)) return -1;
  let low = 0;
  let high = days.length - 1;
  // The last day whose start is at or before the instant.
  while (low < high) {
    const mid = (low + high + 1) >> 1;
    if (days[mid].start <= epochMs) low = mid;
    else high = mid - 1;
  }
  return low;
}
