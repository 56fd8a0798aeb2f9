// What the popup shows from storage. The first paint reads the small items only: settings,
// projects, status and the preview of the store (lib/mentions/preview.ts), whatever the store's
// size. The store itself (megabytes at 5,000 mentions) is read right after, and watched from then
// on. The popup never writes any of them: changes travel to the background as messages.
//
// The store's module is imported only then, on purpose: defining a WXT storage item reads its
// value at once, so a static import would read the whole store before the first paint.

import { mentionPreviewItem, type MentionPreview } from '@/lib/mentions/preview';
import type { MentionStore } from '@/lib/mentions/store';
import { projectsItem } from '@/lib/projects/project-cache';
import type { ServiceProject } from '@/lib/projects/types';
import { parseSettings, settingsItem, type Settings } from '@/lib/settings/settings';
import { parseSyncStatus, syncStatusItem, type SyncStatus } from '@/lib/sync/status';
import { parsePreview } from './first-paint';

export interface PopupData {
  settings: Settings;
  projects: ServiceProject[];
  status: SyncStatus;
  /** What the first paint shows; null before the background first writes one. */
  preview: MentionPreview | null;
  /** The whole store: null until read, right after the first paint. */
  store: MentionStore | null;
}

/** The same check as readProjects, on a value already read (a watch callback's). */
function parseProjects(value: unknown): ServiceProject[] {
  return Array.isArray(value)
    ? value.filter(
        (p): p is ServiceProject =>
          typeof p === 'object' && p !== null && Number.isSafeInteger(p.project_id),
      )
    : [];
}

const storeModule = () => import('@/lib/mentions/mention-storage');

/** Everything but the store, for the first paint. */
export async function readFirstPaint(): Promise<PopupData> {
  const [settings, preview, projects, status] = await Promise.all([
    settingsItem.getValue(),
    mentionPreviewItem.getValue(),
    projectsItem.getValue(),
    syncStatusItem.getValue(),
  ]);
  return {
    settings: parseSettings(settings),
    preview: parsePreview(preview),
    projects: parseProjects(projects),
    status: parseSyncStatus(status),
    store: null,
  };
}

export async function readStore(): Promise<MentionStore> {
  return (await storeModule()).readMentionStore();
}

/** Everything, the store included (after a refresh, to report what it found). */
export async function readPopupData(): Promise<PopupData & { store: MentionStore }> {
  const [data, store] = await Promise.all([readFirstPaint(), readStore()]);
  return { ...data, store };
}

/** Calls `onChange` with the parts that changed; returns the function that stops watching. */
export function watchPopupData(
  onChange: (change: Partial<Omit<PopupData, 'store'>>) => void,
): () => void {
  const stops = [
    settingsItem.watch((value) => onChange({ settings: parseSettings(value) })),
    mentionPreviewItem.watch((value) => onChange({ preview: parsePreview(value) })),
    projectsItem.watch((value) => onChange({ projects: parseProjects(value) })),
    syncStatusItem.watch((value) => onChange({ status: parseSyncStatus(value) })),
  ];
  return () => stops.forEach((stop) => stop());
}

/**
 * Reads the whole store and watches it: `onStore` gets what was read, then every change. A change
 * that lands while the read is under way is newer than the read, which is then dropped. Returns
 * the function that stops.
 */
export function followStore(onStore: (store: MentionStore) => void): () => void {
  let stopped = false;
  let unwatch: (() => void) | undefined;
  void storeModule().then(async ({ mentionStoreItem, parseMentionStore }) => {
    if (stopped) return;
    let changed = false;
    unwatch = mentionStoreItem.watch((value) => {
      changed = true;
      onStore(parseMentionStore(value));
    });
    const store = parseMentionStore(await mentionStoreItem.getValue());
    if (!stopped && !changed) onStore(store);
  });
  return () => {
    stopped = true;
    unwatch?.();
  };
}
