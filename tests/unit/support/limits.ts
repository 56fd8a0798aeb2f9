// The product's limits and timings, written out as the tests expect them. The modules keep these
// private (nothing else in the product reads them); a test that needs one names its value here, so
// changing a limit in the product means changing it here on purpose. Each says where it lives.
import { recordOf } from '@/lib/mentions/mention-record';
import type { StoredMention } from '@/lib/mentions/store';
import { recordKey } from '@/lib/mentions/store-format';
import { jsonBytes, stringBytes } from '@/lib/storage/quota-bytes';

/** lib/sync/schedule.ts: the backoff's first ceiling, its cap and its floor. */
export const BACKOFF_BASE_MS = 60_000;
export const BACKOFF_CAP_MS = 60 * 60_000;
export const BACKOFF_FLOOR_MS = 30_000;
/** lib/sync/schedule.ts: Retry-After is honoured within these bounds. */
export const RETRY_AFTER_MIN_MS = 30_000;
export const RETRY_AFTER_MAX_MS = 24 * 60 * 60_000;
/** lib/sync/schedule.ts: a refused key is tried again this long after, ± this share. */
export const KEY_RETRY_MS = 3 * 60 * 60_000;
export const KEY_RETRY_JITTER = 0.2;
/** lib/sync/poller.ts: the poll lease's length. */
export const POLL_LEASE_MS = 2 * 60_000;
/** lib/sync/poll-fetch.ts: the calls for projects' mentions in flight at once. */
export const PROJECT_CONCURRENCY = 3;
/** lib/sync/locks.ts: the bounds of a lease's length. */
export const MIN_LEASE_TTL_MS = 1_000;
export const MAX_LEASE_TTL_MS = 10 * 60_000;
/** lib/mentions/merge.ts: on a first sync, mentions older than this arrive read. */
export const FIRST_SYNC_UNREAD_WINDOW_MS = 7 * 24 * 60 * 60 * 1000;
/** lib/mentions/caps.ts: what a record adds to the shared lists (the source's cap + 9). */
export const RECORD_SHARE_BYTES = 32 + 9;
/** lib/mentions/mention-record.ts: a URL longer than this is not kept. */
export const URL_BYTES = 2_048;
/** chrome.storage.local.QUOTA_BYTES (the extension does not ask for unlimitedStorage). */
export const QUOTA_BYTES = 10_485_760;

/** One storage.local item as Chrome counts it: its key and its value's JSON. */
export function entryBytes(key: string, value: unknown): number {
  return stringBytes(key) + jsonBytes(value);
}

/** All the items of one storage.local.set, or of a whole store. */
export function entriesBytes(entries: Record<string, unknown>): number {
  let bytes = 0;
  for (const [key, value] of Object.entries(entries)) bytes += entryBytes(key, value);
  return bytes;
}

// Keyed by the record: stores share unchanged records, so a run over many stores measures each once.
const costs = new WeakMap<StoredMention, number>();

/**
 * What a record costs of the caps' byte budget (lib/mentions/caps.ts counts it member by member;
 * tests/unit/mentions/caps.record-cost.test.ts proves the two agree): its item, and its share.
 */
export function recordCost(mention: StoredMention): number {
  let cost = costs.get(mention);
  if (cost === undefined) {
    cost =
      entryBytes(recordKey(mention.project_id, mention.id), recordOf(mention)) + RECORD_SHARE_BYTES;
    costs.set(mention, cost);
  }
  return cost;
}
