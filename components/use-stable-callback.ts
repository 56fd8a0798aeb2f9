// A callback for list rows, which compare their callbacks to decide whether to render again.
import { useCallback, useRef } from 'preact/hooks';

/**
 * A function that stays the same across renders and always calls the latest `fn`: rows compare
 * their callbacks to decide whether to render again, and a new closure per render would render
 * every row.
 */
export function useStableCallback<A extends unknown[], R>(
  fn: (...args: A) => R,
): (...args: A) => R {
  const latest = useRef(fn);
  latest.current = fn;
  return useCallback((...args: A) => latest.current(...args), []);
}
