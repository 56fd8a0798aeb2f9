// The charts follow the results a moment behind them. The page gives the charts its results on
// every keystroke in the search box; ranking 5,000 sites and redrawing the canvases there put the
// charts' work inside each keystroke's frame (a profile of the bench's typing: about half of it).
// Nobody reads a chart between two keys, so the charts keep their last figures while the results
// keep changing and take the new ones when typing pauses, in a moment the main thread is idle.
import { useEffect, useState } from 'preact/hooks';

/** The pause in the changes after which the charts take the newest results. */
const SETTLE_MS = 250;

/** An idle moment is waited for at most this long (a page that is never idle still updates). */
const IDLE_TIMEOUT_MS = 1_000;

/** Runs `work` when the main thread is idle (or soon, where the browser cannot say); a canceller. */
function whenIdle(work: () => void): () => void {
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(() => work(), { timeout: IDLE_TIMEOUT_MS });
    return () => cancelIdleCallback(id);
  }
  const id = setTimeout(work, 0);
  return () => clearTimeout(id);
}

/**
 * `value` as it was when it last stayed unchanged for `pauseMs`, taken up in an idle moment; null
 * until the first one is taken (the first waits for an idle moment only, so the charts never delay
 * the page's first rows either). A value that changes back before the pause ends changes nothing.
 */
export function useSettled<T>(value: T, pauseMs = SETTLE_MS): T | null {
  // Boxed: `value` may itself be null or a function.
  const [settled, setSettled] = useState<{ value: T } | null>(null);
  const first = settled === null;
  const current = !first && Object.is(settled.value, value);
  useEffect(() => {
    if (current) return;
    let cancelIdle: (() => void) | null = null;
    const take = () => setSettled({ value });
    const timer = first ? null : setTimeout(() => (cancelIdle = whenIdle(take)), pauseMs);
    if (timer === null) cancelIdle = whenIdle(take);
    return () => {
      if (timer !== null) clearTimeout(timer);
      cancelIdle?.();
    };
    // Every new value starts the pause again; `first` and `current` follow from it.
  }, [value, current, pauseMs]);
  return settled ? settled.value : null;
}
