// Reading and writing the sync status (status.ts says what goes where and why): the whole status in
// storage.session, its durable part in storage.local only when that part changes.
import { durableStatusItem, syncStatusItem } from '@/lib/storage/items';
import { durableOf, parseSyncStatus, type SyncStatus } from '@/lib/sync/status';

/** The live status, else (after a browser restart) the durable one, every field checked. */
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
