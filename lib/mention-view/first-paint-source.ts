// Where the popup's first paint comes from: the reads of popup-data.ts, started as early as
// possible. main.tsx starts them while the page's script is still evaluating, so storage answers
// while Preact renders the frame; started from the first effect instead, they would wait for a
// frame to be painted first (effects run after paint). Changes are watched from the same moment
// and held until the popup takes them, so nothing that changes in between is lost.
import { readFirstPaint, watchPopupData, type PopupData } from '@/lib/mention-view/popup-data';

type Change = Partial<Omit<PopupData, 'store' | 'triage'>>;

export interface FirstPaintSource {
  data: Promise<PopupData>;
  /** Hands over the watched changes (those held so far first); returns the function that stops. */
  attach(onChange: (change: Change) => void): () => void;
}

function startFirstPaint(): FirstPaintSource {
  // The read first: it is the one the first paint waits for.
  const data = readFirstPaint();
  const held: Change[] = [];
  let forward: ((change: Change) => void) | null = null;
  const stop = watchPopupData((change) => (forward ? forward(change) : held.push(change)));
  return {
    data,
    attach(onChange) {
      forward = onChange;
      for (const change of held.splice(0)) onChange(change);
      return stop;
    },
  };
}

let early: FirstPaintSource | null = null;

/** Starts the first paint's reads and watches now (the popup's entry point calls it first). */
export function prefetchFirstPaint(): void {
  early ??= startFirstPaint();
}

/** The prefetched source, once; a fresh one for every later mount. */
export function takeFirstPaint(): FirstPaintSource {
  const source = early ?? startFirstPaint();
  early = null;
  return source;
}
