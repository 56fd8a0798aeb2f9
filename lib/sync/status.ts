// What the last polls found, for the badge, the popup and the options page. Written only by the
// background, in two places:
//   - the whole status in storage.session (memory): rewritten by every poll, it survives worker
//     restarts at no disk cost, so a poll that finds nothing new writes nothing to disk;
//   - its durable part in storage.local, written only when that part changes: errors, backoff and
//     its next poll time, key and permission state. After a browser restart the status is read
//     from it: the times of the last check are unknown then, and a healthy schedule is due at once
//     (a browser start polls, as the alarm of a browser that was closed would fire at its start).
// Both are read through parseSyncStatus: whatever storage holds (an older format, damage, another
// version's fields), every field comes out usable or as its default. The items are
// syncStatusItem and durableStatusItem (lib/storage/items.ts); status-storage.ts reads and writes.
import type { ScheduleState } from '@/lib/sync/schedule';
import { isRecord } from '@/lib/service/envelope';

export interface SyncError {
  kind: string;
  message: string;
  at: number;
}

export interface SyncStatus {
  schedule: ScheduleState;
  /**
   * The service refused a login with the API key: polling pauses (the next try is
   * `schedule.nextPollAt`, hours away) until then or until the settings are saved.
   */
  keyRejected: boolean;
  /** The optional host permission for the service origin is not granted. */
  permissionMissing: boolean;
  /** The last poll-level error (listing projects, login, storage), or null after a success. */
  lastError: SyncError | null;
  /** The last error per project id, cleared when that project syncs again. */
  projectErrors: Record<string, SyncError>;
  lastPollAt: number | null;
}

/**
 * The status of an account never polled: nothing failed, nothing known, a poll due at once. It is
 * what parseSyncStatus makes of nothing, so each default is written once, there.
 */
export function initialSyncStatus(): SyncStatus {
  return parseSyncStatus(undefined);
}

/**
 * Version 2: a rejected key keeps its retry time (it no longer pauses polling for good), and the
 * errors are checked field by field. A version 1 value goes through the same parse.
 */
export const DURABLE_STATUS_VERSION = 2;

/** The part of a status that must outlive the browser session (see the top of this file). */
export function durableOf(status: SyncStatus): SyncStatus {
  const { schedule } = status;
  // A schedule that is not plain "every interval" keeps its time: backoff, or a rejected key's retry.
  const keepsTime = schedule.consecutiveFailures > 0 || status.keyRejected;
  return {
    ...status,
    schedule: {
      ...schedule,
      lastSuccessAt: null,
      nextPollAt: keepsTime ? schedule.nextPollAt : 0,
    },
    lastPollAt: null,
  };
}

/** Longest error message kept: they are one line in the options page and the popup. */
const MESSAGE_MAX_CHARS = 500;
const KIND_MAX_CHARS = 40;
/** A status cannot name more projects than the store could hold; anything beyond is damage. */
const PROJECT_ERRORS_MAX = 1_000;

// `+ 0` turns -0 into 0: storage gives back JSON, where the two are one.
function finiteOr<T>(value: unknown, fallback: T): number | T {
  return typeof value === 'number' && Number.isFinite(value) ? value + 0 : fallback;
}

/** One error as stored, or null when it is not one (every field is checked). */
export function parseSyncError(raw: unknown): SyncError | null {
  if (!isRecord(raw)) return null;
  const { kind, message, at } = raw;
  if (typeof kind !== 'string' || kind === '' || kind.length > KIND_MAX_CHARS) return null;
  if (typeof message !== 'string' || typeof at !== 'number' || !Number.isFinite(at)) return null;
  return { kind, message: message.slice(0, MESSAGE_MAX_CHARS), at: at + 0 };
}

function parseProjectErrors(raw: unknown): Record<string, SyncError> {
  const out: Record<string, SyncError> = {};
  if (!isRecord(raw)) return out;
  let kept = 0;
  for (const [id, value] of Object.entries(raw)) {
    if (kept === PROJECT_ERRORS_MAX) break;
    // Keys are project ids (object keys come back as text).
    if (!/^\d{1,15}$/.test(id)) continue;
    const error = parseSyncError(value);
    if (error) {
      out[id] = error;
      kept += 1;
    }
  }
  return out;
}

// Nothing stored (or not a record) reads as no failures, never a success, due at once.
function parseSchedule(raw: unknown): ScheduleState {
  const stored = isRecord(raw) ? raw : {};
  const failures = finiteOr(stored.consecutiveFailures, 0);
  return {
    consecutiveFailures: Math.max(0, Math.floor(failures)),
    lastSuccessAt: finiteOr(stored.lastSuccessAt, null),
    nextPollAt: finiteOr(stored.nextPollAt, 0),
    attention: stored.attention === true,
  };
}

/**
 * A damaged status falls back field by field: it only steers scheduling and messages. Nothing
 * stored reads as initialSyncStatus.
 */
export function parseSyncStatus(raw: unknown): SyncStatus {
  const stored = isRecord(raw) ? raw : {};
  return {
    schedule: parseSchedule(stored.schedule),
    keyRejected: stored.keyRejected === true,
    permissionMissing: stored.permissionMissing === true,
    lastError: parseSyncError(stored.lastError),
    projectErrors: parseProjectErrors(stored.projectErrors),
    lastPollAt: finiteOr(stored.lastPollAt, null),
  };
}
