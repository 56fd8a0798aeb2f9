// Telling the mention store's storage.local keys apart (see shards.ts for why it is split up); the
// names themselves are lib/storage/keys.ts's. Kept in a file of their own so pages can recognise a
// change to the store without loading it.
import {
  FLOOR_PREFIX,
  LEGACY_PRUNED_PREFIX,
  META_KEY,
  READ_PREFIX,
  RECORD_PREFIX,
} from '@/lib/storage/keys';
import type { MentionKey } from '@/lib/mentions/store';

function safeInteger(text: string | undefined): number | null {
  if (text === undefined || !/^-?\d+$/.test(text)) return null;
  const value = Number(text);
  return Number.isSafeInteger(value) ? value : null;
}

/** The mention a record key names, or null for any other key. */
export function parseRecordKey(key: string): MentionKey | null {
  if (!key.startsWith(RECORD_PREFIX)) return null;
  const [project, id, ...rest] = key.slice(RECORD_PREFIX.length).split(':');
  const projectId = safeInteger(project);
  const mentionId = safeInteger(id);
  return projectId === null || mentionId === null || rest.length > 0
    ? null
    : { projectId, id: mentionId };
}

/** The project a per-project key (read ids, floor, legacy pruned ids) names, or null. */
export function parseProjectKey(key: string, prefix: string): number | null {
  return key.startsWith(prefix) ? safeInteger(key.slice(prefix.length)) : null;
}

/** Whether a storage.local key belongs to the mention store (records, lists, floors or meta). */
export function isStoreKey(key: string): boolean {
  return (
    key === META_KEY ||
    key.startsWith(RECORD_PREFIX) ||
    key.startsWith(READ_PREFIX) ||
    key.startsWith(FLOOR_PREFIX) ||
    key.startsWith(LEGACY_PRUNED_PREFIX)
  );
}
