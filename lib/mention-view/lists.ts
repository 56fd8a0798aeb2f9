// The popup's lists from what has been read. It paints first from the preview the background
// writes with the store (lib/mentions/preview.ts): a fixed size whatever the store holds. The whole
// store is read right after the first paint and takes over. Both become the same `Mentions` here,
// so the view model does not care which it has: the default view shows the same rows and the same
// counts from either, and the views a preview cannot answer say so (`pending`) instead of showing
// rows that would move. Once the triage is read too, muted mentions leave every view and every
// count, and the Saved view lists the mentions saved for later. With several accounts, each
// account's are made from its own store and triage (accountPart), then joined
// (account-mentions.ts, savedOfAccounts). Pure, with table and property tests
// (tests/unit/mention-view/lists.test.ts).

import { previewOf, type MentionPreview } from '@/lib/mentions/preview';
import {
  type MentionStore,
  type StoredMention,
  allMentionsNewestFirst,
} from '@/lib/mentions/store';
import { keyOf, keyString } from '@/lib/mentions/store';
import type { MuteMatcher } from '@/lib/triage/mute';
import type { SavedMention } from '@/lib/triage/saved';
import { mentionAccount, pageKey } from '@/lib/mention-view/account-mentions';
import type { AccountData } from '@/lib/mention-view/popup-data';
import {
  inScope,
  unreadBySourceIn,
  visibleMentions,
  type PopupFilter,
  type PopupView,
  type VisibilityRules,
  type VisibleMentions,
} from '@/lib/mention-view/view-model';

/** How much of the store `Mentions.list` holds. */
type Holding =
  /** Every stored mention: the store itself, or a preview of a store holding no more than it. */
  | 'every'
  /** Every unread mention (a preview of a store with at most one page of them): all of "New". */
  | 'unread'
  /** The newest unread only: the first rows of "New", in any filter; the rest are in the store. */
  | 'newest-unread';

export interface Mentions {
  /** Newest first. */
  list: readonly StoredMention[];
  holding: Holding;
  /** Stored mentions, all projects. */
  total: number;
  unread: number;
  /** A key for every project the store holds. */
  unreadByProject: Readonly<Record<number, number>>;
  /** Unread per source, all projects (sources with none unread may be left out). */
  unreadBySource: Readonly<Record<string, number>>;
}

/** The whole store. Its counts are the preview's own function's, so they match it by construction. */
function mentionsOfStore(store: MentionStore): Mentions {
  const counts = previewOf(store);
  return {
    list: allMentionsNewestFirst(store),
    holding: 'every',
    total: counts.mentions,
    unread: counts.unread,
    unreadByProject: counts.unreadByProject,
    unreadBySource: counts.unreadBySource,
  };
}

function mentionsOfPreview(preview: MentionPreview): Mentions {
  const held = preview.newestUnread.length;
  const holding: Holding =
    preview.mentions <= held ? 'every' : preview.unread <= held ? 'unread' : 'newest-unread';
  return {
    list: preview.newestUnread,
    holding,
    total: preview.mentions,
    unread: preview.unread,
    unreadByProject: preview.unreadByProject,
    unreadBySource: preview.unreadBySource,
  };
}

/** The store once read, the preview until then; null with neither (the popup waits for the store). */
export function currentMentions(
  store: MentionStore | null,
  preview: MentionPreview | null,
): Mentions | null {
  if (store) return mentionsOfStore(store);
  return preview ? mentionsOfPreview(preview) : null;
}

/** True while rows of this view may be missing from `list`: they are in the store, being read. */
function rowsPending(mentions: Mentions, view: PopupView): boolean {
  switch (mentions.holding) {
    case 'every':
      return false;
    case 'unread':
      return view === 'all';
    case 'newest-unread':
      return true;
  }
}

export interface ListedMentions extends VisibleMentions {
  /** More rows may follow once the store is read (shown as an inline "Loading…" row). */
  pending: boolean;
}

/**
 * The rows of a view. In "New", what `list` holds is the start of the full list in any filter (it
 * holds the newest unread of all), so those rows show at once and stay put when the store takes
 * over. "All recent" shows nothing from a preview: read mentions would land between its rows.
 */
export function listedMentions(
  mentions: Mentions,
  filter: PopupFilter,
  rules: VisibilityRules,
): ListedMentions {
  const pending = rowsPending(mentions, filter.view);
  if (pending && filter.view === 'all') return { shown: [], held: 0, pending };
  return { ...visibleMentions(mentions.list, filter, rules), pending };
}

/**
 * Unread in the filter's project, source and site (the count on "New"). One of project and source
 * or none is answered by the counts, the same from a preview as from the store; anything narrower
 * (both, or the site) by counting the list, or, when it holds only the newest unread, not until
 * the store is read (null).
 */
export function unreadInScope(mentions: Mentions, filter: PopupFilter): number | null {
  const { projectId, source } = filter;
  if (!filter.site) {
    if (projectId === null && source === null) return mentions.unread;
    if (source === null) return mentions.unreadByProject[projectId!] ?? 0;
    if (projectId === null) return mentions.unreadBySource[source] ?? 0;
  }
  if (mentions.holding === 'newest-unread') return null;
  return mentions.list.reduce((n, m) => (!m.read && inScope(m, filter) ? n + 1 : n), 0);
}

/**
 * Unread per source for the source filter, in the chosen project (all when null) and site (all
 * when null): every source present once the list holds every mention; before that, the preview's
 * counts, or for a project or a site what the list holds of it (exact once the store is read).
 */
export function sourceCounts(
  mentions: Mentions,
  projectId: number | null,
  site: string | null = null,
): Readonly<Record<string, number>> {
  if (mentions.holding !== 'every' && projectId === null && site === null) {
    return mentions.unreadBySource;
  }
  return unreadBySourceIn(mentions.list, projectId, site);
}

/**
 * The store without its muted mentions: the popup's lists and counts read this one, so a muted
 * mention is neither listed nor counted anywhere. The same object when nothing is muted.
 */
export function withoutMuted(store: MentionStore, isMuted: MuteMatcher): MentionStore {
  let changed = false;
  const byProject: Record<number, StoredMention[]> = {};
  for (const [id, list] of Object.entries(store.byProject)) {
    const kept = list.filter((m) => !isMuted(m));
    changed ||= kept.length !== list.length;
    byProject[Number(id)] = kept;
  }
  return changed ? { ...store, byProject } : store;
}

/**
 * The Saved view's rows, newest saved first. Each is the store's mention (its read state as it is)
 * while the store still holds it, else the saved copy, shown as read: saved mentions outlive the
 * store's caps and pruning. `kept`: mentions unsaved in this popup, listed in their place until
 * the view changes (a row does not vanish under the pointer). Muted mentions are left out.
 */
export function savedRows(
  saved: readonly SavedMention[],
  kept: readonly SavedMention[],
  store: MentionStore | null,
  isMuted: MuteMatcher,
): StoredMention[] {
  const stored = new Map<string, StoredMention>();
  for (const list of Object.values(store?.byProject ?? {})) {
    for (const mention of list) stored.set(keyString(keyOf(mention)), mention);
  }
  // A kept row keeps its place, even when saved again meanwhile (that copy is newer).
  const keptKeys = new Set(kept.map((item) => keyString(keyOf(item.record))));
  const all =
    kept.length === 0
      ? saved
      : [...saved.filter((item) => !keptKeys.has(keyString(keyOf(item.record)))), ...kept].sort(
          (a, b) => b.savedAt - a.savedAt,
        );
  const seen = new Set<string>();
  const rows: StoredMention[] = [];
  for (const { record } of all) {
    const key = keyString(keyOf(record));
    if (seen.has(key)) continue;
    seen.add(key);
    const mention = stored.get(key) ?? { ...record, read: true };
    if (!isMuted(mention)) rows.push(mention);
  }
  return rows;
}

/** The Saved view's list in the filter's project, source and site; pending until they are read. */
export function listedSaved(
  rows: readonly StoredMention[] | null,
  filter: PopupFilter,
): ListedMentions {
  if (rows === null) return { shown: [], held: 0, pending: true };
  return { shown: rows.filter((m) => inScope(m, filter)), held: 0, pending: false };
}

/** One account's mentions and saved rows, as lists.ts makes them from its store and triage. */
export interface AccountPart {
  id: string;
  mentions: Mentions | null;
  /** Its Saved view's rows; null until its store and triage are read. */
  saved: StoredMention[] | null;
  savedItems: readonly SavedMention[];
}

export function accountPart(account: AccountData, kept: readonly SavedMention[]): AccountPart {
  const { triage, store: rawStore } = account;
  // The store counts once the rules are known too: until then the preview, which the background
  // writes without muted mentions, is what is shown.
  const store = rawStore && triage ? withoutMuted(rawStore, triage.isMuted) : null;
  // Once the store is read, it is the truth: later previews change nothing.
  const preview = store ? null : account.preview;
  const own = kept.filter((item) => mentionAccount(item.record) === account.id);
  return {
    id: account.id,
    mentions: currentMentions(store, preview),
    saved: store && triage ? savedRows(triage.saved.items, own, rawStore, triage.isMuted) : null,
    savedItems: triage ? [...triage.saved.items, ...own] : [],
  };
}

/** Every account's saved rows as one list, newest saved first. */
export function savedOfAccounts(parts: readonly AccountPart[]): StoredMention[] | null {
  if (parts.length === 1) return parts[0].saved;
  if (parts.some((part) => part.saved === null)) return null;
  const savedAt = new Map<string, number>();
  for (const part of parts) {
    for (const item of part.savedItems) savedAt.set(pageKey(item.record), item.savedAt);
  }
  const at = (mention: StoredMention) => savedAt.get(pageKey(mention)) ?? 0;
  return parts.flatMap((part) => part.saved!).sort((a, b) => at(b) - at(a));
}
