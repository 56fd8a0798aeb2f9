// A project's floor (store.ts, ProjectFloor): raised by whatever drops mentions (caps.ts, merge.ts),
// checked by the merge before a fetched mention is admitted, moved by rebaseServiceTimes (store.ts).
// Its stored form is store-format.ts's.

import type { OrderKey, ProjectFloor } from '@/lib/mentions/store';
import { parseServiceDate } from '@/lib/time/service-date';

/** Whether `a` sits at or below `b` in the one ordering (compareNewestFirst: addedAt, then id). */
export function atOrBelow(a: OrderKey, b: OrderKey): boolean {
  return a.addedAt < b.addedAt || (a.addedAt === b.addedAt && a.id <= b.id);
}

function higher(a: OrderKey | null | undefined, b: OrderKey): OrderKey {
  return a && atOrBelow(b, a) ? a : { addedAt: b.addedAt, id: b.id };
}

/**
 * Whether a mention the store does not hold may come in: not when its id was excluded, not when
 * its date is unreadable (`addedAt` undefined) and the project has a floor, not when its key is at
 * or below the floor.
 */
export function admits(
  floor: ProjectFloor | undefined,
  excluded: ReadonlySet<number>,
  id: number,
  addedAt: number | undefined,
): boolean {
  if (!floor) return true;
  if (excluded.has(id) || addedAt === undefined) return false;
  const key = { addedAt, id };
  if (floor.key && atOrBelow(key, floor.key)) return false;
  return !(floor.zonedKey && atOrBelow(key, floor.zonedKey));
}

/** The floor's excluded ids as a set, for admits(). */
export function excludedIds(floor: ProjectFloor | undefined): ReadonlySet<number> {
  return new Set(floor?.excluded ?? []);
}

/** A dropped mention as the floor needs it: its id and the service's date. */
export interface Dropped {
  id: number;
  date_added: string;
}

/**
 * The floor after `dropped` left the project. A readable date raises the key of its kind (a date
 * with its own zone does not move with the offset: zonedKey); an unreadable one only makes the
 * floor exist (its firstSeen is not the service's time, and raising the floor to it would refuse
 * genuinely new mentions). Returns the same floor object when nothing moved.
 */
export function raiseFloor(
  floor: ProjectFloor | undefined,
  dropped: Iterable<Dropped>,
  utcOffsetMinutes: number,
): ProjectFloor | undefined {
  let exists = floor !== undefined;
  let key = floor?.key ?? null;
  let zonedKey = floor?.zonedKey ?? null;
  for (const mention of dropped) {
    exists = true;
    const addedAt = parseServiceDate(mention.date_added, utcOffsetMinutes);
    if (addedAt === undefined) continue;
    const at = { addedAt, id: mention.id };
    // Most drops sit below both keys already: no need to tell their kind.
    if (key && atOrBelow(at, key) && zonedKey && atOrBelow(at, zonedKey)) continue;
    const zoned = parseServiceDate(mention.date_added, utcOffsetMinutes + 60) === addedAt;
    if (zoned) zonedKey = higher(zonedKey, at);
    else key = higher(key, at);
  }
  if (!exists) return undefined;
  if (floor && key === floor.key && zonedKey === (floor.zonedKey ?? null)) return floor;
  return {
    ...floor,
    key,
    ...(zonedKey ? { zonedKey } : {}),
  };
}

/** The floor with its offset-bound key moved by `deltaMs` (rebaseServiceTimes). */
export function shiftFloor(floor: ProjectFloor, deltaMs: number): ProjectFloor {
  if (!floor.key || deltaMs === 0) return floor;
  return { ...floor, key: { addedAt: floor.key.addedAt + deltaMs, id: floor.key.id } };
}

export function sameFloor(a: ProjectFloor | undefined, b: ProjectFloor | undefined): boolean {
  if (a === b) return true;
  if (!a || !b) return false;
  return (
    sameKey(a.key, b.key) &&
    sameKey(a.zonedKey ?? null, b.zonedKey ?? null) &&
    sameIds(a.excluded ?? [], b.excluded ?? [])
  );
}

function sameKey(a: OrderKey | null, b: OrderKey | null): boolean {
  return a === b || (a !== null && b !== null && a.addedAt === b.addedAt && a.id === b.id);
}

/** The same numbers in the same order (floors' excluded ids; shards.ts's lists too). */
export function sameIds(a: readonly number[], b: readonly number[]): boolean {
  return a.length === b.length && a.every((id, i) => id === b[i]);
}
