// What the mentions page shows, as one value: the search box's text, the filters and the sort. It
// lives in the page's URL (location.search), so back/forward and reload keep it, and a link to the
// page can carry it. Reading is liberal (a hand-edited or stale URL never breaks the page: whatever
// is unknown or malformed is its default); writing gives only what differs from the defaults, in a
// fixed order, so the same filter is always the same URL and the two round-trip.
import { isAccountId } from '@/lib/accounts/accounts';
import type { Sentiment } from '@/lib/mention-view/mention-text';
import { parseDay } from '@/lib/time/local-day';

export type ReadFilter = 'all' | 'unread' | 'read';
export type PageSort = 'date' | 'relevance';

export interface PageFilter {
  /** The search box's text as typed ('' = none). */
  query: string;
  /**
   * One account's mentions (with several; a project is chosen in its account), absent for all:
   * absent rather than null, so a page of one account holds the filter it always held.
   */
  account?: string;
  projectId: number | null;
  /** The service's source value. */
  source: string | null;
  sentiment: Sentiment | null;
  /** 'YYYY-MM-DD', local day, inclusive. */
  from: string | null;
  /** 'YYYY-MM-DD', local day, inclusive. */
  to: string | null;
  read: ReadFilter;
  savedOnly: boolean;
  /** Muted mentions are hidden by default. */
  showMuted: boolean;
  /** 'relevance' ranks by search score (by date when there is no query). */
  sort: PageSort;
}

export const DEFAULT_PAGE_FILTER: PageFilter = /* @__PURE__ */ Object.freeze({
  query: '',
  projectId: null,
  source: null,
  sentiment: null,
  from: null,
  to: null,
  read: 'all',
  savedOnly: false,
  showMuted: false,
  sort: 'date',
});

/** Each filter's URL parameter: the one place their names are written. */
const PARAM = {
  query: 'q',
  account: 'account',
  projectId: 'project',
  source: 'source',
  sentiment: 'sentiment',
  from: 'from',
  to: 'to',
  read: 'read',
  savedOnly: 'saved',
  showMuted: 'muted',
  sort: 'sort',
} as const satisfies Record<keyof PageFilter, string>;

const SENTIMENTS: readonly string[] = ['negative', 'neutral', 'positive'] satisfies Sentiment[];

/** Project ids are the service's non-negative safe integers. */
function projectIdOf(value: string | null): number | null {
  if (value === null || !/^\d{1,16}$/.test(value)) return null;
  const id = Number(value);
  return Number.isSafeInteger(id) ? id : null;
}

const dayOf = (value: string | null) => (value !== null && parseDay(value) !== null ? value : null);

/** Liberal: any unknown or bad param is its default. `search` with or without its '?'. */
export function filterFromSearch(search: string): PageFilter {
  // URLSearchParams drops a leading '?', decodes '+' and %xx (leaving malformed escapes as they
  // are) and never throws on a string.
  const params = new URLSearchParams(search);
  const get = (name: keyof PageFilter) => params.get(PARAM[name]);
  const sentiment = get('sentiment');
  const read = get('read');
  const account = get('account');
  return {
    query: get('query') ?? '',
    ...(isAccountId(account) && { account }),
    projectId: projectIdOf(get('projectId')),
    source: get('source') || null,
    sentiment:
      sentiment !== null && SENTIMENTS.includes(sentiment) ? (sentiment as Sentiment) : null,
    from: dayOf(get('from')),
    to: dayOf(get('to')),
    read: read === 'unread' || read === 'read' ? read : 'all',
    savedOnly: get('savedOnly') === '1',
    showMuted: get('showMuted') === '1',
    sort: get('sort') === 'relevance' ? 'relevance' : 'date',
  };
}

/**
 * Only non-default params, always in this order: q, account, project, source, sentiment, from, to, read,
 * saved, muted, sort. '' when all are default, else '?...'. filterFromSearch reads it back as the
 * same filter (text that is not well-formed UTF-16, a lone surrogate, comes back as U+FFFD: URLs
 * carry UTF-8).
 */
export function searchFromFilter(filter: PageFilter): string {
  const params = new URLSearchParams();
  const set = (name: keyof PageFilter, value: string) => params.set(PARAM[name], value);
  if (filter.query !== '') set('query', filter.query);
  if (filter.account !== undefined) set('account', filter.account);
  if (filter.projectId !== null) set('projectId', String(filter.projectId));
  if (filter.source) set('source', filter.source);
  if (filter.sentiment !== null) set('sentiment', filter.sentiment);
  if (filter.from !== null) set('from', filter.from);
  if (filter.to !== null) set('to', filter.to);
  if (filter.read !== 'all') set('read', filter.read);
  if (filter.savedOnly) set('savedOnly', '1');
  if (filter.showMuted) set('showMuted', '1');
  if (filter.sort !== 'date') set('sort', filter.sort);
  return searchOf(params);
}

const searchOf = (params: URLSearchParams) => {
  const search = params.toString();
  return search === '' ? '' : `?${search}`;
};

/** A view another page links to: one account's or project's mentions, or the unread ones. */
export type PageLink = Partial<Pick<PageFilter, 'account' | 'projectId' | 'read'>>;

/**
 * The search of a link to the page (from the popup, a notification): searchFromFilter's for that
 * view (a property test holds the two together), without the rest of the filter's code, which the
 * popup's and the worker's bundles would otherwise carry.
 */
export function linkSearch({ account, projectId = null, read = 'all' }: PageLink): string {
  const params = new URLSearchParams();
  if (account !== undefined) params.set(PARAM.account, account);
  if (projectId !== null) params.set(PARAM.projectId, String(projectId));
  if (read !== 'all') params.set(PARAM.read, read);
  return searchOf(params);
}

/**
 * Whether anything but the sort narrows or widens the list ("Clear filters" is offered). The
 * search box's text counts as soon as it is not empty.
 */
export function hasFilters(filter: PageFilter): boolean {
  return (
    filter.account !== undefined ||
    (Object.keys(DEFAULT_PAGE_FILTER) as (keyof PageFilter)[]).some(
      (name) => name !== 'sort' && filter[name] !== DEFAULT_PAGE_FILTER[name],
    )
  );
}
