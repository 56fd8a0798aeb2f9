// UTC offsets as the extension handles them: whole minutes east of UTC (UTC−5 is -300), on the
// quarter hour, from UTC−12:00 to UTC+14:00 (every offset in use on Earth lies in that range and
// on a quarter hour).

export const MIN_OFFSET_MINUTES = -12 * 60;
const MAX_OFFSET_MINUTES = 14 * 60;
export const OFFSET_STEP_MINUTES = 15;

export function isServiceOffset(value: unknown): value is number {
  return (
    typeof value === 'number' &&
    Number.isInteger(value) &&
    value >= MIN_OFFSET_MINUTES &&
    value <= MAX_OFFSET_MINUTES &&
    value % OFFSET_STEP_MINUTES === 0
  );
}

/**
 * Every offset some place on Earth uses (whole hours, plus the half and quarter hours of India,
 * Nepal, Iran, Newfoundland, central Australia, the Chathams...): the choices the options page
 * offers. Any other quarter hour stays valid (a stored override is shown even if not listed).
 */
export const OFFSETS_IN_USE: readonly number[] = [
  ...Array.from({ length: 27 }, (_, i) => (i - 12) * 60),
  -9 * 60 - 30,
  -3 * 60 - 30,
  3 * 60 + 30,
  4 * 60 + 30,
  5 * 60 + 30,
  5 * 60 + 45,
  6 * 60 + 30,
  8 * 60 + 45,
  9 * 60 + 30,
  10 * 60 + 30,
  12 * 60 + 45,
].sort((a, b) => a - b);

/**
 * "UTC+9", "UTC−5", "UTC+5:30", "UTC" (with `withMinutes`: "UTC+9:00", "UTC−5:00", "UTC+0:00",
 * for a list whose entries should line up). A real minus sign, which screen readers say as "minus".
 */
export function formatUtcOffset(minutes: number, withMinutes = false): string {
  if (minutes === 0 && !withMinutes) return 'UTC';
  const sign = minutes < 0 ? '\u2212' : '+';
  const abs = Math.abs(minutes);
  const hours = Math.floor(abs / 60);
  const rest = abs % 60;
  const tail = rest !== 0 || withMinutes ? `:${String(rest).padStart(2, '0')}` : '';
  return `UTC${sign}${hours}${tail}`;
}

/**
 * What the service's clock reads at `epochMs`, in its own format (`YYYY-MM-DD HH:MM`), so a person
 * can compare it with the times the service shows.
 */
export function serviceWallClockText(epochMs: number, offsetMinutes: number): string {
  const wall = new Date(epochMs + offsetMinutes * 60_000);
  if (Number.isNaN(wall.getTime())) return '';
  return wall.toISOString().slice(0, 16).replace('T', ' ');
}
