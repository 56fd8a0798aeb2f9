// What the list and the filters show, from storage and the reader's choices: the store once read
// (with the reader's triage: muted mentions left out of every view and count), the preview until
// then (lib/mention-view/lists.ts), and the Saved view's rows, memoised, so a 5,000-mention store is
// sorted and counted once per change, not on every render; the reader's filter; the moment up to
// which arrivals are shown (later ones wait behind "Show N new", see view-model.ts); and the rows
// read in this popup, which stay in "New" until the view changes, as the rows unsaved in "Saved"
// stay there (no row vanishes under the pointer).
import { useLayoutEffect, useMemo, useState } from 'preact/hooks';
import { projectLabel } from '@/components/ProjectFilter';
import { keyOf, keyString, type StoredMention } from '@/lib/mentions/store';
import type { SavedMention } from '@/lib/triage/saved';
import {
  currentMentions,
  listedMentions,
  listedSaved,
  savedRows,
  sourceCounts,
  unreadInScope,
  withoutMuted,
  type ListedMentions,
  type Mentions,
} from '@/lib/mention-view/lists';
import type { PopupData } from '@/lib/mention-view/popup-data';
import {
  DEFAULT_FILTER,
  projectOptions,
  sourceOptions,
  unreadBySourceIn,
  type PopupFilter,
  type ProjectOption,
  type SourceOption,
  type VisibilityRules,
} from '@/lib/mention-view/view-model';

interface MentionView {
  /** Null until the preview or the store is read. */
  mentions: Mentions | null;
  visible: ListedMentions;
  projects: ProjectOption[];
  /** Project names by id, as the rows show them. */
  names: Map<number, string>;
  sources: SourceOption[];
  /** Unread in the filter's project and source; null until the store can tell. */
  scopeUnread: number | null;
  /** Saved in the filter's project, source and site; null until the saved mentions are read. */
  scopeSaved: number | null;
  latestFirstSeen: number;
}

const NOTHING: ListedMentions = { shown: [], held: 0, pending: false };

export function latestFirstSeenIn(mentions: readonly StoredMention[]): number {
  let latest = 0;
  for (const m of mentions) latest = Math.max(latest, m.firstSeen);
  return latest;
}

function useMentionView(
  data: PopupData | null,
  filter: PopupFilter,
  rules: VisibilityRules,
  keptSaved: readonly SavedMention[] = [],
): MentionView {
  const triage = data?.triage ?? null;
  const rawStore = data?.store ?? null;
  // The store counts once the rules are known too: until then the preview, which the background
  // writes without muted mentions, is what is shown.
  const store = useMemo(
    () => (rawStore && triage ? withoutMuted(rawStore, triage.isMuted) : null),
    [rawStore, triage?.isMuted],
  );
  // Once the store is read, it is the truth: later previews change nothing.
  const preview = store ? null : (data?.preview ?? null);
  const mentions = useMemo(() => currentMentions(store, preview), [store, preview]);
  const saved = useMemo(
    () =>
      store && triage ? savedRows(triage.saved.items, keptSaved, rawStore, triage.isMuted) : null,
    [store, triage, keptSaved],
  );
  const savedView = filter.view === 'saved';
  const listedSavedRows = useMemo(() => listedSaved(saved, filter), [saved, filter]);
  const { revealedAt, keep } = rules;
  const listed = useMemo(
    () =>
      mentions && !savedView ? listedMentions(mentions, filter, { revealedAt, keep }) : NOTHING,
    [mentions, filter, revealedAt, keep, savedView],
  );
  const serviceProjects = data?.projects;
  const projects = useMemo(
    () => projectOptions(serviceProjects ?? [], mentions?.unreadByProject ?? {}),
    [serviceProjects, mentions],
  );
  const names = useMemo(
    () => new Map(projects.map((option) => [option.projectId, projectLabel(option)])),
    [projects],
  );
  const site = filter.site ?? null;
  const sources = useMemo(
    () =>
      sourceOptions(mentions ? sourceCounts(mentions, filter.projectId, site) : {}, filter.source),
    [mentions, filter.projectId, filter.source, site],
  );
  const scopeUnread = useMemo(
    () => (mentions ? unreadInScope(mentions, filter) : 0),
    [mentions, filter],
  );
  const latestFirstSeen = useMemo(
    () => (mentions ? latestFirstSeenIn(mentions.list) : 0),
    [mentions],
  );
  // The rows unsaved in this popup stay listed, but are saved no longer.
  const scopeSaved = useMemo(() => {
    const { shown, pending } = listedSavedRows;
    if (pending || !triage) return null;
    if (keptSaved.length === 0) return shown.length;
    return shown.filter((m) => triage.savedKeys.has(keyString(keyOf(m)))).length;
  }, [listedSavedRows, triage, keptSaved]);
  return {
    mentions,
    visible: savedView ? listedSavedRows : listed,
    projects,
    names,
    sources,
    scopeUnread,
    scopeSaved,
    latestFirstSeen,
  };
}

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
