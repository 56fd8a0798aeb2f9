// The service's timestamp format, `YYYY-MM-DD HH:MM:SS`. The contract does not name a time zone
// (service-notes.md: read it as the service's local time). The fake runs on the same machine as
// the browser under test, so it writes its own local time: relative times then come out right.

const pad = (n: number): string => String(n).padStart(2, '0');

export function formatServiceTime(date: Date): string {
  return (
    `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ` +
    `${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`
  );
}

export const MINUTE_MS = 60_000;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;
