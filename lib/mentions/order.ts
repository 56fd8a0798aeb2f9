// The one ordering of mentions (service-notes.md: sort by date_added, then id).

import type { StoredMention } from '@/lib/mentions/store';

type Ordered = Pick<StoredMention, 'addedAt' | 'id' | 'project_id'>;

/** Newest first: addedAt, then id, then project id (so lists across projects are deterministic). */
export function compareNewestFirst(a: Ordered, b: Ordered): number {
  return b.addedAt - a.addedAt || b.id - a.id || b.project_id - a.project_id;
}

/** A sorted copy; the input is left alone (it may be frozen or shared with the stored state). */
export function newestFirst<T extends Ordered>(mentions: readonly T[]): T[] {
  return [...mentions].sort(compareNewestFirst);
}

/**
 * The `count` newest, newest first: newestFirst(mentions).slice(0, count) without sorting them all
 * (the preview takes 10 of up to 5,000 at every write).
 */
export function newestOf<T extends Ordered>(mentions: Iterable<T>, count: number): T[] {
  const newest: T[] = [];
  for (const mention of mentions) {
    if (newest.length === count && compareNewestFirst(mention, newest[count - 1]) >= 0) continue;
    let at = newest.length;
    while (at > 0 && compareNewestFirst(mention, newest[at - 1]) < 0) at -= 1;
    newest.splice(at, 0, mention);
    if (newest.length > count) newest.pop();
  }
  return newest;
}
