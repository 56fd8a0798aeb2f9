// A component whose module is loaded the first time it is shown, so the popup's first paint never
// carries it (the keyboard help, the dialogs, the menus). Until it has loaded nothing is rendered;
// a module that cannot be loaded (the extension was updated under the page) is reported through
// `onUnavailable` and tried again the next time.
import type { ComponentType } from 'preact';
import { useEffect, useState } from 'preact/hooks';

interface Unavailable {
  /** The module could not be loaded: what the opener does instead (usually: close). */
  onUnavailable(): void;
}

type LazyComponent<P> = ComponentType<P & Unavailable> & {
  /** Starts loading now (a pointer over the button that opens it), so it opens at once. */
  preload(): void;
};

export function lazy<P extends object>(load: () => Promise<ComponentType<P>>): LazyComponent<P> {
  let loading: Promise<ComponentType<P>> | null = null;
  const get = () =>
    (loading ??= load().catch((error: unknown) => {
      loading = null;
      throw error;
    }));

  function Lazy(props: P & Unavailable) {
    const [Loaded, setLoaded] = useState<ComponentType<P> | null>(null);
    useEffect(() => {
      let alive = true;
      get().then(
        (component) => {
          if (alive) setLoaded(() => component);
        },
        () => {
          if (alive) props.onUnavailable();
        },
      );
      return () => {
        alive = false;
      };
      // Loaded once per showing; the opener's onUnavailable is read when it is needed.
    }, []);
    return Loaded ? <Loaded {...props} /> : null;
  }
  return Object.assign(Lazy, { preload: () => void get().catch(() => undefined) });
}
