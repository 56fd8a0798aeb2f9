// The names of the mention store's storage.local keys (see shards.ts for why it is split up).
// Kept in a file of their own so pages can recognise a change to the store without loading it.
import type { MentionKey } from './store';

/** One mention's record: `mention:<project id>:<id>`. */
export const RECORD_PREFIX = 'mention:';
/** A project's read ids: `mentionRead:<project id>`. */
export const READ_PREFIX = 'mentionRead:';
/** A project's floor (store.ts, ProjectFloor): `mentionFloor:<project id>`. */
export const FLOOR_PREFIX = 'mentionFloor:';
/**
 * Format 1 (before floors): a project's pruned ids. Read only by the migration (migrate.ts), which
 * turns them into the project's floor and removes them.
 */
export const LEGACY_PRUNED_PREFIX = 'mentionPruned:';
/** The format version, the synced projects and the service's offset the times were read at. */
export const META_KEY = 'mentionMeta';

export function recordKey(projectId: number, id: number): string {
  return `${RECORD_PREFIX}${projectId}:${id}`;
}

export function readKey(projectId: number): string {
  return `${READ_PREFIX}${projectId}`;
}

export function floorKey(projectId: number): string {
  return `${FLOOR_PREFIX}${projectId}`;
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
