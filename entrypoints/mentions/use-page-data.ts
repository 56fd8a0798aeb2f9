// What the mentions page shows from storage. Its first paint waits only for the small items
// (lib/mention-view/first-read.ts: settings, projects and the preview's first screen), which the
// page's mount script started before the first render. The whole store (megabytes at 5,000 mentions) and the reader's triage (mute
// rules, saved mentions) are read once that paint is on screen, and every item is followed from
// then on. Read-only, like the popup: every change travels to the background as a command.
import { FIRST_ACCOUNT } from '@/lib/accounts/accounts';
import { useLayoutEffect, useState } from 'preact/hooks';
import { followMentionStore } from '@/lib/mentions/mention-storage';
import type { MentionStore } from '@/lib/mentions/store';
import { followTriage, type TriageData } from '@/lib/mention-view/popup-data';
import { afterNextPaint } from '@/entrypoints/mentions/after-next-paint';
import type { MentionsFirstRead, MentionsPageItems } from '@/lib/mention-view/first-read';

interface PageData extends MentionsPageItems {
  /** The whole store: null until read. */
  store: MentionStore | null;
  /** Mute rules and saved mentions: null until read. */
  triage: TriageData | null;
}

export function usePageData(firstRead: MentionsFirstRead): PageData {
  const [data, setData] = useState<PageData>({
    settings: null,
    projects: [],
    preview: null,
    store: null,
    triage: null,
  });
  // A layout effect runs before the first frame: storage answering before that frame puts the
  // first rows in it.
  useLayoutEffect(() => {
    const update = (part: Partial<PageData>) => setData((old) => ({ ...old, ...part }));
    let alive = true;
    let loaded = false;
    let pending: Partial<PageData> = {};
    let stopFollowing = () => {};
    const source = firstRead;
    const stopWatching = source.attach((change) => {
      if (loaded) update(change);
      else pending = { ...pending, ...change };
    });
    const startFollowing = () => {
      const stops = [
        followMentionStore(FIRST_ACCOUNT, (store) => update({ store })),
        followTriage((triage) => update({ triage })),
      ];
      stopFollowing = () => stops.forEach((stop) => stop());
    };
    void source.data
      .catch((): Partial<MentionsPageItems> => ({}))
      .then((small) => {
        if (!alive) return;
        loaded = true;
        // What changed while the read was under way is newer than what it read.
        update({ ...small, ...pending });
        stopFollowing = afterNextPaint(startFollowing);
      });
    return () => {
      alive = false;
      stopFollowing();
      stopWatching();
    };
  }, []);
  return data;
}
