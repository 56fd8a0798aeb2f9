// What the list and the filters show, from storage and the reader's choices: the store once read
// (with the reader's triage: muted mentions left out of every view and count), the preview until
// then (lib/mention-view/lists.ts), and the Saved view's rows, memoised, so a 5,000-mention store is
// sorted and counted once per change, not on every render; the reader's filter; the moment up to
// which arrivals are shown (later ones wait behind "Show N new", see view-model.ts); and the rows
// read in this popup, which stay in "New" until the view changes, as the rows unsaved in "Saved"
// stay there (no row vanishes under the pointer).
import { useLayoutEffect, useMemo, useState } from 'preact/hooks';
import { projectLabel } from '@/components/ProjectFilter';
import { t } from '@/lib/i18n';
import type { StoredMention } from '@/lib/mentions/store';
import {
  combinedTriage,
  mergedMentions,
  pageKey,
  shownAccountNames,
} from '@/lib/mention-view/account-mentions';
import type { SavedMention } from '@/lib/triage/saved';
import {
  accountPart,
  listedMentions,
  listedSaved,
  savedOfAccounts,
  sourceCounts,
  unreadInScope,
  type ListedMentions,
  type Mentions,
} from '@/lib/mention-view/lists';
import type { AccountData, PopupData, TriageData } from '@/lib/mention-view/popup-data';
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
  /** Null until the preview or the store is read; the filter's account's, or every account's. */
  mentions: Mentions | null;
  /** Account `id`'s own mentions; null until read. */
  mentionsOf(id: string): Mentions | null;
  /** Every account's mentions as one; null until each is read. */
  allMentions: Mentions | null;
  /** Every account's triage as one (account-mentions.ts); null until each is read. */
  triage: TriageData | null;
  visible: ListedMentions;
  /** With several accounts: the accounts to filter by, in order, with their names. */
  accounts: AccountOption[];
  projects: ProjectOption[];
  /** The name a row shows for its project (the same function while the names stay). */
  projectName(projectId: number, account: string): string;
  /** With several accounts: the name a row shows for its account; else undefined. */
  accountName: ((account: string) => string) | undefined;
  sources: SourceOption[];
  /** Unread in the filter's project and source; null until the store can tell. */
  scopeUnread: number | null;
  /** Saved in the filter's project, source and site; null until the saved mentions are read. */
  scopeSaved: number | null;
  latestFirstSeen: number;
}

interface AccountOption {
  id: string;
  name: string;
  unread: number;
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
  const accounts = data?.accounts ?? NO_ACCOUNTS;
  // Each account's own parts change with its store, preview and triage alone (not its status).
  const parts = useMemo(
    () => accounts.map((account) => accountPart(account, keptSaved)),
    [keptSaved, ...accounts.flatMap((account) => [account.store, account.preview, account.triage])],
  );
  const triage = useMemo(
    () => {
      const triages = accounts.map((account) => account.triage);
      return triages.length > 0 && triages.every((each) => each !== null)
        ? combinedTriage(
            triages as TriageData[],
            accounts.map((account) => account.id),
          )
        : null;
    },
    accounts.map((account) => account.triage),
  );
  const several = accounts.length > 1;
  const all = useMemo(() => {
    const read = parts.flatMap((part) => (part.mentions ? [part.mentions] : []));
    return read.length === parts.length && read.length > 0 ? mergedMentions(read) : null;
  }, [parts]);
  const chosen =
    several && filter.account ? parts.find((part) => part.id === filter.account) : null;
  const mentions = chosen ? chosen.mentions : all;
  const saved = useMemo(() => savedOfAccounts(parts), [parts]);
  const savedView = filter.view === 'saved';
  const listedSavedRows = useMemo(() => listedSaved(saved, filter), [saved, filter]);
  const { revealedAt, keep } = rules;
  const listed = useMemo(
    () =>
      mentions && !savedView ? listedMentions(mentions, filter, { revealedAt, keep }) : NOTHING,
    [mentions, filter, revealedAt, keep, savedView],
  );
  const settings = data?.settings;
  const names = useMemo(() => (settings ? shownAccountNames(settings) : null), [settings]);
  const projects = useMemo(
    () =>
      accounts.flatMap((account, index) => {
        if (several && filter.account && filter.account !== account.id) return [];
        const options = projectOptions(
          account.projects,
          parts[index]?.mentions?.unreadByProject ?? {},
        );
        return several
          ? options.map((option) => ({
              ...option,
              account: account.id,
              accountName: names?.get(account.id),
            }))
          : options;
      }),
    [accounts, parts, names, filter.account],
  );
  const projectNames = useMemo(() => {
    const byKey = new Map<string, string>();
    accounts.forEach((account, index) => {
      for (const option of projectOptions(
        account.projects,
        parts[index]?.mentions?.unreadByProject ?? {},
      )) {
        byKey.set(`${account.id} ${option.projectId}`, projectLabel(option));
      }
    });
    return byKey;
  }, [accounts, parts]);
  const projectName = useMemo(
    () => (projectId: number, account: string) =>
      projectNames.get(`${account} ${projectId}`) ?? t('popupUnknownProject', String(projectId)),
    [projectNames],
  );
  const accountName = useMemo(
    () => (names ? (account: string) => names.get(account) ?? account : undefined),
    [names],
  );
  const accountOptions = useMemo(
    () =>
      names
        ? accounts.map((account, index) => ({
            id: account.id,
            name: names.get(account.id) ?? account.id,
            unread: parts[index]?.mentions?.unread ?? 0,
          }))
        : [],
    [names, accounts, parts],
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
  const latestFirstSeen = useMemo(() => (all ? latestFirstSeenIn(all.list) : 0), [all]);
  // The rows unsaved in this popup stay listed, but are saved no longer.
  const scopeSaved = useMemo(() => {
    const { shown, pending } = listedSavedRows;
    if (pending || !triage) return null;
    if (keptSaved.length === 0) return shown.length;
    return shown.filter((m) => triage.savedKeys.has(pageKey(m))).length;
  }, [listedSavedRows, triage, keptSaved]);
  return {
    mentions,
    mentionsOf: (id) => parts.find((part) => part.id === id)?.mentions ?? null,
    allMentions: all,
    triage,
    visible: savedView ? listedSavedRows : listed,
    accounts: accountOptions,
    projects,
    projectName,
    accountName,
    sources,
    scopeUnread,
    scopeSaved,
    latestFirstSeen,
  };
}

const NO_ACCOUNTS: AccountData[] = [];
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
  const { visible } = view;

  // Nothing on screen to push down: show what arrived straight away.
  useLayoutEffect(() => {
    if (visible.shown.length === 0 && visible.held > 0) revealAll();
  }, [visible]);

  function changeFilter(next: Partial<PopupFilter>) {
    setFilter((current) => {
      const merged = { ...current, ...next };
      // A source that the newly chosen project never had would leave an empty list. Only the
      // whole store can tell (until it is read, "Nothing matches" offers to clear the filters).
      const narrower =
        next.projectId !== undefined || next.site !== undefined || next.account !== undefined;
      // The mentions of the account now chosen (every account's when none is).
      const inScope = merged.account ? view.mentionsOf(merged.account) : view.allMentions;
      if (narrower && merged.source !== null && inScope?.holding === 'every') {
        const available = unreadBySourceIn(inScope.list, merged.projectId, merged.site ?? null);
        if (!Object.hasOwn(available, merged.source)) merged.source = null;
      }
      return merged;
    });
    revealAll();
    setKeep(EMPTY_SET);
    setKeptSaved(NONE_KEPT);
  }

  function keepVisible(mention: StoredMention) {
    const key = pageKey(mention);
    setKeep((current) => (current.has(key) ? current : new Set([...current, key])));
  }

  return {
    ...view,
    filter,
    filterKey: `${filter.view}|${filter.account ?? ''}|${filter.projectId ?? ''}|${filter.source ?? ''}|${filter.site ?? ''}`,
    changeFilter,
    revealAll,
    revealUpTo,
    keepVisible,
    forgetKept: () => setKeep(EMPTY_SET),
    keepSaved: (item) => setKeptSaved((current) => [...current, item]),
  };
}
