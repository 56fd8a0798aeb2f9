// Moments of a loaded page that benchmarks wait for or read, measured in the page on its clock
// (performance.now(), 0 at navigation start): its first contentful paint, a mark it sets, and a
// main thread gone quiet.
import type { Page } from 'playwright-core';

/** First contentful paint of a loaded page (Paint Timing; NaN when it has none). */
export function contentfulPaint(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        const seen = (entries: PerformanceEntryList) =>
          entries.find((e) => e.name === 'first-contentful-paint')?.startTime;
        const now = seen(performance.getEntriesByType('paint'));
        if (now !== undefined) return resolve(now);
        new PerformanceObserver((list) => {
          const at = seen(list.getEntries());
          if (at !== undefined) resolve(at);
        }).observe({ type: 'paint', buffered: true });
        setTimeout(() => resolve(Number.NaN), 2_000);
      }),
  );
}

/** The time of the page's performance mark `mark`, once set; null when it is not within 3 s. */
export async function markTime(page: Page, mark: string): Promise<number | null> {
  return page.evaluate(
    (mark) =>
      new Promise<number | null>((resolve) => {
        const began = performance.now();
        const look = () => {
          const at = performance.getEntriesByName(mark, 'mark')[0]?.startTime;
          if (at !== undefined) return resolve(at);
          if (performance.now() - began > 3_000) return resolve(null);
          setTimeout(look, 50);
        };
        look();
      }),
    mark,
  );
}

/** Until the page's main thread has run no task over 50 ms for a second. */
export async function quiet(page: Page): Promise<void> {
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        let last = performance.now();
        let calm = 0;
        const tick = () => {
          const now = performance.now();
          calm = now - last > 50 ? 0 : calm + (now - last);
          last = now;
          if (calm >= 1_000) resolve();
          else setTimeout(tick, 10);
        };
        setTimeout(tick, 10);
      }),
  );
}
