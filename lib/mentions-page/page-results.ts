// The mentions page's list: every stored and saved mention, narrowed by the page's filter and
// search, in date or relevance order. A function of its arguments alone, so the page recomputes it
// on each keystroke and each storage change; at 5,000 stored and 1,000 saved it is a few
// milliseconds (the folded texts come from lib/search/mention-search.ts's index, built off the
// first paint's path), and a keystroke that narrows the last search scans only what that one
// found. Before the store is read, the first screen of that list comes from the preview
// (firstScreen, at the end).
import { sentimentOf } from '@/lib/mention-view/mention-text';
import { mentionAccount, pageKey } from '@/lib/mention-view/account-mentions';
import { localDayNumber, parseDay } from '@/lib/time/local-day';
import type { PageFilter } from '@/lib/mentions-page/page-filter';
import type { StoredRecord } from '@/lib/mentions/mention-record';
import {
  keyOf,
  keyString,
  type MentionStore,
  type StoredMention,
  newestFirst,
} from '@/lib/mentions/store';
import { DEFAULT_PAGE_FILTER } from '@/lib/mentions-page/page-filter';
import { newestOf } from '@/lib/mentions/store';
import type { MentionPreview } from '@/lib/mentions/preview';
import { scoreMention, searchScore, type MentionSearchIndex } from '@/lib/search/mention-search';
import { isEmptyQuery, parseQuery, type SearchQuery } from '@/lib/search/query';
import type { MuteMatcher } from '@/lib/triage/mute';
import type { SavedMentions } from '@/lib/triage/saved';

interface PageContext {
  isMuted: MuteMatcher;
  /** pageKey of every saved mention (lib/mention-view/account-mentions.ts). */
  savedKeys: ReadonlySet<string>;
  /** null while it is being built: mentions are then scored on the fly. */
  index: MentionSearchIndex | null;
}

/**
 * The row of a saved copy the store no longer holds: shown as read (as the popup's Saved view
 * does, lib/mention-view/lists.ts savedRows). One object per record, so a rebuild of the list
 * gives the same object and what was memoised on it (its index entry, its mute verdict, a
 * rendered row) holds.
 */
const savedCopies = new WeakMap<StoredRecord, StoredMention>();

function savedCopy(record: StoredRecord): StoredMention {
  let copy = savedCopies.get(record);
  if (!copy) {
    copy = { ...record, read: true };
    savedCopies.set(record, copy);
  }
  return copy;
}

/**
 * Every stored mention plus the saved copies the store no longer has (shown as read), one per key
 * (the store's own wins), newest first (lib/mentions/store.ts).
 */
function pageMentions(store: MentionStore | null, saved: SavedMentions): StoredMention[] {
  const seen = new Set<string>();
  const all: StoredMention[] = [];
  const add = (mention: StoredMention) => {
    const key = keyString(keyOf(mention));
    if (seen.has(key)) return;
    seen.add(key);
    all.push(mention);
  };
  for (const list of Object.values(store?.byProject ?? {})) list.forEach(add);
  for (const { record } of saved.items) {
    if (!seen.has(keyString(keyOf(record)))) add(savedCopy(record));
  }
  return newestFirst(all);
}

/**
 * Every account's page mentions (pageMentions of its store and saved mentions, as the page holds
 * them: account-mentions.ts) as one list, newest first.
 */
export function pageMentionsOfAccounts(
  accounts: readonly { store: MentionStore | null; saved: SavedMentions }[],
): StoredMention[] {
  if (accounts.length === 1) return pageMentions(accounts[0].store, accounts[0].saved);
  return newestFirst(accounts.flatMap(({ store, saved }) => pageMentions(store, saved)));
}

interface PageResults {
  /** Filtered and sorted. */
  shown: StoredMention[];
  /** Keys of shown rows that are muted (only when the filter shows muted mentions). */
  muted: ReadonlySet<string>;
  /** The search box's text parsed, for highlighting. */
  query: SearchQuery;
}

/**
 * A matcher's verdicts, per mention object: a mute rule reads the URL's host (a URL parse), which
 * over 5,000 mentions on every keystroke would be most of the work. A new matcher (the rules
 * changed) starts afresh.
 */
const muteVerdicts = new WeakMap<MuteMatcher, WeakMap<StoredMention, boolean>>();

function mutedBy(isMuted: MuteMatcher): (mention: StoredMention) => boolean {
  let verdicts = muteVerdicts.get(isMuted);
  if (!verdicts) {
    verdicts = new WeakMap();
    muteVerdicts.set(isMuted, verdicts);
  }
  const known = verdicts;
  return (mention) => {
    let verdict = known.get(mention);
    if (verdict === undefined) {
      verdict = isMuted(mention);
      known.set(mention, verdict);
    }
    return verdict;
  };
}

/**
 * The last list, in date order, and what it was made from. Typing one more letter narrows the
 * search: what it finds is among what the last one found, so only those are scanned again (after
 * "ro", a few hundred rather than 5,000). One entry: the page has one list.
 */
interface LastScan {
  all: readonly StoredMention[];
  /** The filter but its search, and the zone. */
  rest: string;
  isMuted: MuteMatcher;
  savedKeys: ReadonlySet<string>;
  query: SearchQuery;
  matched: StoredMention[];
}

let last: LastScan | null = null;

/**
 * The fields of the filter that bound the list apart from the search. Every field is named here
 * (a new one fails to compile until it is), so a new bound cannot be missed by the comparison.
 */
const BOUNDS: Record<keyof PageFilter, boolean> = {
  query: false,
  sort: false,
  account: true,
  projectId: true,
  source: true,
  sentiment: true,
  from: true,
  to: true,
  read: true,
  savedOnly: true,
  showMuted: true,
};
const BOUND_FIELDS = (Object.keys(BOUNDS) as (keyof PageFilter)[]).filter((key) => BOUNDS[key]);

/** The filter's bounds other than the search, and the zone, as one string to compare. */
function restOf(filter: PageFilter, timeZone: string | undefined): string {
  return JSON.stringify([BOUND_FIELDS.map((key) => filter[key]), timeZone ?? null]);
}

/**
 * Whether every mention `next` admits is one `before` admits too. Words and phrases are substrings
 * of the folded texts alike: one of `before` inside one of `next` is found wherever that one is. An
 * exclusion of `before` is kept out by one of `next` inside it (where it appears, so does that one).
 */
export function narrows(before: SearchQuery, next: SearchQuery): boolean {
  const found = (q: SearchQuery) => [...q.terms, ...q.phrases];
  const nextFound = found(next);
  return (
    found(before).every((part) => nextFound.some((longer) => longer.includes(part))) &&
    before.excluded.every((part) => next.excluded.some((shorter) => part.includes(shorter)))
  );
}

/** What to scan: what the last search found when this one narrows it with all else the same. */
function candidates(
  all: readonly StoredMention[],
  rest: string,
  ctx: PageContext,
  query: SearchQuery,
): readonly StoredMention[] {
  const same =
    last !== null &&
    last.all === all &&
    last.rest === rest &&
    last.isMuted === ctx.isMuted &&
    last.savedKeys === ctx.savedKeys;
  return same && narrows(last!.query, query) ? last!.matched : all;
}

/** A filter's day bound as a day number; a malformed one bounds nothing. */
const boundOf = (day: string | null) => (day === null ? null : parseDay(day));

/**
 * What the page lists for the filter: `all` (newest first, as pageMentions gives it) narrowed by
 * project, source, sentiment (from the sign only), the local days of `addedAt` (the browser's
 * zone, or `timeZone`), read state, saved, muted and the search; in that order for 'date', by
 * search score for 'relevance' (ties, and every row when there is no query, keep date order).
 */
export function pageResults(
  all: readonly StoredMention[],
  filter: PageFilter,
  ctx: PageContext,
  timeZone?: string,
): PageResults {
  const query = parseQuery(filter.query);
  const searching = !isEmptyQuery(query);
  const from = boundOf(filter.from);
  const to = boundOf(filter.to);
  const isMuted = mutedBy(ctx.isMuted);
  const muted = new Set<string>();
  const shown: StoredMention[] = [];
  const scores: number[] = [];
  const rest = restOf(filter, timeZone);

  for (const m of candidates(all, rest, ctx, query)) {
    if (filter.account !== undefined && mentionAccount(m) !== filter.account) continue;
    if (filter.projectId !== null && m.project_id !== filter.projectId) continue;
    if (filter.source !== null && m.source !== filter.source) continue;
    if (filter.sentiment !== null && sentimentOf(m.sentiment) !== filter.sentiment) continue;
    if ((filter.read === 'unread' && m.read) || (filter.read === 'read' && !m.read)) continue;
    if (from !== null || to !== null) {
      const day = localDayNumber(m.addedAt, timeZone);
      if (day === null || (from !== null && day < from) || (to !== null && day > to)) continue;
    }
    if (filter.savedOnly && !ctx.savedKeys.has(pageKey(m))) continue;
    let score = 1;
    if (searching) {
      score = (ctx.index && searchScore(ctx.index, m, query)) ?? scoreMention(m, query);
      if (score === 0) continue;
    }
    if (isMuted(m)) {
      if (!filter.showMuted) continue;
      muted.add(pageKey(m));
    }
    shown.push(m);
    scores.push(score);
  }

  last = { all, rest, isMuted: ctx.isMuted, savedKeys: ctx.savedKeys, query, matched: shown };
  if (filter.sort === 'relevance' && searching) {
    // Sorting positions keeps it stable whatever the engine: equal scores stay newest first.
    const order = shown.map((_, i) => i).sort((a, b) => scores[b] - scores[a] || a - b);
    return { shown: order.map((i) => shown[i]), muted, query };
  }
  return { shown, muted, query };
}

// The mentions page's first screen before the store is read: the popup's preview holds the newest
// unread and the newest read mentions (lib/mentions/preview.ts), muted ones left out, which is the
// top of any view that only chooses a read state. Reading the whole store (megabytes at 5,000
// mentions) takes several times as long as the page's first frame; this takes one small read.

/** How many rows the first screen shows: what fills a full-height tab. */
const FIRST_SCREEN_ROWS = 10;

/**
 * The first rows of `filter` from the preview, or null when the preview cannot tell them: a
 * search, a project, source, sentiment, date or saved filter, muted shown (the preview leaves
 * muted out), or a preview written before it kept the read ones.
 */
export function firstScreen(
  preview: MentionPreview | null,
  filter: PageFilter,
): StoredMention[] | null {
  if (!preview) return null;
  const narrowed = (Object.keys(DEFAULT_PAGE_FILTER) as (keyof PageFilter)[]).some(
    (name) => name !== 'read' && name !== 'sort' && filter[name] !== DEFAULT_PAGE_FILTER[name],
  );
  if (narrowed) return null;
  if (filter.read === 'unread') return preview.newestUnread.slice(0, FIRST_SCREEN_ROWS);
  if (preview.newestRead === null) return null;
  if (filter.read === 'read') return preview.newestRead.slice(0, FIRST_SCREEN_ROWS);
  return newestOf([...preview.newestUnread, ...preview.newestRead], FIRST_SCREEN_ROWS);
}
