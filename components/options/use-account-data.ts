// What the options page shows of one account: its projects, status, unread counts and triage,
// followed in storage. Each value is kept with the account it was read for, so while another
// account's are being read the page has nothing to show rather than the last account's.
import { useCallback } from 'preact/hooks';
import { readPreviewCounts, type PreviewCounts } from '@/lib/mentions/preview';
import type { ServiceProject } from '@/lib/projects/types';
import {
  mentionPreviewItem,
  projectsItem,
  readProjects,
  syncStatusItem,
  triageItem,
} from '@/lib/storage/items';
import { useStored } from '@/lib/storage/use-stored';
import type { SyncStatus } from '@/lib/sync/status';
import { readSyncStatus } from '@/lib/sync/status-storage';
import type { TriageState } from '@/lib/triage/triage-state';

export interface AccountData {
  projects: ServiceProject[];
  status: SyncStatus;
  /** The counts only: the preview is small, the store can be megabytes. */
  preview: PreviewCounts;
  triage: TriageState;
}

interface Watchable {
  watch(callback: () => void): () => void;
}

/** `item` of account `id`, undefined until read for that account. */
function useOf<T>(id: string, item: Watchable, read: (id: string) => Promise<T>): T | undefined {
  const readFor = useCallback(async () => ({ id, value: await read(id) }), [id, read]);
  const stored = useStored(item, readFor);
  return stored?.id === id ? stored.value : undefined;
}

const readTriage = (id: string) => triageItem(id).read();

/** Account `id`'s data, undefined until all of it is read. */
export function useAccountData(id: string): AccountData | undefined {
  const projects = useOf(id, projectsItem(id), readProjects);
  const status = useOf(id, syncStatusItem(id), readSyncStatus);
  const preview = useOf(id, mentionPreviewItem(id), readPreviewCounts);
  const triage = useOf(id, triageItem(id), readTriage);
  if (!projects || !status || !preview || !triage) return undefined;
  return { projects, status, preview, triage };
}
