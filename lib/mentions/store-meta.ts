// The mention store's meta item (`mentionMeta`): the storage format's version, the synced projects
// and the service offset the stored times were read at. Parsed as input: damage gives defaults.

import { isRecord } from '@/lib/service/envelope';
import type { MentionStore } from '@/lib/mentions/store';

/**
 * 1: records, read ids, `mentionPruned:<project>` id lists, meta without a version.
 * 2: pruned ids replaced by per-project floors (`mentionFloor:<project>`); meta has the version
 *    and the service offset.
 */
export const STORE_FORMAT_VERSION = 2;

export interface StoreMeta {
  version: number;
  syncedProjects: number[];
  utcOffsetMinutes: number;
}

/** UTC−12 to UTC+14, the offsets in use on Earth. */
export function isUtcOffset(value: unknown): value is number {
  return Number.isSafeInteger(value) && (value as number) >= -720 && (value as number) <= 840;
}

/** The safe integers of a list, each once, in their order. */
export function safeIds(value: unknown): number[] {
  if (!Array.isArray(value)) return [];
  return [...new Set(value.filter((id): id is number => Number.isSafeInteger(id)))];
}

/** The meta as stored; a missing version is format 1 (it had none). */
export function parseMeta(value: unknown): StoreMeta {
  if (!isRecord(value)) return { version: 1, syncedProjects: [], utcOffsetMinutes: 0 };
  return {
    version: Number.isSafeInteger(value.version) ? (value.version as number) : 1,
    syncedProjects: safeIds(value.syncedProjects),
    utcOffsetMinutes: isUtcOffset(value.utcOffsetMinutes) ? value.utcOffsetMinutes : 0,
  };
}

export function metaOf(store: MentionStore): StoreMeta {
  return {
    version: STORE_FORMAT_VERSION,
    syncedProjects: [...store.syncedProjects],
    utcOffsetMinutes: store.utcOffsetMinutes,
  };
}
