// Timestamps from the service: `YYYY-MM-DD HH:MM:SS` with no zone (docs/service/notes.md, time zone
// of timestamps: the service writes its own server-local wall time, in a zone nobody tells us).
//
// This is the one place a service string becomes a number. Two readings:
// - parseServiceWallClock: the wall time itself, as if it were UTC ("what the service's clock
//   read"). Only the clock detection (service-clock.ts) wants this.
// - parseServiceDate: the instant, given the service's UTC offset (detected or chosen by the user,
//   service-clock.ts). Without an offset it reads the wall time as UTC, never in the browser's
//   zone: the same string gives the same instant on every machine, whatever TZ the browser has.
// A string that carries its own zone (`Z`, `+02:00`) is an instant already: the zone wins.

const SERVICE_DATE =
  /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?)?(Z|[+-]\d{2}:?\d{2})?$/;

interface ServiceDateParts {
  /** The written date and time read as UTC, in epoch ms. */
  wallClock: number;
  /** The string's own zone in minutes east of UTC, when it has one. */
  zoneMinutes?: number;
}

function readServiceDate(text: unknown): ServiceDateParts | undefined {
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
  if (zone === undefined) return { wallClock };
  const zoneMinutes = zoneOffsetMinutes(zone);
  return Number.isFinite(zoneMinutes) ? { wallClock, zoneMinutes } : undefined;
}

/**
 * Epoch ms for a service timestamp, or undefined for anything that is not a real date and time
 * (junk, `0000-00-00 00:00:00`, 2023-02-30, non-strings). Never throws.
 * `utcOffsetMinutes` is the service's offset east of UTC (UTC−5 is -300). Also accepts a `T`
 * separator, missing seconds or time, fractions, and an explicit zone suffix (which, when present,
 * wins over `utcOffsetMinutes`).
 */
export function parseServiceDate(text: unknown, utcOffsetMinutes = 0): number | undefined {
  const parts = readServiceDate(text);
  if (!parts) return undefined;
  const offset = parts.zoneMinutes ?? utcOffsetMinutes;
  if (!Number.isFinite(offset)) return undefined;
  return parts.wallClock - offset * 60_000;
}

/**
 * The service's wall time as if it were UTC (epoch ms), for learning the service's offset: only
 * zone-less strings, since a string with its own zone says nothing about the server's clock.
 */
export function parseServiceWallClock(text: unknown): number | undefined {
  const parts = readServiceDate(text);
  return parts && parts.zoneMinutes === undefined ? parts.wallClock : undefined;
}

function zoneOffsetMinutes(zone: string): number {
  if (zone === 'Z') return 0;
  const digits = zone.slice(1).replace(':', '');
  const hours = Number(digits.slice(0, 2));
  const minutes = Number(digits.slice(2));
  if (hours > 14 || minutes > 59) return NaN;
  return (zone.startsWith('-') ? -1 : 1) * (hours * 60 + minutes);
}
