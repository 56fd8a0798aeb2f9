// A mention as it sits under its own storage key: everything but the read flag (kept per project,
// shards.ts). Also what the popup's preview copies (preview.ts).

import { isRecord } from '@/lib/service/envelope';
import { parseRecordKey } from '@/lib/mentions/shard-keys';
import type { StoredMention } from '@/lib/mentions/store';

/** A record as stored: the mention without its read flag. */
export type StoredRecord = Omit<StoredMention, 'read'>;

export function recordOf(mention: StoredMention): StoredRecord {
  const record: Partial<StoredMention> = { ...mention };
  delete record.read;
  return record as StoredRecord;
}

/** Storage is input: a record is used only when the fields the store relies on are sound. */
export function isStoredRecord(value: unknown): value is StoredRecord {
  return (
    isRecord(value) &&
    Number.isSafeInteger(value.id) &&
    Number.isSafeInteger(value.project_id) &&
    typeof value.addedAt === 'number' &&
    Number.isFinite(value.addedAt) &&
    typeof value.firstSeen === 'number' &&
    Number.isFinite(value.firstSeen) &&
    typeof value.url === 'string' &&
    typeof value.title === 'string' &&
    typeof value.date_added === 'string'
  );
}

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
