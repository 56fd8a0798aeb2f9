// What the results list keeps for one search only: how many rows it has paged to and revealed,
// and the heights of its far pages. The list keeps its elements from one search to the next (the
// rows still in the results are not built again), so these start over by hand when the search
// changes, as remounting the list did for them.
import { useLayoutEffect, useRef, useState } from 'preact/hooks';
import type { FarPages } from '@/components/long-list';

type Update<T> = (old: T) => T;

/**
 * State that belongs to `search`: `initial` again whenever the search changes (also back to one it
 * had before). Updates apply to the search shown last, so a late callback of the old search (an
 * observer, a frame) cannot carry its count over.
 */
export function useSearchState<T>(search: string, initial: T): [T, (update: Update<T>) => void] {
  const box = useRef<{ search: string; value: T } | null>(null);
  // Read in render, and reset there: resetting in an effect would render the old count first.
  if (box.current === null || box.current.search !== search)
    box.current = { search, value: initial };
  const [, setVersion] = useState(0);
  const set = useRef((update: Update<T>) => {
    const current = box.current!;
    const value = update(current.value);
    if (Object.is(value, current.value)) return;
    box.current = { search: current.search, value };
    setVersion((n) => n + 1);
  }).current;
  return [box.current.value, set];
}

const NO_HEIGHTS: ReadonlyMap<number, number> = new Map();

/**
 * The far pages' heights measured for this search. A height measured under another search is the
 * height of other rows: the first render of a new search ignores them all, and they are dropped
 * (brought near) right after, so a page rendered far later gets its own height.
 */
export function useHeightsOf(search: string, far: FarPages): ReadonlyMap<number, number> {
  const measuredFor = useRef(search);
  const stale = measuredFor.current !== search;
  useLayoutEffect(() => {
    if (measuredFor.current === search) return;
    measuredFor.current = search;
    for (const start of far.heights.keys()) far.bringNear(start);
  }, [search]);
  return stale ? NO_HEIGHTS : far.heights;
}
