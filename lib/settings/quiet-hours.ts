// Quiet hours: a daily span of local time in which no desktop notification is raised (the badge
// still counts). Minutes after local midnight; a span may cross midnight (22:00 to 08:00); start
// equal to end is never quiet. Local Date fields throughout, never a fixed 24 hours: across a
// change of daylight saving time 08:00 is still 08:00.
import { fieldwise, lazySchema, z } from '@/lib/zod';

/** Minutes after local midnight, 0..1439. */
const minuteOfDay = lazySchema(() => z.int().check(z.gte(0), z.lt(1440)));

export const quietHoursSchema = lazySchema(() =>
  z.object({ enabled: z.boolean(), start: minuteOfDay(), end: minuteOfDay() }),
);

export type QuietHours = z.output<ReturnType<typeof quietHoursSchema>>;

export const DEFAULT_QUIET_HOURS: QuietHours = { enabled: false, start: 22 * 60, end: 8 * 60 };

/** Stored quiet hours, field by field: what is damaged reads as its default. */
export const storedQuietHours = lazySchema(() =>
  fieldwise(quietHoursSchema().shape, DEFAULT_QUIET_HOURS),
);

export const parseQuietHours = (raw: unknown): QuietHours => storedQuietHours().parse(raw);

const minuteOf = (date: Date) => date.getHours() * 60 + date.getMinutes();

export function isQuietAt(quiet: QuietHours, date: Date): boolean {
  const { enabled, start, end } = quiet;
  if (!enabled || start === end) return false;
  const minute = minuteOf(date);
  return start < end ? minute >= start && minute < end : minute >= start || minute < end;
}

/**
 * The next moment, after `date`, at which the local clock reads the span's end. Built from the
 * day's fields (the Date constructor carries minutes over, and places a time that a change of
 * daylight saving time skipped just after the gap).
 */
export function quietEndsAt(quiet: QuietHours, date: Date): Date {
  const at = (dayOffset: number) =>
    new Date(date.getFullYear(), date.getMonth(), date.getDate() + dayOffset, 0, quiet.end);
  const today = at(0);
  return today > date ? today : at(1);
}
