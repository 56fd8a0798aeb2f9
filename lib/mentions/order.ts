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
