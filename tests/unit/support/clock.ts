// Arrivals as a service in a given zone produces them: `date_added` is its wall time when the
// mention was added, `firstSeen` our clock when a poll stored it.

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;
/** A fixed "now" for examples: 2026-11-25 05:03 UTC. */
export const NOW = Date.UTC(2026, 10, 25, 5, 3, 0);

/** What a service at `offsetMinutes` writes for the instant `epochMs` (`YYYY-MM-DD HH:MM:SS`). */
export function serviceText(epochMs: number, offsetMinutes: number): string {
  return new Date(epochMs + offsetMinutes * MINUTE).toISOString().slice(0, 19).replace('T', ' ');
}

/** A mention added at `addedAt` by a service at `offsetMinutes`, first seen at `seenAt`. */
export function arrival(addedAt: number, seenAt: number, offsetMinutes: number) {
  return { date_added: serviceText(addedAt, offsetMinutes), firstSeen: seenAt };
}
