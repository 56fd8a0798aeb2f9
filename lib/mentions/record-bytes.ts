// What one stored mention costs of the records' byte budget (store.ts, RECORD_BYTES_BUDGET).

import { recordKey } from '@/lib/storage/keys';
import { FIELD_BYTES } from '@/lib/mentions/stored-mention';
import { jsonBytes, numberBytes, stringBytes } from '@/lib/mentions/stored-bytes';
import type { StoredMention } from '@/lib/mentions/store';

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

/**
 * The record as storage counts it (key and JSON, without the read flag: what
 * `entryBytes(recordKey(...), recordOf(mention))` gives) plus its share. Counted member by member
 * rather than by writing the JSON: the caps measure every new record of every poll, and a store
 * read from storage is all new objects.
 */
export function recordCost(mention: StoredMention): number {
  let bytes = cache.get(mention);
  if (bytes === undefined) {
    bytes = stringBytes(recordKey(mention.project_id, mention.id)) + RECORD_SHARE_BYTES;
    // The braces, and between members a comma: members − 1 commas.
    let members = 0;
    for (const [name, value] of Object.entries(mention)) {
      if (name === 'read' || value === undefined) continue;
      members += 1;
      bytes += stringBytes(name) + 3 + valueBytes(value);
    }
    bytes += 2 + Math.max(0, members - 1);
    cache.set(mention, bytes);
  }
  return bytes;
}

/** One member's value: the record's strings, numbers and nulls directly; anything else as JSON. */
function valueBytes(value: unknown): number {
  if (typeof value === 'string') return stringBytes(value) + 2;
  if (typeof value === 'number') return numberBytes(value);
  if (value === null) return 4;
  return jsonBytes(value);
}

/** `mention` with its read flag set, keeping the known cost (the flag is not in the record). */
export function withRead(mention: StoredMention, read: boolean): StoredMention {
  const next = { ...mention, read };
  const bytes = cache.get(mention);
  if (bytes !== undefined) cache.set(next, bytes);
  return next;
}
