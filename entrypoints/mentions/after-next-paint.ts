// Work that must not delay a frame the user is waiting for (the page's first rows): run once that
// frame has been painted.
import { useEffect, useState } from 'preact/hooks';

/** Where frames do not come (a hidden tab), the work still runs after this long. */
const FRAME_FALLBACK_MS = 200;

/**
 * Calls `callback` once the next frame has been painted (a task queued from that frame's
 * animation callback runs after it). Returns the function that cancels it.
 */
export function afterNextPaint(callback: () => void): () => void {
  let done = false;
  const finish = () => {
    if (done) return;
    done = true;
    clearTimeout(fallback);
    cancelAnimationFrame(frame);
    callback();
  };
  const fallback = setTimeout(finish, FRAME_FALLBACK_MS);
  const frame = requestAnimationFrame(() => setTimeout(finish));
  return () => {
    done = true;
    clearTimeout(fallback);
    cancelAnimationFrame(frame);
  };
}

/** False until a frame has been painted with `ready` true; true from then on. */
export function usePaintedOnce(ready: boolean): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    if (!ready || painted) return;
    return afterNextPaint(() => setPainted(true));
  }, [ready, painted]);
  return painted;
}
