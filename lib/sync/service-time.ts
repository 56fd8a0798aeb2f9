// What a poll's new mentions tell of the service's clock (lib/time/service-clock.ts), and the
// store moved to the offset they reveal. Pure: the poller writes the result with the mentions, in
// one storage call, so the clock and the instants computed with it never disagree in storage.
import { type MentionStore, type StoredMention, rebaseServiceTimes } from '@/lib/mentions/store';
import {
  effectiveOffsetMinutes,
  observeArrivals,
  serviceClockWrite,
  type ServiceClockState,
} from '@/lib/time/service-clock';

export interface LearnedClock {
  /** The store at the (possibly new) offset: the same object when the offset stayed. */
  store: MentionStore;
  /** The clock's storage item to write with the store, or undefined when nothing was learned. */
  write?: Record<string, unknown>;
}

/** `added` are the mentions this poll stored for the first time, each once. */
export function learnServiceClock(
  clock: ServiceClockState,
  store: MentionStore,
  added: readonly StoredMention[],
  now: number,
): LearnedClock {
  const next = observeArrivals(
    clock,
    added.map((m) => ({ date_added: m.date_added, firstSeen: m.firstSeen })),
    now,
  );
  if (next === clock) return { store };
  return {
    store: rebaseServiceTimes(store, effectiveOffsetMinutes(next)),
    write: serviceClockWrite(next),
  };
}
