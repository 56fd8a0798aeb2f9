// When the service's UTC offset becomes known or changes (detected, or set by the user), every
// stored time read from the service moves with it. Ordering and ages use `addedAt`, precomputed
// from `date_added` at the store's offset (store.ts); this recomputes them, and the floors with
// them, so that what was dropped stays at or below its floor.

import { shiftFloor } from '@/lib/mentions/floors';
import { compareNewestFirst } from '@/lib/mentions/order';
import { parseServiceDate } from '@/lib/mentions/service-date';
import type { MentionStore, ProjectFloor, StoredMention } from '@/lib/mentions/store';
import { isUtcOffset } from '@/lib/mentions/store-meta';

/**
 * The store with every `addedAt` read from `date_added` at `utcOffsetMinutes` (a date the store
 * cannot read keeps its firstSeen-based one; a date with its own zone does not move), every floor
 * moved by the same amount, and each list sorted again. Returns the same object when the offset is
 * the store's already, or is not a whole number of minutes from UTC−12 to UTC+14 (the store keeps
 * only such offsets: store-meta.ts).
 */
export function rebaseServiceTimes(store: MentionStore, utcOffsetMinutes: number): MentionStore {
  if (!isUtcOffset(utcOffsetMinutes) || utcOffsetMinutes === store.utcOffsetMinutes) {
    return store;
  }
  // A later offset means the same wall-clock string is an earlier instant.
  const deltaMs = (store.utcOffsetMinutes - utcOffsetMinutes) * 60_000;
  const byProject: Record<number, StoredMention[]> = {};
  for (const [key, list] of Object.entries(store.byProject)) {
    let moved = false;
    const next = list.map((mention) => {
      const addedAt = parseServiceDate(mention.date_added, utcOffsetMinutes);
      if (addedAt === undefined || addedAt === mention.addedAt) return mention;
      moved = true;
      return { ...mention, addedAt };
    });
    byProject[Number(key)] = moved ? next.sort(compareNewestFirst) : list;
  }
  const floors: Record<number, ProjectFloor> = {};
  for (const [key, floor] of Object.entries(store.floors)) {
    floors[Number(key)] = shiftFloor(floor, deltaMs);
  }
  return { ...store, byProject, floors, utcOffsetMinutes };
}
