// What the popup shows from storage. The first paint reads the small items only: settings,
// projects, status and the preview of the store (lib/mentions/preview.ts), in one read whatever
// the store's size. The store itself (megabytes at 5,000 mentions) is read right
// after, and followed from then on. The popup never writes any of them: changes travel to the
// background as messages.

import { browser } from 'wxt/browser';
import { followMentionStore, readMentionStore } from '@/lib/mentions/mention-storage';
import { parseStoredPreview } from '@/lib/mentions/parse-preview';
import { mentionPreviewItem, previewOf, type MentionPreview } from '@/lib/mentions/preview';
import type { MentionStore } from '@/lib/mentions/store';
import { projectsItem } from '@/lib/projects/project-cache';
import type { ServiceProject } from '@/lib/projects/types';
import { parseSettings, settingsItem, type Settings } from '@/lib/settings/settings';
import {
  durableStatusItem,
  parseSyncStatus,
  syncStatusItem,
  type SyncStatus,
} from '@/lib/sync/status';

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

/** A WXT item's key in its storage area (`local:settings` → `settings`). */
const keyOf = (item: { key: string }) => item.key.slice(item.key.indexOf(':') + 1);

type SmallItems = Pick<PopupData, 'settings' | 'projects' | 'status'>;

/**
 * Settings, projects and status, in one storage.local and one storage.session call (the items' own
 * getValue would each make their own); with the stored preview too when asked (`previewRaw`).
 */
async function readSmallItems(
  withPreview: boolean,
): Promise<{ items: SmallItems; previewRaw: unknown }> {
  const items = [settingsItem, projectsItem, durableStatusItem];
  const keys = (withPreview ? [...items, mentionPreviewItem] : items).map(keyOf);
  const [local, session] = await Promise.all([
    browser.storage.local.get(keys),
    browser.storage.session.get(keyOf(syncStatusItem)),
  ]);
  return {
    items: {
      settings: parseSettings(local[keyOf(settingsItem)]),
      projects: parseProjects(local[keyOf(projectsItem)]),
      status: parseSyncStatus(session[keyOf(syncStatusItem)] ?? local[keyOf(durableStatusItem)]),
    },
    previewRaw: local[keyOf(mentionPreviewItem)],
  };
}

/** Everything but the store, for the first paint: the small items and the preview, one read. */
export async function readFirstPaint(): Promise<PopupData> {
  const { items, previewRaw } = await readSmallItems(true);
  return { ...items, preview: parseStoredPreview(previewRaw), store: null };
}

export function readStore(): Promise<MentionStore> {
  return readMentionStore();
}

/**
 * Everything, the store included (after a refresh, to report what it found). The preview is the
 * store's own: reading the stored one and its records as well would fetch them twice.
 */
export async function readPopupData(): Promise<PopupData & { store: MentionStore }> {
  const [{ items }, store] = await Promise.all([readSmallItems(false), readStore()]);
  return { ...items, preview: previewOf(store), store };
}

/** Calls `onChange` with the parts that changed; returns the function that stops watching. */
export function watchPopupData(
  onChange: (change: Partial<Omit<PopupData, 'store'>>) => void,
): () => void {
  const stops = [
    settingsItem.watch((value) => onChange({ settings: parseSettings(value) })),
    mentionPreviewItem.watch((value) => onChange({ preview: parseStoredPreview(value) })),
    projectsItem.watch((value) => onChange({ projects: parseProjects(value) })),
    syncStatusItem.watch((value) => onChange({ status: parseSyncStatus(value) })),
  ];
  return () => stops.forEach((stop) => stop());
}

/** Reads the whole store and follows it (see followMentionStore). Returns the function that stops. */
export function followStore(onStore: (store: MentionStore) => void): () => void {
  return followMentionStore(onStore);
}
