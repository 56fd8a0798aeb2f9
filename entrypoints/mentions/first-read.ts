// The mentions page's first read: settings, projects and the preview (whose newest unread and read
// mentions are the first screen), in one storage call, each through its item's guard. prefetch.ts
// starts it before the rest of the page's script is evaluated (lib/storage/early-read.ts says
// why); settings and projects are watched from the same moment.
import { browser } from 'wxt/browser';
import type { MentionPreview } from '@/lib/mentions/preview';
import type { ServiceProject } from '@/lib/projects/types';
import type { Settings } from '@/lib/settings/settings';
import { earlyReader, startEarlyRead } from '@/lib/storage/early-read';
import { mentionPreviewItem, projectsItem, settingsItem } from '@/lib/storage/items';

export interface SmallItems {
  /** null until first read. */
  settings: Settings | null;
  projects: ServiceProject[];
  /** The first screen until the store is read: null before the background first writes one. */
  preview: MentionPreview | null;
}

const ITEMS = [settingsItem, projectsItem, mentionPreviewItem] as const;

async function readSmallItems(): Promise<SmallItems> {
  const stored = await browser.storage.local.get(ITEMS.map((item) => item.name));
  return {
    settings: settingsItem.parse(stored[settingsItem.name]),
    projects: projectsItem.parse(stored[projectsItem.name]),
    preview: mentionPreviewItem.parse(stored[mentionPreviewItem.name]),
  };
}

function watchSmallItems(onChange: (change: Partial<SmallItems>) => void): () => void {
  const stops = [
    settingsItem.watch((value) => onChange({ settings: settingsItem.parse(value) })),
    projectsItem.watch((value) => onChange({ projects: projectsItem.parse(value) })),
  ];
  return () => stops.forEach((stop) => stop());
}

export const firstRead = earlyReader(() => startEarlyRead(readSmallItems, watchSmallItems));
