// What the mentions page shows from storage: the projects and settings (small, read first), the
// whole store and the reader's triage (mute rules, saved mentions), each followed from then on.
// Read-only, like the popup: every change travels to the background as a command.
import { useEffect, useState } from 'preact/hooks';
import { followMentionStore } from '@/lib/mentions/mention-storage';
import type { MentionStore } from '@/lib/mentions/store';
import { followTriage, type TriageData } from '@/lib/mention-view/triage-data';
import type { ServiceProject } from '@/lib/projects/types';
import type { Settings } from '@/lib/settings/settings';
import { projectsItem, settingsItem } from '@/lib/storage/items';

export interface PageData {
  /** null until first read. */
  settings: Settings | null;
  projects: ServiceProject[];
  /** The whole store: null until read. */
  store: MentionStore | null;
  /** Mute rules and saved mentions: null until read. */
  triage: TriageData | null;
}

/** Reads an item now and whenever it changes; a read that a newer one overtook is dropped. */
function follow<T>(
  item: { read(): Promise<T>; watch(callback: () => void): () => void },
  onValue: (value: T) => void,
): () => void {
  let reads = 0;
  const read = () => {
    const id = ++reads;
    void item.read().then(
      (value) => {
        if (id === reads) onValue(value);
      },
      () => undefined,
    );
  };
  const stop = item.watch(read);
  read();
  return () => {
    reads = -1;
    stop();
  };
}

export function usePageData(): PageData {
  const [data, setData] = useState<PageData>({
    settings: null,
    projects: [],
    store: null,
    triage: null,
  });
  useEffect(() => {
    const update = (part: Partial<PageData>) => setData((old) => ({ ...old, ...part }));
    const stops = [
      follow(settingsItem, (settings) => update({ settings })),
      follow(projectsItem, (projects) => update({ projects })),
      followMentionStore((store) => update({ store })),
      followTriage((triage) => update({ triage })),
    ];
    return () => stops.forEach((stop) => stop());
  }, []);
  return data;
}
