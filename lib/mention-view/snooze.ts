// The popup's snooze: the choices its menu offers, and the times its status line tells (what holds
// notifications is lib/triage/hold.ts's holdOf). Local calendar fields throughout, never a fixed
// 24 hours: across a change of daylight saving time, 08:00 is still 08:00. Pure, with table tests
// (tests/unit/mention-view/snooze.test.ts); the words are SnoozeMenu's and SnoozeStatus's.

/** "Until tomorrow 08:00": the morning a snooze for the night ends, in local time. */
const MORNING = { hours: 8, minutes: 0 };

const HOUR_MS = 60 * 60 * 1000;

const clocks = new Map<string, Intl.DateTimeFormat>();

/**
 * The local time of day in the UI language's own way ("14:30", "2:30 PM"). lib/time/format.ts has
 * dates with times only; this is the popup's one time of day, kept beside its one use.
 */
export function clockTime(epochMs: number, locale: string): string {
  let format = clocks.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { timeStyle: 'short' });
    clocks.set(locale, format);
  }
  return format.format(epochMs);
}

interface SnoozeChoices {
  /** One hour from now. */
  hour: number;
  /** The next 08:00 after now. */
  morning: number;
  /** The morning is tomorrow (false between midnight and 08:00: it is this morning). */
  morningIsTomorrow: boolean;
}

/** Whole local calendar days from `from` to `to` (0: the same day, 1: the next). */
export function daysBetween(from: Date, to: Date): number {
  const day = (d: Date) => new Date(d.getFullYear(), d.getMonth(), d.getDate()).getTime();
  // Rounded: a day across a change of daylight saving time is 23 or 25 hours long.
  return Math.round((day(to) - day(from)) / (24 * HOUR_MS));
}

export function snoozeChoices(now: Date): SnoozeChoices {
  const at = (dayOffset: number) =>
    new Date(
      now.getFullYear(),
      now.getMonth(),
      now.getDate() + dayOffset,
      MORNING.hours,
      MORNING.minutes,
    );
  const today = at(0);
  const morning = today > now ? today : at(1);
  return {
    hour: now.getTime() + HOUR_MS,
    morning: morning.getTime(),
    morningIsTomorrow: daysBetween(now, morning) === 1,
  };
}
