// What the last polls found, for the badge, the popup and the options page. Written only by the
// background, in two places:
//   - the whole status in storage.session (memory): rewritten by every poll, it survives worker
//     restarts at no disk cost, so a poll that finds nothing new writes nothing to disk;
//   - its durable part in storage.local, written only when that part changes: errors, backoff and
//     its next poll time, key and permission state. After a browser restart the status is read
//     from it: the times of the last check are unknown then, and a healthy schedule is due at once
//     (a browser start polls, as the alarm of a browser that was closed would fire at its start).
import { defineLazyItem } from '../lazy-storage-item';
import type { ScheduleState } from './schedule';

export interface SyncError {
  kind: string;
  message: string;
  at: number;
}

export interface SyncStatus {
  schedule: ScheduleState;
  /** Login failed even after one retry: polling pauses until the settings change. */
  keyRejected: boolean;
  /** The optional host permission for the service origin is not granted. */
  permissionMissing: boolean;
  /** The last poll-level error (listing projects, login), or null after a success. */
  lastError: SyncError | null;
  /** The last error per project id, cleared when that project syncs again. */
  projectErrors: Record<string, SyncError>;
  lastPollAt: number | null;
}

export function initialSyncStatus(): SyncStatus {
  return {
    schedule: { consecutiveFailures: 0, lastSuccessAt: null, nextPollAt: 0, attention: false },
    keyRejected: false,
    permissionMissing: false,
    lastError: null,
    projectErrors: {},
    lastPollAt: null,
  };
}

export const syncStatusItem = defineLazyItem<SyncStatus | null>('session:syncStatus', {
  fallback: null,
});

export const durableStatusItem = defineLazyItem<SyncStatus | null>('local:syncStatus', {
  fallback: null,
  version: 1,
  migrations: {},
});

/** The part of a status that must outlive the browser session (see the top of this file). */
export function durableOf(status: SyncStatus): SyncStatus {
  const { schedule } = status;
  const backingOff = schedule.consecutiveFailures > 0;
  return {
    ...status,
    schedule: {
      ...schedule,
      lastSuccessAt: null,
      nextPollAt: backingOff ? schedule.nextPollAt : 0,
    },
    lastPollAt: null,
  };
}

/** A damaged status falls back field by field: it only steers scheduling and messages. */
export function parseSyncStatus(raw: unknown): SyncStatus {
  const base = initialSyncStatus();
  if (typeof raw !== 'object' || raw === null) return base;
  const value = raw as Partial<SyncStatus>;
  const schedule = typeof value.schedule === 'object' && value.schedule ? value.schedule : null;
  return {
    schedule: schedule ? { ...base.schedule, ...schedule } : base.schedule,
    keyRejected: value.keyRejected === true,
    permissionMissing: value.permissionMissing === true,
    lastError: value.lastError ?? null,
    projectErrors:
      typeof value.projectErrors === 'object' && value.projectErrors ? value.projectErrors : {},
    lastPollAt: typeof value.lastPollAt === 'number' ? value.lastPollAt : null,
  };
}

export async function readSyncStatus(): Promise<SyncStatus> {
  const [live, durable] = await Promise.all([
    syncStatusItem.getValue(),
    durableStatusItem.getValue(),
  ]);
  return parseSyncStatus(live ?? durable);
}

/** Writes the status; its durable part only when that changed. */
export async function writeSyncStatus(status: SyncStatus): Promise<void> {
  const durable = durableOf(status);
  const stored = await durableStatusItem.getValue();
  const same = stored !== null && sameJson(durableOf(parseSyncStatus(stored)), durable);
  await syncStatusItem.setValue(status);
  if (!same) await durableStatusItem.setValue(durable);
}

function sameJson(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
