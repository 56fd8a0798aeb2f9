// A page's first read from storage, started while its script is still evaluating (the entry point
// imports the module that starts it first), so storage answers while the framework renders the
// frame: started from the first effect instead, it would wait for a frame to be painted first
// (effects run after paint). Changes are watched from the same moment and held until the page
// takes them, so nothing that changes in between is lost. The popup's first paint and the
// mentions page's first screen start this way.

export interface EarlyRead<T, C> {
  data: Promise<T>;
  /** Hands over the watched changes (those held so far first); returns the function that stops. */
  attach(onChange: (change: C) => void): () => void;
}

/** Starts `read` and `watch` now (`watch` returns the function that stops watching). */
export function startEarlyRead<T, C>(
  read: () => Promise<T>,
  watch: (onChange: (change: C) => void) => () => void,
): EarlyRead<T, C> {
  // The read first: it is the one the first paint waits for.
  const data = read();
  const held: C[] = [];
  let forward: ((change: C) => void) | null = null;
  const stop = watch((change) => (forward ? forward(change) : held.push(change)));
  return {
    data,
    attach(onChange) {
      forward = onChange;
      for (const change of held.splice(0)) onChange(change);
      return stop;
    },
  };
}

export interface EarlyReader<T, C> {
  /** Starts the read and the watches now (the page's entry point calls it first). */
  prefetch(): void;
  /** The prefetched read, once; a fresh one for every later mount. */
  take(): EarlyRead<T, C>;
}

/** A page's one early read: `start` makes it (with startEarlyRead). */
export function earlyReader<T, C>(start: () => EarlyRead<T, C>): EarlyReader<T, C> {
  let early: EarlyRead<T, C> | null = null;
  return {
    prefetch() {
      early ??= start();
    },
    take() {
      const source = early ?? start();
      early = null;
      return source;
    },
  };
}
