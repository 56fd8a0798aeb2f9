// The service's UTC offset, learned from what we observe (docs/service/notes.md, time zone of
// timestamps: the service writes `date_added` as its own wall time, in any zone from UTC−12 to
// UTC+14, never the browser's).
//
// The evidence. A mention first stored at our time T (`firstSeen`) cannot have been added after T,
// so its true instant is at most T, and since instant = wall − offset:
//
//     offset ≥ wall(date_added) − T          (a LOWER BOUND, one per arrival)
//
// A fresh mention (added a few minutes before the poll that found it) gives a bound a few minutes
// below the truth; a stale one (found late: a new project's history, a browser closed all night, a
// slow crawler) gives a bound hours or days below it. Every bound is at or below the truth, so:
//
// - Round UP to the next offset in use on Earth (whole hours, and the few half and quarter hours:
//   utc-offset.ts), after allowing CLOCK_SLACK for our clock running a little behind the
//   service's. A fresh bound then lands exactly on the truth whenever the mention was seen before
//   the next offset in use below the truth (minutes to an hour); a stale one lands below.
// - Take the HIGHEST bound: the smallest offset consistent with everything seen, so no mention is
//   ever shown as added after the moment we first saw it. Stale samples only pull down, and the
//   maximum ignores them once anything fresher was seen: one fresh arrival gives the exact offset,
//   and a first sync's history gives the offset that makes its newest record "just added", which
//   fresher arrivals then correct (each correction only moves times earlier, towards the truth).
//   Considered and rejected: needing two samples to agree (it would ignore one mention dated in
//   the future, a rare service fault, but on every first sync it read the newest history records
//   as added hours AFTER we saw them). A service that does date records ahead is what the
//   options' "Service time zone" override is for.
// - Discard impossible samples: a bound above UTC+14 cannot come from a true clock, and one below
//   UTC−12 tells nothing we did not know.
//
// The memory is bounded and recent: per day (of `seenAt`) the 8 highest bounds, for the last
// 7 days plus today (at most 64 samples). A week, not longer, so that a service whose offset drops
// (daylight saving time ends) is followed within a week; an offset that rises (DST starts) is
// followed at the next fresh arrival. Older days are dropped only once two newer samples exist,
// so a quiet week never forgets a detection. Meanwhile the user can override it.
//
// The background is the only writer of the stored state (serviceClockItem in lib/storage/items.ts,
// in storage.local under `serviceClock`, read and watched by the options page); pages send the
// `setServiceClockOverride` command. Everything here is pure.
import { SERVICE_CLOCK_KEY } from '@/lib/storage/keys';
import { parseServiceWallClock } from '@/lib/time/service-date';
import {
  isServiceOffset,
  MIN_OFFSET_MINUTES,
  OFFSET_STEP_MINUTES,
  OFFSETS_IN_USE,
} from '@/lib/time/utc-offset';
import { fieldwise, keptList, lazySchema, z } from '@/lib/zod';

interface ClockArrival {
  date_added: string;
  firstSeen: number;
}

/** How far our clock may run behind the service's without lifting a bound past the truth. */
const CLOCK_SLACK_MINUTES = 2;
/** Newer samples needed before the days past the window are forgotten. */
const MIN_SAMPLES = 2;
/** The highest bounds kept per day of `seenAt`. */
const SAMPLES_PER_DAY = 8;
/** Days kept before today's: a DST change that lowers the offset is followed within this. */
const WINDOW_DAYS = 7;
/** The most samples ever stored: (WINDOW_DAYS + 1) × SAMPLES_PER_DAY. */
const MAX_SAMPLES = (WINDOW_DAYS + 1) * SAMPLES_PER_DAY;

const DAY_MS = 24 * 60 * 60 * 1000;
const MINUTE_MS = 60_000;
/** A sample "seen" further ahead of now than this came from a clock that has since been corrected. */
const FUTURE_SEEN_MS = 60 * MINUTE_MS;

export function initialServiceClock(): ServiceClockState {
  return { version: 1, overrideMinutes: null, samples: [] };
}

/**
 * The offset a bound stands for: the smallest offset in use on Earth at or above it, after the
 * clock slack (the true offset is one of those and at or above every bound, so this never passes
 * it); NaN for a bound no real clock gives (above UTC+14) or one below UTC−12 (it tells nothing).
 */
function boundOffset(lowerBoundMinutes: number): number {
  const floor = lowerBoundMinutes - CLOCK_SLACK_MINUTES;
  if (!(floor > MIN_OFFSET_MINUTES - OFFSET_STEP_MINUTES)) return NaN;
  return OFFSETS_IN_USE.find((offset) => offset >= floor) ?? NaN;
}

/** One observation: wall(date_added) − firstSeen, in minutes (a lower bound of the offset). */
const sampleSchema = lazySchema(() =>
  z.object({
    lowerBoundMinutes: z.number().check(z.refine((bound) => !Number.isNaN(boundOffset(bound)))),
    /** Epoch ms of our clock when the mention was first seen. */
    seenAt: z.int().check(z.nonnegative()),
  }),
);

type ClockSample = z.output<ReturnType<typeof sampleSchema>>;

const isSample = (value: unknown): value is ClockSample => sampleSchema().safeParse(value).success;

const newestFirst = (a: ClockSample, b: ClockSample) =>
  b.seenAt - a.seenAt || b.lowerBoundMinutes - a.lowerBoundMinutes;

const dayOf = (sample: ClockSample) => Math.floor(sample.seenAt / DAY_MS);

/**
 * The kept samples, newest first: the best SAMPLES_PER_DAY per day and, given `now`, nothing from
 * a clock ahead of it and no day older than the window once MIN_SAMPLES newer samples replace it.
 */
function normalize(samples: readonly ClockSample[], now?: number): ClockSample[] {
  let kept =
    now === undefined ? samples.slice() : samples.filter((s) => s.seenAt <= now + FUTURE_SEEN_MS);
  if (now !== undefined) {
    const firstDay = Math.floor(now / DAY_MS) - WINDOW_DAYS;
    const recent = kept.filter((s) => dayOf(s) >= firstDay);
    if (recent.length >= MIN_SAMPLES) kept = recent;
  }
  const perDay = new Map<number, ClockSample[]>();
  for (const sample of kept) {
    const day = dayOf(sample);
    const list = perDay.get(day);
    if (list) list.push(sample);
    else perDay.set(day, [sample]);
  }
  const best: ClockSample[] = [];
  for (const list of perDay.values()) {
    list.sort((a, b) => b.lowerBoundMinutes - a.lowerBoundMinutes || b.seenAt - a.seenAt);
    best.push(...list.slice(0, SAMPLES_PER_DAY));
  }
  return best.sort(newestFirst).slice(0, MAX_SAMPLES);
}

const clockShape = () => ({
  version: z.literal(1),
  /** The user's choice in the options (minutes east of UTC), or null for "Automatic". */
  overrideMinutes: z.nullable(z.number().check(z.refine(isServiceOffset))),
  /** Newest first (seenAt, then the bound, descending): one order, so states compare cheaply. */
  samples: z.pipe(
    keptList(sampleSchema()),
    z.transform((samples) => normalize(samples)),
  ),
});

export type ServiceClockState = z.output<z.ZodMiniObject<ReturnType<typeof clockShape>>>;

const serviceClockSchema = lazySchema(() =>
  fieldwise(clockShape(), { version: 1, overrideMinutes: null }),
);

/**
 * Whatever storage holds, as a usable state: each field that is valid is kept, each that is not
 * falls back to its initial value (a damaged sample is dropped, not the whole list).
 */
export const parseServiceClock = (raw: unknown): ServiceClockState =>
  serviceClockSchema().parse(raw);

function sameSamples(a: readonly ClockSample[], b: readonly ClockSample[]): boolean {
  return (
    a.length === b.length &&
    a.every((s, i) => s.seenAt === b[i].seenAt && s.lowerBoundMinutes === b[i].lowerBoundMinutes)
  );
}

/**
 * The state after a poll's new arrivals: the mentions it stored for the first time, each once,
 * with the firstSeen it was stored with (a mention passed twice would take two of its day's
 * places). Arrivals whose date cannot be read, or carries its own zone, say nothing and are
 * skipped. Returns the very same object when nothing changes, so the caller writes nothing.
 */
export function observeArrivals(
  state: ServiceClockState,
  arrivals: readonly ClockArrival[],
  now: number,
): ServiceClockState {
  const fresh: ClockSample[] = [];
  for (const arrival of arrivals) {
    const wall = parseServiceWallClock(arrival.date_added);
    if (wall === undefined || !Number.isSafeInteger(arrival.firstSeen)) continue;
    const sample: ClockSample = {
      lowerBoundMinutes: (wall - arrival.firstSeen) / MINUTE_MS,
      seenAt: arrival.firstSeen,
    };
    if (isSample(sample)) fresh.push(sample);
  }
  const samples = normalize([...state.samples, ...fresh], now);
  return sameSamples(samples, state.samples) ? state : { ...state, samples };
}

/**
 * The detected offset in minutes east of UTC, or null before any sample: the highest quarter hour
 * a sample reaches (see the top of this file).
 */
export function detectedOffsetMinutes(state: ServiceClockState): number | null {
  let highest: number | null = null;
  for (const sample of state.samples) {
    const offset = boundOffset(sample.lowerBoundMinutes);
    if (!Number.isNaN(offset) && (highest === null || offset > highest)) highest = offset;
  }
  return highest;
}

/** The offset to read the service's times with: the user's choice, else the detected one, else UTC. */
export function effectiveOffsetMinutes(state: ServiceClockState): number {
  return state.overrideMinutes ?? detectedOffsetMinutes(state) ?? 0;
}

/** The state with the user's choice (null: back to automatic); the same object if unchanged. */
export function withOverride(
  state: ServiceClockState,
  overrideMinutes: number | null,
): ServiceClockState {
  if (overrideMinutes !== null && !isServiceOffset(overrideMinutes)) return state;
  return state.overrideMinutes === overrideMinutes ? state : { ...state, overrideMinutes };
}

/**
 * The state as an `extra` of a mention-store write (writeMentionStore): the clock and the instants
 * computed with it land in one storage call.
 */
export function serviceClockWrite(state: ServiceClockState): Record<string, unknown> {
  return { [SERVICE_CLOCK_KEY]: state };
}
