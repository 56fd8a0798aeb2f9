// What the popup shows from storage. The first paint reads the small items only: settings,
// projects, status and the preview of the store (lib/mentions/preview.ts), in one read whatever
// the store's size. The store itself (megabytes at 5,000 mentions) is read right
// after, and followed from then on, with the reader's triage (mute rules, snooze, saved mentions:
// triage-data.ts, loaded then too). The popup never writes any of them: changes travel to the
// background as messages.

import { browser } from 'wxt/browser';
import { followMentionStore, readMentionStore } from '@/lib/mentions/mention-storage';
import { previewOf, type MentionPreview } from '@/lib/mentions/preview';
import type { MentionStore } from '@/lib/mentions/store';
import type { ServiceProject } from '@/lib/projects/types';
import type { Settings } from '@/lib/settings/settings';
import {
  durableStatusItem,
  mentionPreviewItem,
  projectsItem,
  settingsItem,
  syncStatusItem,
} from '@/lib/storage/items';
import type { SyncStatus } from '@/lib/sync/status';
import type { TriageData } from '@/lib/mention-view/triage-data';

export interface PopupData {
  settings: Settings;
  projects: ServiceProject[];
  status: SyncStatus;
  /** What the first paint shows; null before the background first writes one. */
  preview: MentionPreview | null;
  /** The whole store: null until read, right after the first paint. */
  store: MentionStore | null;
  /** Mute rules, snooze and saved mentions: null until read, with the store. */
  triage: TriageData | null;
}

type SmallItems = Pick<PopupData, 'settings' | 'projects' | 'status'>;

/**
 * Settings, projects and status, in one storage.local and one storage.session call (the items' own
 * getValue would each make their own), each through its item's guard; with the stored preview too
 * when asked (`previewRaw`).
 */
async function readSmallItems(
  withPreview: boolean,
): Promise<{ items: SmallItems; previewRaw: unknown }> {
  const items = [settingsItem, projectsItem, durableStatusItem];
  const keys = (withPreview ? [...items, mentionPreviewItem] : items).map((item) => item.name);
  const [local, session] = await Promise.all([
    browser.storage.local.get(keys),
    browser.storage.session.get(syncStatusItem.name),
  ]);
  return {
    items: {
      settings: settingsItem.parse(local[settingsItem.name]),
      projects: projectsItem.parse(local[projectsItem.name]),
      // The live status, else (after a browser restart) its durable part: readSyncStatus's rule.
      status: syncStatusItem.parse(session[syncStatusItem.name] ?? local[durableStatusItem.name]),
    },
    previewRaw: local[mentionPreviewItem.name],
  };
}

/** Everything but the store, for the first paint: the small items and the preview, one read. */
export async function readFirstPaint(): Promise<PopupData> {
  const { items, previewRaw } = await readSmallItems(true);
  return { ...items, preview: mentionPreviewItem.parse(previewRaw), store: null, triage: null };
}

export function readStore(): Promise<MentionStore> {
  return readMentionStore();
}

/**
 * Everything, the store included (after a refresh, to report what it found). The preview is the
 * store's own: reading the stored one and its records as well would fetch them twice.
 */
export async function readPopupData(): Promise<
  Omit<PopupData, 'triage'> & { store: MentionStore }
> {
  const [{ items }, store] = await Promise.all([readSmallItems(false), readStore()]);
  return { ...items, preview: previewOf(store), store };
}

/** Calls `onChange` with the parts that changed; returns the function that stops watching. */
export function watchPopupData(
  onChange: (change: Partial<Omit<PopupData, 'store' | 'triage'>>) => void,
): () => void {
  const stops = [
    settingsItem.watch((value) => onChange({ settings: settingsItem.parse(value) })),
    mentionPreviewItem.watch((value) => onChange({ preview: mentionPreviewItem.parse(value) })),
    projectsItem.watch((value) => onChange({ projects: projectsItem.parse(value) })),
    syncStatusItem.watch((value) => onChange({ status: syncStatusItem.parse(value) })),
  ];
  return () => stops.forEach((stop) => stop());
}

/** Reads the whole store and follows it (see followMentionStore). Returns the function that stops. */
export function followStore(onStore: (store: MentionStore) => void): () => void {
  return followMentionStore(onStore);
}
