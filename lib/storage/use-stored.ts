// A storage item as Preact state: read once on mount, read again whenever it changes. The options
// page never writes these items (the background does); it only shows them.

import { useEffect, useState } from 'preact/hooks';

interface Watchable {
  watch(callback: () => void): () => void;
}

/** `undefined` until the first read finishes, so a page can tell "loading" from "empty". */
export function useStored<T>(item: Watchable, read: () => Promise<T>): T | undefined {
  const [value, setValue] = useState<T | undefined>(undefined);
  useEffect(() => {
    let live = true;
    const refresh = () => {
      read().then(
        (next) => {
          if (live) setValue(next);
        },
        () => undefined,
      );
    };
    refresh();
    const unwatch = item.watch(refresh);
    return () => {
      live = false;
      unwatch();
    };
  }, [item, read]);
  return value;
}
