// A mention as it sits under its own storage key: everything but the read flag (kept per project,
// shards.ts). Also what the popup's preview copies (preview.ts).

import { parseRecordKey } from '@/lib/mentions/shard-keys';
import type { StoredMention } from '@/lib/mentions/store';
import { lazySchema, z } from '@/lib/zod';

/** A record as stored: the mention without its read flag. */
export type StoredRecord = Omit<StoredMention, 'read'>;

export function recordOf(mention: StoredMention): StoredRecord {
  const record: Partial<StoredMention> = { ...mention };
  delete record.read;
  return record as StoredRecord;
}

/** The members the store relies on; the rest of a record is kept as stored. */
const recordMembers = lazySchema(() =>
  z.object({
    id: z.int(),
    project_id: z.int(),
    addedAt: z.number(),
    firstSeen: z.number(),
    url: z.string(),
    title: z.string(),
    date_added: z.string(),
  }),
);

/** Storage is input: a record is used only when the members the store relies on are sound. */
export const isStoredRecord = (value: unknown): value is StoredRecord =>
  recordMembers().safeParse(value).success;

/** A record as stored, kept whole: its members are checked, the record is not copied. */
export const storedRecord = lazySchema(() => z.custom<StoredRecord>(isStoredRecord));

/**
 * The records storage holds (`entries`: items of storage.local), per project: each sound record
 * under the key of the very mention it is. The store (shards.ts) and its migration read them so.
 */
export function recordsByProject(entries: Record<string, unknown>): Map<number, StoredRecord[]> {
  const byProject = new Map<number, StoredRecord[]>();
  for (const [key, value] of Object.entries(entries)) {
    const named = parseRecordKey(key);
    if (!named || !isStoredRecord(value)) continue;
    if (value.project_id !== named.projectId || value.id !== named.id) continue;
    let list = byProject.get(named.projectId);
    if (!list) byProject.set(named.projectId, (list = []));
    list.push(value);
  }
  return byProject;
}
