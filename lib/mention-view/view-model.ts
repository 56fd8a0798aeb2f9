// What the popup shows, decided from plain data: which mentions pass the filters, which are held
// back so the list does not jump, the counts per project, and which state the popup is in. Pure,
// so every rule has a table test (tests/unit/mention-view/view-model.test.ts).

import { attentionFrom, type Attention } from '@/lib/badge/badge-state';
import type { StoredMention } from '@/lib/mentions/store';
import { mentionAccount, pageKey } from '@/lib/mention-view/account-mentions';
import { SOURCES, type ServiceProject } from '@/lib/projects/types';
import { urlIsOnSite } from '@/lib/site/site';
import type { SyncStatus } from '@/lib/sync/status';

/**
 * "New" shows unread mentions (the default); "All recent" every stored mention; "Saved" the
 * mentions saved for later (lib/mention-view/lists.ts), whether the store still has them.
 */
export type PopupView = 'new' | 'all' | 'saved';

export interface PopupFilter {
  view: PopupView;
  /**
   * One account (with several: a project is chosen in its account), or all when null or absent
   * (lib/mention-view/account-mentions.ts).
   */
  account?: string | null;
  /** One project, or all when null. */
  projectId: number | null;
  /** One source (the service's `source` value), or all when null. */
  source: string | null;
  /**
   * Only mentions whose URL is on this site (the current tab's host: the site and its
   * subdomains, `www.` or not), or all when null or absent.
   */
  site?: string | null;
}

export const DEFAULT_FILTER: PopupFilter = {
  view: 'new',
  account: null,
  projectId: null,
  source: null,
  site: null,
};

export interface VisibilityRules {
  /**
   * Mentions first stored after this moment (epoch ms) are held back behind a "Show N new"
   * button instead of being inserted above what the reader is looking at.
   */
  revealedAt: number;
  /**
   * Keys (pageKey) that stay in the New view although read: the reader marked them read in
   * this popup, and a row vanishing under the pointer is a layout jump too.
   */
  keep: ReadonlySet<string>;
}

export interface VisibleMentions {
  /** Newest first, as the list shows them. */
  shown: StoredMention[];
  /** Mentions that pass the filters but arrived after `revealedAt`. */
  held: number;
}

/** The account, project, source and site filters (not the view). */
export function inScope(mention: StoredMention, filter: PopupFilter): boolean {
  if (filter.account && mentionAccount(mention) !== filter.account) return false;
  if (filter.projectId !== null && mention.project_id !== filter.projectId) return false;
  if (filter.source !== null && mention.source !== filter.source) return false;
  if (filter.site && !urlIsOnSite(mention.url, filter.site)) return false;
  return true;
}

function inView(mention: StoredMention, filter: PopupFilter, keep: ReadonlySet<string>): boolean {
  if (filter.view !== 'new' || !mention.read) return true;
  return keep.has(pageKey(mention));
}

/** `all` must be newest first (allMentionsNewestFirst); the result keeps that order. */
export function visibleMentions(
  all: readonly StoredMention[],
  filter: PopupFilter,
  rules: VisibilityRules,
): VisibleMentions {
  const shown: StoredMention[] = [];
  let held = 0;
  for (const mention of all) {
    if (!inScope(mention, filter) || !inView(mention, filter, rules.keep)) continue;
    if (mention.firstSeen > rules.revealedAt) held += 1;
    else shown.push(mention);
  }
  return { shown, held };
}

export interface ProjectOption {
  /** With several accounts: the project's account, and the name it goes by. */
  account?: string;
  accountName?: string;
  projectId: number;
  /** The project's name; null for mentions of a project the cached list does not know. */
  name: string | null;
  unread: number;
}

/**
 * One option per project: the service's projects in its order, then any project that only the
 * store still knows (its name is gone), so no stored mention is unreachable through the filter.
 * `unreadByProject` has a key for every project the store holds (lib/mentions/preview.ts).
 */
export function projectOptions(
  projects: readonly ServiceProject[],
  unreadByProject: Readonly<Record<number, number>>,
): ProjectOption[] {
  const options: ProjectOption[] = projects.map((p) => ({
    projectId: p.project_id,
    name: p.name,
    unread: unreadByProject[p.project_id] ?? 0,
  }));
  const known = new Set(projects.map((p) => p.project_id));
  const orphans = Object.keys(unreadByProject)
    .map(Number)
    .filter((id) => !known.has(id))
    .sort((a, b) => a - b);
  for (const projectId of orphans) {
    options.push({ projectId, name: null, unread: unreadByProject[projectId] ?? 0 });
  }
  return options;
}

export interface SourceOption {
  /** The service's `source` value. */
  source: string;
  unread: number;
}

/**
 * Unread per source among the mentions of the chosen project (all projects when null) and, when
 * given, on the chosen site, with a key (0) for every source present, read or not.
 */
export function unreadBySourceIn(
  mentions: readonly StoredMention[],
  projectId: number | null,
  site: string | null = null,
): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const m of mentions) {
    if (projectId !== null && m.project_id !== projectId) continue;
    if (site !== null && !urlIsOnSite(m.url, site)) continue;
    counts[m.source] = (counts[m.source] ?? 0) + (m.read ? 0 : 1);
  }
  return counts;
}

/**
 * The sources to offer, from their unread counts (unreadBySourceIn, or a preview's): known sources
 * in their usual order, unknown ones after them alphabetically. A selected source stays listed even
 * when its last mention is gone, so the select never shows a value it cannot name.
 */
export function sourceOptions(
  unreadBySource: Readonly<Record<string, number>>,
  selected: string | null = null,
): SourceOption[] {
  const present = new Set(Object.keys(unreadBySource));
  if (selected !== null) present.add(selected);
  const known = SOURCES.filter((s) => present.has(s));
  const unknown = [...present]
    .filter((s) => !(SOURCES as readonly string[]).includes(s))
    .sort((a, b) => a.localeCompare(b));
  return [...known, ...unknown].map((source) => ({ source, unread: unreadBySource[source] ?? 0 }));
}

/** The main area of the popup, one at a time. */
export type BodyState =
  | 'not-set-up'
  /** A problem (the attention notice) and nothing stored to show under it. */
  | 'attention-only'
  | 'not-checked'
  | 'no-projects'
  | 'no-mentions'
  | 'caught-up'
  | 'no-match'
  /** The Saved view, with nothing saved. */
  | 'no-saved'
  /** Nothing to show yet in this view: its mentions are in the store, still being read. */
  | 'loading'
  | 'list';

interface PopupStateFacts {
  configured: boolean;
  status: SyncStatus;
  projectCount: number;
  /** Mentions in the store, all projects. */
  mentionCount: number;
  filter: PopupFilter;
  /** Rows the list would show (after filters, before paging). */
  shownCount: number;
  /** More rows of this view may be in the store, which is still being read (lists.ts). */
  pending?: boolean;
}

interface PopupState {
  /** A problem to show above the body (never 'not-set-up': that is the body itself). */
  attention: Exclude<Attention, 'not-set-up'> | null;
  body: BodyState;
}

export function popupState(facts: PopupStateFacts): PopupState {
  if (!facts.configured) return { attention: null, body: 'not-set-up' };
  const found = attentionFrom({
    configured: true,
    permissionGranted: !facts.status.permissionMissing,
    keyRejected: facts.status.keyRejected,
    serviceFailing: facts.status.schedule.attention,
  });
  const attention = found === 'not-set-up' ? null : found;
  if (facts.shownCount > 0) return { attention, body: 'list' };
  if (facts.pending) return { attention, body: 'loading' };
  // Saved mentions outlive the store: an empty store says nothing about them.
  if (facts.filter.view === 'saved') {
    return { attention, body: isNarrowed(facts.filter) ? 'no-match' : 'no-saved' };
  }
  if (facts.mentionCount === 0) {
    // The notice explains why nothing is here; a second message under it would only compete.
    if (attention) return { attention, body: 'attention-only' };
    if (facts.status.schedule.lastSuccessAt == null) return { attention, body: 'not-checked' };
    return { attention, body: facts.projectCount === 0 ? 'no-projects' : 'no-mentions' };
  }
  return { attention, body: facts.filter.view === 'new' ? 'caught-up' : 'no-match' };
}

/** True when an account, project, source or site filter narrows the list. */
export function isNarrowed(filter: PopupFilter): boolean {
  return (
    Boolean(filter.account) ||
    filter.projectId !== null ||
    filter.source !== null ||
    Boolean(filter.site)
  );
}
