// What one stored mention costs of the records' byte budget (store.ts, RECORD_BYTES_BUDGET).

import { recordKey } from './shard-keys';
import { recordOf } from './stored-record';
import { FIELD_BYTES } from './stored-mention';
import { entryBytes } from './stored-bytes';
import type { StoredMention } from './store';

/**
 * Besides its own item a mention adds to one shared list: its id to the project's read ids (at most
 * 17 characters and a comma), or while unread its source to the preview's counts (the source at
 * its cap, quotes, colon, a count of up to 5 digits, comma). Counting the larger with every record
 * lets the budget bound those lists too.
 */
export const RECORD_SHARE_BYTES = FIELD_BYTES.source + 9;

// Keyed by the stored object: records are immutable and shared between stores, so a merge costs
// the records it made, not the store.
const cache = new WeakMap<StoredMention, number>();

/** The record as storage counts it (key and JSON, without the read flag) plus its share. */
export function recordCost(mention: StoredMention): number {
  let bytes = cache.get(mention);
  if (bytes === undefined) {
    const key = recordKey(mention.project_id, mention.id);
    bytes = entryBytes(key, recordOf(mention)) + RECORD_SHARE_BYTES;
    cache.set(mention, bytes);
  }
  return bytes;
}

/** `mention` with its read flag set, keeping the known cost (the flag is not in the record). */
export function withRead(mention: StoredMention, read: boolean): StoredMention {
  const next = { ...mention, read };
  const bytes = cache.get(mention);
  if (bytes !== undefined) cache.set(next, bytes);
  return next;
}
