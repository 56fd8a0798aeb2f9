// The page's filters live in its URL (lib/mentions-page/page-filter.ts), so back/forward, reload
// and a link from the popup or a notification all land on the same view. A change of filter is a
// history entry; typing in the search box replaces the current entry (one entry per keystroke
// would make Back useless) until the next filter change.
import { useCallback, useEffect, useRef, useState } from 'preact/hooks';
import {
  filterFromSearch,
  searchFromFilter,
  type PageFilter,
} from '@/lib/mentions-page/page-filter';

interface UrlFilter {
  filter: PageFilter;
  /** A filter change: a new history entry. */
  setFilter(change: Partial<PageFilter>): void;
  /** What the search box holds: the same entry, replaced. */
  setQuery(query: string): void;
}

function writeUrl(filter: PageFilter, mode: 'push' | 'replace'): void {
  const url = `${location.pathname}${searchFromFilter(filter)}${location.hash}`;
  if (url === `${location.pathname}${location.search}${location.hash}`) return;
  if (mode === 'push') history.pushState(null, '', url);
  else history.replaceState(null, '', url);
}

export function useUrlFilter(): UrlFilter {
  const [filter, setState] = useState(() => filterFromSearch(location.search));
  // The filter as last set: two changes in one event build on each other.
  const current = useRef(filter);

  useEffect(() => {
    const onPop = () => {
      current.current = filterFromSearch(location.search);
      setState(current.current);
    };
    addEventListener('popstate', onPop);
    return () => removeEventListener('popstate', onPop);
  }, []);

  const change = useCallback((next: PageFilter, mode: 'push' | 'replace') => {
    current.current = next;
    writeUrl(next, mode);
    setState(next);
  }, []);

  const setFilter = useCallback(
    (part: Partial<PageFilter>) => change({ ...current.current, ...part }, 'push'),
    [change],
  );
  const setQuery = useCallback(
    (query: string) => change({ ...current.current, query }, 'replace'),
    [change],
  );

  return { filter, setFilter, setQuery };
}
