// The names of the mention store's storage.local keys (see shards.ts for why it is split up).
// Kept in a file of their own so pages can recognise a change to the store without loading it.
import type { MentionKey } from './store';

/** One mention's record: `mention:<project id>:<id>`. */
export const RECORD_PREFIX = 'mention:';
/** A project's read ids: `mentionRead:<project id>`. */
export const READ_PREFIX = 'mentionRead:';
/** A project's pruned ids: `mentionPruned:<project id>`. */
export const PRUNED_PREFIX = 'mentionPruned:';
/** Synced projects and the write counter. */
export const META_KEY = 'mentionMeta';

export function recordKey(projectId: number, id: number): string {
  return `${RECORD_PREFIX}${projectId}:${id}`;
}

export function readKey(projectId: number): string {
  return `${READ_PREFIX}${projectId}`;
}

export function prunedKey(projectId: number): string {
  return `${PRUNED_PREFIX}${projectId}`;
}

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

/** The project a per-project key (read or pruned ids) names, or null. */
export function parseProjectKey(key: string, prefix: string): number | null {
  return key.startsWith(prefix) ? safeInteger(key.slice(prefix.length)) : null;
}

/** Whether a storage.local key belongs to the mention store (records, lists or meta). */
export function isStoreKey(key: string): boolean {
  return (
    key === META_KEY ||
    key.startsWith(RECORD_PREFIX) ||
    key.startsWith(READ_PREFIX) ||
    key.startsWith(PRUNED_PREFIX)
  );
}
