// What the list shows of the mentions: the reader's filter, the moment up to which arrivals are
// shown (later ones wait behind "Show N new", see view-model.ts), and the rows read in this popup,
// which stay in "New" until the view changes, as the rows unsaved in "Saved" stay there (no row
// vanishes under the pointer).
import { useLayoutEffect, useState } from 'preact/hooks';
import { keyOf, keyString, type StoredMention } from '@/lib/mentions/store';
import type { PopupData } from '@/lib/mention-view/popup-data';
import type { SavedMention } from '@/lib/triage/saved';
import { DEFAULT_FILTER, unreadBySourceIn, type PopupFilter } from '@/lib/mention-view/view-model';
import { useMentionView, type MentionView } from '@/entrypoints/popup/mention-view';

const EMPTY_SET: ReadonlySet<string> = new Set();
const NONE_KEPT: readonly SavedMention[] = [];

export interface MentionFilter extends MentionView {
  filter: PopupFilter;
  /** The filter as one key: a new filter is a new list (and ends a queued "mark all read"). */
  filterKey: string;
  changeFilter(next: Partial<PopupFilter>): void;
  /** Shows everything stored so far, even a mention stamped a little in the future. */
  revealAll(): void;
  /** Shows everything first stored up to `latestFirstSeen` (and up to now). */
  revealUpTo(latestFirstSeen: number): void;
  /** Read in this popup: the row stays in "New" until the view changes. */
  keepVisible(mention: StoredMention): void;
  /** The rows kept in "New" go (they were all marked read at once). */
  forgetKept(): void;
  /** Unsaved in this popup: the row stays in "Saved" until the view changes. */
  keepSaved(item: SavedMention): void;
}

export function useMentionFilter(data: PopupData | null, loadedAt: number): MentionFilter {
  const [filter, setFilter] = useState<PopupFilter>(DEFAULT_FILTER);
  const [revealedAt, setRevealedAt] = useState<number | null>(null);
  const [keep, setKeep] = useState<ReadonlySet<string>>(EMPTY_SET);
  const [keptSaved, setKeptSaved] = useState(NONE_KEPT);
  const view = useMentionView(
    data,
    filter,
    { revealedAt: revealedAt ?? loadedAt, keep },
    keptSaved,
  );
  const revealUpTo = (latest: number) => setRevealedAt(Math.max(Date.now(), latest));
  const revealAll = () => revealUpTo(view.latestFirstSeen);
  const { visible, mentions } = view;

  // Nothing on screen to push down: show what arrived straight away.
  useLayoutEffect(() => {
    if (visible.shown.length === 0 && visible.held > 0) revealAll();
  }, [visible]);

  function changeFilter(next: Partial<PopupFilter>) {
    setFilter((current) => {
      const merged = { ...current, ...next };
      // A source that the newly chosen project never had would leave an empty list. Only the
      // whole store can tell (until it is read, "Nothing matches" offers to clear the filters).
      const narrower = next.projectId !== undefined || next.site !== undefined;
      if (narrower && merged.source !== null && mentions?.holding === 'every') {
        const available = unreadBySourceIn(mentions.list, merged.projectId, merged.site ?? null);
        if (!Object.hasOwn(available, merged.source)) merged.source = null;
      }
      return merged;
    });
    revealAll();
    setKeep(EMPTY_SET);
    setKeptSaved(NONE_KEPT);
  }

  function keepVisible(mention: StoredMention) {
    const key = keyString(keyOf(mention));
    setKeep((current) => (current.has(key) ? current : new Set([...current, key])));
  }

  return {
    ...view,
    filter,
    filterKey: `${filter.view}|${filter.projectId ?? ''}|${filter.source ?? ''}|${filter.site ?? ''}`,
    changeFilter,
    revealAll,
    revealUpTo,
    keepVisible,
    forgetKept: () => setKeep(EMPTY_SET),
    keepSaved: (item) => setKeptSaved((current) => [...current, item]),
  };
}
