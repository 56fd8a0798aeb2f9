// The four storage items the popup shows, read at once for the first paint and watched while it is
// open. The popup never writes them: changes travel to the background as messages.

import { mentionStoreItem, parseMentionStore } from '@/lib/mentions/mention-storage';
import type { MentionStore } from '@/lib/mentions/store';
import { projectsItem } from '@/lib/projects/project-cache';
import type { ServiceProject } from '@/lib/projects/types';
import { parseSettings, settingsItem, type Settings } from '@/lib/settings/settings';
import { parseSyncStatus, syncStatusItem, type SyncStatus } from '@/lib/sync/status';

export interface PopupData {
  settings: Settings;
  store: MentionStore;
  projects: ServiceProject[];
  status: SyncStatus;
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

export async function readPopupData(): Promise<PopupData> {
  const [settings, store, projects, status] = await Promise.all([
    settingsItem.getValue(),
    mentionStoreItem.getValue(),
    projectsItem.getValue(),
    syncStatusItem.getValue(),
  ]);
  return {
    settings: parseSettings(settings),
    store: parseMentionStore(store),
    projects: parseProjects(projects),
    status: parseSyncStatus(status),
  };
}

/** Calls `onChange` with the parts that changed; returns the function that stops watching. */
export function watchPopupData(onChange: (change: Partial<PopupData>) => void): () => void {
  const stops = [
    settingsItem.watch((value) => onChange({ settings: parseSettings(value) })),
    mentionStoreItem.watch((value) => onChange({ store: parseMentionStore(value) })),
    projectsItem.watch((value) => onChange({ projects: parseProjects(value) })),
    syncStatusItem.watch((value) => onChange({ status: parseSyncStatus(value) })),
  ];
  return () => stops.forEach((stop) => stop());
}
