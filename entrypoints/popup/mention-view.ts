// What the list and the filters show, from storage and the reader's choices: the store once read
// (with the reader's triage: muted mentions left out of every view and count), the preview until
// then (lib/mention-view/first-paint.ts), and the Saved view's rows. Memoised, so a 5,000-mention
// store is sorted and counted once per change, not on every render.
import { useMemo } from 'preact/hooks';
import { projectLabel } from '@/components/ProjectFilter';
import { keyOf, keyString, type StoredMention } from '@/lib/mentions/store';
import type { SavedMention } from '@/lib/triage/saved';
import {
  currentMentions,
  listedMentions,
  sourceCounts,
  unreadInScope,
  type ListedMentions,
  type Mentions,
} from '@/lib/mention-view/first-paint';
import type { PopupData } from '@/lib/mention-view/popup-data';
import { listedSaved, savedRows, withoutMuted } from '@/lib/mention-view/triage-view';
import {
  projectOptions,
  sourceOptions,
  type PopupFilter,
  type ProjectOption,
  type SourceOption,
  type VisibilityRules,
} from '@/lib/mention-view/view-model';

export interface MentionView {
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

export function useMentionView(
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
