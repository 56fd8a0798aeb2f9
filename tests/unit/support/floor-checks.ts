// What a project's floor makes of a mention, as the tests ask it (floors.ts, floorSort).

import { floorSort } from '@/lib/mentions/floors';
import type { ProjectFloor } from '@/lib/mentions/store';

/** Whether the floor refuses a mention the store does not hold: it cannot come (back) in. */
export function floorRefuses(
  floor: ProjectFloor | undefined,
  id: number,
  addedAt: number | undefined,
): boolean {
  const sort = floorSort<number>(floor, -Infinity);
  sort.add(id, addedAt, () => id);
  return sort.sorted().admitted.length === 0;
}

/** Whether a readable key sits above the floor's date keys (its ids and exclusions aside). */
export function aboveDateFloor(
  floor: ProjectFloor | undefined,
  id: number,
  addedAt: number,
): boolean {
  if (!floor) return true;
  const dates: ProjectFloor = { key: floor.key, idsUnordered: true };
  if (floor.zonedKey) dates.zonedKey = floor.zonedKey;
  return !floorRefuses(dates, id, addedAt);
}
