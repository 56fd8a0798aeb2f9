// Small hooks of the popup.
import { useEffect, useState } from 'preact/hooks';
import { readPopupData, watchPopupData, type PopupData } from '@/lib/popup/popup-data';

/** The current time, updated every `everyMs`, so relative times stay true while the popup is open. */
export function useNow(everyMs = 30_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}

export interface LoadedData {
  data: PopupData | null;
  /** When the first read finished (epoch ms): what was stored then is what the reader sees first. */
  loadedAt: number;
  /** Replaces the data at once (after a refresh read it fresh). */
  replace(data: PopupData): void;
}

/**
 * Storage, read once for the first paint and then watched. Changes that arrive while the first read
 * is under way are applied on top of it, so none is lost.
 */
export function usePopupData(): LoadedData {
  const [state, setState] = useState<{ data: PopupData | null; loadedAt: number }>({
    data: null,
    loadedAt: 0,
  });
  useEffect(() => {
    let alive = true;
    let loaded = false;
    let pending: Partial<PopupData> = {};
    const stop = watchPopupData((change) => {
      if (!loaded) {
        pending = { ...pending, ...change };
        return;
      }
      setState((current) =>
        current.data ? { ...current, data: { ...current.data, ...change } } : current,
      );
    });
    void readPopupData().then((data) => {
      if (!alive) return;
      loaded = true;
      setState({ data: { ...data, ...pending }, loadedAt: Date.now() });
    });
    return () => {
      alive = false;
      stop();
    };
  }, []);
  return {
    ...state,
    replace: (data) => setState((current) => ({ ...current, data })),
  };
}
