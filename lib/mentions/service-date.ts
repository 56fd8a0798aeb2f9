// Timestamps from the service: `YYYY-MM-DD HH:MM:SS` with no zone (service-notes.md: zone unknown).
//
// Policy: the wall-clock time is read in ONE fixed zone, UTC by default ("UTC-naive"), never in the
// browser's zone. So the same string always gives the same instant on every machine, ordering and
// the 7-day first-sync rule are stable, and tests do not depend on TZ. The cost: relative times
// ("3 h ago") are off by the service's real UTC offset. If that offset is ever learned, pass it as
// `utcOffsetMinutes` and every caller stays consistent.

const SERVICE_DATE =
  /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?)?(Z|[+-]\d{2}:?\d{2})?$/;

/**
 * Epoch ms for a service timestamp, or undefined for anything that is not a real date and time
 * (junk, `0000-00-00 00:00:00`, 2023-02-30, non-strings). Never throws.
 * Also accepts a `T` separator, missing seconds or time, fractions, and an explicit zone suffix
 * (which, when present, wins over `utcOffsetMinutes`).
 */
export function parseServiceDate(text: unknown, utcOffsetMinutes = 0): number | undefined {
  if (typeof text !== 'string' || text.length > 40) return undefined;
  const match = SERVICE_DATE.exec(text.trim());
  if (!match) return undefined;
  const [, y, mo, d, h = '0', mi = '0', s = '0', zone] = match;
  const year = Number(y);
  const month = Number(mo);
  const day = Number(d);
  const hour = Number(h);
  const minute = Number(mi);
  const second = Number(s);
  if (year < 1000 || hour > 23 || minute > 59 || second > 59) return undefined;
  const wallClock = Date.UTC(year, month - 1, day, hour, minute, second);
  // Date.UTC rolls 2023-02-30 over into March; a real date survives the round trip unchanged.
  const check = new Date(wallClock);
  if (
    check.getUTCFullYear() !== year ||
    check.getUTCMonth() !== month - 1 ||
    check.getUTCDate() !== day
  ) {
    return undefined;
  }
  const offset = zone === undefined ? utcOffsetMinutes : zoneOffsetMinutes(zone);
  if (!Number.isFinite(offset)) return undefined;
  return wallClock - offset * 60_000;
}

function zoneOffsetMinutes(zone: string): number {
  if (zone === 'Z') return 0;
  const digits = zone.slice(1).replace(':', '');
  const hours = Number(digits.slice(0, 2));
  const minutes = Number(digits.slice(2));
  if (hours > 14 || minutes > 59) return NaN;
  return (zone.startsWith('-') ? -1 : 1) * (hours * 60 + minutes);
}
