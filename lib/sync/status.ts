// What the last polls found, for the badge, the popup and the options page. Written only by the
// background; survives worker restarts (storage.local), so backoff and "last success" do too.
import { storage } from 'wxt/utils/storage';
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

export const syncStatusItem = storage.defineItem<SyncStatus>('local:syncStatus', {
  fallback: initialSyncStatus(),
  version: 1,
  migrations: {},
});

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
  return parseSyncStatus(await syncStatusItem.getValue());
}
