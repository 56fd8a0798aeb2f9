// Local days (the browser's zone) as the charts count them. A day is not always 24 hours (daylight
// saving time), so boundaries come from the calendar (new Date(y, m, d)), never from adding
// 86,400,000 ms; a mention then finds its day by a binary search over the boundaries, without
// building a Date per mention (5,000 of them on every filter change).

export interface LocalDay {
  /** 'YYYY-MM-DD' of the browser's zone. */
  key: string;
  /** Epoch ms of the day's first instant (local midnight, or the first hour there is). */
  start: number;
}

function pad(n: number): string {
  return String(n).padStart(2, '0');
}

/** 'YYYY-MM-DD' of the instant in the browser's zone. */
export function localDayKey(epochMs: number): string {
  const date = new Date(epochMs);
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
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
