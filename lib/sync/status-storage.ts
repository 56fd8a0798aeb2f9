// Reading and writing the sync status (status.ts says what goes where and why): the whole status in
// storage.session, its durable part in storage.local only when that part changes.
import { durableStatusItem, syncStatusItem } from '@/lib/storage/items';
import { durableOf, parseSyncStatus, type SyncStatus } from '@/lib/sync/status';

/** Account `account`'s live status, else (after a browser restart) the durable one, every field checked. */
export async function readSyncStatus(account: string): Promise<SyncStatus> {
  const [live, durable] = await Promise.all([
    syncStatusItem(account).getValue(),
    durableStatusItem(account).getValue(),
  ]);
  return parseSyncStatus(live ?? durable);
}

/** Writes account `account`'s status; its durable part only when that changed. */
export async function writeSyncStatus(account: string, status: SyncStatus): Promise<void> {
  const durable = durableOf(status);
  const stored = await durableStatusItem(account).getValue();
  const same = stored !== null && sameJson(durableOf(parseSyncStatus(stored)), durable);
  await syncStatusItem(account).setValue(status);
  if (!same) await durableStatusItem(account).setValue(durable);
}

function sameJson(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
