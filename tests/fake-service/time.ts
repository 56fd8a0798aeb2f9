// The service's timestamp format, `YYYY-MM-DD HH:MM:SS`. The contract does not name a time zone
// (docs/service/notes.md: a PHP back end writes its server's local wall time, whatever zone that is).
// By default the fake writes the local time of the machine it runs on; given a UTC offset it
// writes the wall time of that zone instead, as a server elsewhere in the world would.

const pad = (n: number): string => String(n).padStart(2, '0');

/** `date` as wall time: the machine's local zone, or UTC plus `utcOffsetMinutes` when given. */
export function formatServiceTime(date: Date, utcOffsetMinutes?: number): string {
  if (utcOffsetMinutes !== undefined) {
    const wall = new Date(date.getTime() + utcOffsetMinutes * 60_000);
    return (
      `${wall.getUTCFullYear()}-${pad(wall.getUTCMonth() + 1)}-${pad(wall.getUTCDate())} ` +
      `${pad(wall.getUTCHours())}:${pad(wall.getUTCMinutes())}:${pad(wall.getUTCSeconds())}`
    );
  }
  return (
    `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ` +
    `${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`
  );
}

export const MINUTE_MS = 60_000;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;
