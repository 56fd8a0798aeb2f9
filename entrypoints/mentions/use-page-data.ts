// What the mentions page shows from storage. Its first paint reads the small items only: settings,
// projects and the popup's preview, whose newest unread and read mentions are the first screen of
// the default view (lib/mentions/preview.ts), in one read whatever the store's size. The whole
// store (megabytes at 5,000 mentions) and the reader's triage (mute rules, saved mentions) are read
// after that paint, and every item is followed from then on. Read-only, like the popup: every
// change travels to the background as a command.
import { useEffect, useState } from 'preact/hooks';
import { browser } from 'wxt/browser';
import { followMentionStore } from '@/lib/mentions/mention-storage';
import type { MentionPreview } from '@/lib/mentions/preview';
import type { MentionStore } from '@/lib/mentions/store';
import { followTriage, type TriageData } from '@/lib/mention-view/triage-data';
import type { ServiceProject } from '@/lib/projects/types';
import type { Settings } from '@/lib/settings/settings';
import { mentionPreviewItem, projectsItem, settingsItem } from '@/lib/storage/items';
import { afterNextPaint } from '@/entrypoints/mentions/after-next-paint';

export interface PageData {
  /** null until first read. */
  settings: Settings | null;
  projects: ServiceProject[];
  /** The first screen until the store is read: null before the background first writes one. */
  preview: MentionPreview | null;
  /** The whole store: null until read. */
  store: MentionStore | null;
  /** Mute rules and saved mentions: null until read. */
  triage: TriageData | null;
}

const ITEMS = [settingsItem, projectsItem, mentionPreviewItem] as const;

/** The three small items in one storage call, each through its item's guard. */
async function readSmallItems(): Promise<Pick<PageData, 'settings' | 'projects' | 'preview'>> {
  const stored = await browser.storage.local.get(ITEMS.map((item) => item.name));
  return {
    settings: settingsItem.parse(stored[settingsItem.name]),
    projects: projectsItem.parse(stored[projectsItem.name]),
    preview: mentionPreviewItem.parse(stored[mentionPreviewItem.name]),
  };
}

export function usePageData(): PageData {
  const [data, setData] = useState<PageData>({
    settings: null,
    projects: [],
    preview: null,
    store: null,
    triage: null,
  });
  useEffect(() => {
    const update = (part: Partial<PageData>) => setData((old) => ({ ...old, ...part }));
    let alive = true;
    let stopFollowing = () => {};
    const stopWatching = [
      settingsItem.watch((value) => update({ settings: settingsItem.parse(value) })),
      projectsItem.watch((value) => update({ projects: projectsItem.parse(value) })),
    ];
    const startFollowing = () => {
      const stops = [
        followMentionStore((store) => update({ store })),
        followTriage((triage) => update({ triage })),
      ];
      stopFollowing = () => stops.forEach((stop) => stop());
    };
    void readSmallItems()
      .catch(() => ({}))
      .then((small) => {
        if (!alive) return;
        update(small);
        stopFollowing = afterNextPaint(startFollowing);
      });
    return () => {
      alive = false;
      stopFollowing();
      stopWatching.forEach((stop) => stop());
    };
  }, []);
  return data;
}
