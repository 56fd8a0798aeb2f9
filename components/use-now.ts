// The one clock of the pages: relative times ("5 min ago") stay true while a page stays open.
import { useEffect, useState } from 'preact/hooks';

/** The current time (epoch ms), updated every `everyMs`. */
export function useNow(everyMs = 30_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}
