// A project's floor (store.ts, ProjectFloor): raised by whatever drops mentions (caps.ts, merge.ts),
// consulted by the merge before a fetched mention is admitted (floorJudge), moved by
// rebaseServiceTimes (store.ts). Its stored form is store-format.ts's. Why it refuses only what it
// can prove was seen: docs/bounded-store.md, "Eviction and floors".

import type { OrderKey, ProjectFloor } from '@/lib/mentions/store';
import { parseServiceDate } from '@/lib/time/service-date';

/**
 * How many ids of dropped mentions of unreadable date a floor remembers (the largest kept). Past
 * it, the smallest are forgotten: while the project's ids grow they stay refused by id, but in a
 * project whose ids do not grow a forgotten one may come back as new once.
 */
export const EXCLUDED_BOUND = 1_000;

/** Whether `a` sits at or below `b` in the one ordering (compareNewestFirst: addedAt, then id). */
function atOrBelow(a: OrderKey, b: OrderKey): boolean {
  return a.addedAt < b.addedAt || (a.addedAt === b.addedAt && a.id <= b.id);
}

function higher(a: OrderKey | null | undefined, b: OrderKey): OrderKey {
  return a && atOrBelow(b, a) ? a : { addedAt: b.addedAt, id: b.id };
}

/** Whether a key sits above both of the floor's date keys. */
function aboveDates(floor: ProjectFloor, key: OrderKey): boolean {
  if (floor.key && atOrBelow(key, floor.key)) return false;
  return !(floor.zonedKey && atOrBelow(key, floor.zonedKey));
}

/**
 * What a floor makes of a fetched mention the store does not hold:
 * - `new`: admitted;
 * - `seen`: refused, proven seen (an excluded id, or an id the project's growing ids have passed);
 * - `unproven`: refused by the date floor alone (ids that do not grow prove nothing): counted;
 * - `disorder`: above the date floor although its id was passed, where everything seen before is
 *   either stored or dropped under the floor: the proof that the project's ids do not grow.
 */
type Verdict = 'new' | 'seen' | 'unproven' | 'disorder';

interface FloorJudge {
  /** `addedAt` undefined: the date is unreadable. */
  verdict(id: number, addedAt: number | undefined): Verdict;
  /** Ids up to this one count as seen while the project's ids grow. */
  readonly seenUpTo: number;
}

/**
 * The judge of a project's floor. `storedMaxId`: the highest id the project stores. A floor knows
 * which mode it is in: ids that grow (seenId), ids that do not (idsUnordered: the date floor
 * alone), or a floor of the format before seenId: the date floor, with the ids the store knows of
 * (what it stores and its floor names) as the ones seen, until a merge sets seenId.
 */
function floorJudge(floor: ProjectFloor | undefined, storedMaxId: number): FloorJudge {
  if (!floor) return { verdict: () => 'new', seenUpTo: storedMaxId };
  const excluded = new Set(floor.excluded ?? []);
  const byDate = floor.idsUnordered === true;
  const trustIds = !byDate && floor.seenId !== undefined;
  const seenUpTo = trustIds
    ? floor.seenId!
    : Math.max(
        storedMaxId,
        floor.key?.id ?? -Infinity,
        floor.zonedKey?.id ?? -Infinity,
        floor.excluded?.at(-1) ?? -Infinity,
      );
  return {
    seenUpTo,
    verdict(id, addedAt) {
      if (excluded.has(id)) return 'seen';
      if (addedAt !== undefined && aboveDates(floor, { addedAt, id })) {
        return !byDate && id <= seenUpTo ? 'disorder' : 'new';
      }
      // At or below the date floor, or of unreadable date.
      if (byDate) return addedAt === undefined ? 'new' : 'unproven';
      if (id <= seenUpTo) return 'seen';
      return trustIds || addedAt === undefined ? 'new' : 'unproven';
    },
  };
}

/**
 * Sorts one reply's mentions the store does not hold (`add`, each once) into those its project
 * admits, and counts what its floor refuses without proof. A disorder anywhere in the reply puts
 * the whole reply on the date floor (what every later reply of the project gets), so the merge
 * does the same whichever part of the reply came first.
 */
export function floorSort<T>(floor: ProjectFloor | undefined, storedMaxId: number) {
  const judge = floorJudge(floor, storedMaxId);
  const byDates =
    floor && !floor.idsUnordered ? floorJudge({ ...floor, idsUnordered: true }, -Infinity) : judge;
  const both: T[] = [];
  const byIdsOnly: T[] = [];
  const byDatesOnly: T[] = [];
  let refusedByIds = 0;
  let refusedByDates = 0;
  let disorder = false;
  return {
    seenUpTo: judge.seenUpTo,
    /** Files a mention (`item` builds what is admitted; nothing is built for the rest). */
    add(id: number, addedAt: number | undefined, item: () => T): void {
      const mode = judge.verdict(id, addedAt);
      const dates = byDates === judge ? mode : byDates.verdict(id, addedAt);
      if (mode === 'disorder') disorder = true;
      if (mode === 'unproven') refusedByIds += 1;
      if (dates === 'unproven') refusedByDates += 1;
      const inIds = mode === 'new' || mode === 'disorder';
      const inDates = dates === 'new';
      if (inIds && inDates) both.push(item());
      else if (inIds) byIdsOnly.push(item());
      else if (inDates) byDatesOnly.push(item());
    },
    /** What the reply's floor admits, what it refused without proof, and whether ids disorder. */
    sorted(): { admitted: T[]; refused: number; disorder: boolean } {
      return disorder
        ? { admitted: [...both, ...byDatesOnly], refused: refusedByDates, disorder }
        : { admitted: [...both, ...byIdsOnly], refused: refusedByIds, disorder };
    },
  };
}

/**
 * What a poll may let go of, before its merge, among the mentions of a reply the store does not
 * hold (merge.ts, recordsToKeep), read against the floor at the store's `offset`; `date` as the
 * merge would store it, or undefined when its form is not a plain one:
 * - `seen`: the merge refuses it as seen, whatever the store goes through meanwhile (keys and
 *   seenId only rise; a date with its own zone is compared to the zoned key alone, which does not
 *   move with the offset; excluded ids stay; only the project's own merge finds a disorder);
 * - `disorder`: it might prove the project's ids disordered, and then the merge reads the whole
 *   reply on the date floor: nothing of it may be let go;
 * - `open`: the merge decides (a new id, or a floor that does not trust ids).
 */
export function settlement(
  floor: ProjectFloor | undefined,
  offset: number,
): (id: number, date: string | undefined) => 'seen' | 'disorder' | 'open' {
  const seenId = floor && !floor.idsUnordered ? floor.seenId : undefined;
  if (!floor || seenId === undefined) return () => 'open';
  const excluded = new Set(floor.excluded ?? []);
  return (id, date) => {
    if (id > seenId) return 'open';
    if (excluded.has(id)) return 'seen';
    if (date === undefined) return 'disorder';
    const addedAt = parseServiceDate(date, offset);
    if (addedAt === undefined) return 'seen';
    const zoned = addedAt === parseServiceDate(date, offset === 0 ? 60 : 0);
    const bound = zoned ? floor.zonedKey : floor.key;
    return bound != null && atOrBelow({ addedAt, id }, bound) ? 'seen' : 'disorder';
  };
}

/**
 * The floor after a merge read a reply whose highest id is `replyMaxId` (−Infinity for none):
 * seenId raised, or the project marked for good as one whose ids do not grow (`disorder`).
 * `seenUpTo` is the judge's (it sets seenId on a floor of the format before it).
 */
export function noteSeen(
  floor: ProjectFloor,
  seenUpTo: number,
  replyMaxId: number,
  disorder: boolean,
): ProjectFloor {
  if (floor.idsUnordered) return floor;
  if (disorder) {
    const unordered: ProjectFloor = { ...floor, idsUnordered: true };
    delete unordered.seenId;
    return unordered;
  }
  const seenId = Math.max(floor.seenId ?? seenUpTo, seenUpTo, replyMaxId);
  return seenId === floor.seenId || !Number.isFinite(seenId) ? floor : { ...floor, seenId };
}

/** A dropped mention as the floor needs it: its id and the service's date. */
export interface Dropped {
  id: number;
  date_added: string;
}

/**
 * The floor after `dropped` left the project. A readable date raises the key of its kind (a date
 * with its own zone does not move with the offset: zonedKey); an unreadable one joins the excluded
 * ids instead (its firstSeen is not the service's time, and raising the floor to it would refuse
 * genuinely new mentions). A floor made here starts with `seenId` when given (the highest id the
 * project stored, dropped or was sent). Returns the same floor object when nothing moved.
 */
export function raiseFloor(
  floor: ProjectFloor | undefined,
  dropped: Iterable<Dropped>,
  utcOffsetMinutes: number,
  seenId?: number,
): ProjectFloor | undefined {
  let exists = floor !== undefined;
  let key = floor?.key ?? null;
  let zonedKey = floor?.zonedKey ?? null;
  let maxId = -Infinity;
  const undated: number[] = [];
  for (const mention of dropped) {
    exists = true;
    maxId = Math.max(maxId, mention.id);
    const addedAt = parseServiceDate(mention.date_added, utcOffsetMinutes);
    if (addedAt === undefined) {
      undated.push(mention.id);
      continue;
    }
    const at = { addedAt, id: mention.id };
    // Most drops sit below both keys already: no need to tell their kind.
    if (key && atOrBelow(at, key) && zonedKey && atOrBelow(at, zonedKey)) continue;
    const zoned = parseServiceDate(mention.date_added, utcOffsetMinutes + 60) === addedAt;
    if (zoned) zonedKey = higher(zonedKey, at);
    else key = higher(key, at);
  }
  if (!exists) return undefined;
  const previous = floor?.excluded ?? NONE;
  const excluded = withExcluded(previous, undated);
  if (
    floor &&
    key === floor.key &&
    zonedKey === (floor.zonedKey ?? null) &&
    excluded === previous
  ) {
    return floor;
  }
  const start = !floor && seenId !== undefined ? Math.max(seenId, maxId) : undefined;
  return {
    ...floor,
    key,
    ...(zonedKey ? { zonedKey } : {}),
    ...(excluded.length > 0 ? { excluded } : {}),
    ...(start !== undefined && Number.isFinite(start) ? { seenId: start } : {}),
  };
}

const NONE: number[] = [];

/**
 * The floor that refuses whatever is not newer than `records` (a project's stored ones): for a
 * store whose floor was lost (damaged) or never kept (the format before floors). It does not know
 * the project's ids: the date floor decides until a merge sets seenId.
 */
export function floorAtNewest(records: Iterable<Dropped>, utcOffsetMinutes: number): ProjectFloor {
  const readable = [...records].filter(
    (record) => parseServiceDate(record.date_added, utcOffsetMinutes) !== undefined,
  );
  return raiseFloor({ key: null }, readable, utcOffsetMinutes) ?? { key: null };
}

/** `ids` with `more` joined, sorted, each once, the largest EXCLUDED_BOUND; `ids` when unchanged. */
function withExcluded(ids: number[], more: readonly number[]): number[] {
  if (more.length === 0) return ids;
  const known = new Set(ids);
  if (more.every((id) => known.has(id))) return ids;
  const all = [...new Set([...ids, ...more])].sort((a, b) => a - b);
  return all.slice(Math.max(0, all.length - EXCLUDED_BOUND));
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
    sameIds(a.excluded ?? [], b.excluded ?? []) &&
    a.seenId === b.seenId &&
    (a.idsUnordered ?? false) === (b.idsUnordered ?? false)
  );
}

function sameKey(a: OrderKey | null, b: OrderKey | null): boolean {
  return a === b || (a !== null && b !== null && a.addedAt === b.addedAt && a.id === b.id);
}

/** The same numbers in the same order (floors' excluded ids; shards.ts's lists too). */
export function sameIds(a: readonly number[], b: readonly number[]): boolean {
  return a.length === b.length && a.every((id, i) => id === b[i]);
}
