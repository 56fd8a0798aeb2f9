// Traced runs of a page's first paint: the same measurement as on-screen.ts, with a DevTools trace
// of the browser around it, split by trace.ts into what the page's main thread did until the
// element was on screen. Tracing slows the page down: these runs are kept apart from the timed
// ones, and what they tell is the shares, not the totals.
import { ON_SCREEN_MARK, POPUP_SIZE, timeOnScreen, type Viewport } from './on-screen';
import type { PopupBench } from './popup-bench';
import { summarize } from './stats';
import { formatNumber } from './table';
import { mainThreadBreakdown, traceWhile, type Breakdown } from './trace';

export interface TracedRuns {
  /** Navigation start to on screen, per traced run. */
  totals: number[];
  /** Median milliseconds per kind of work across the runs, largest first. */
  breakdown: Breakdown;
}

export async function whereTimeGoes(
  bench: PopupBench,
  path: string,
  selector: string,
  runs: number,
  size: Viewport = POPUP_SIZE,
): Promise<TracedRuns> {
  const cdp = await bench.browser.context.newCDPSession(bench.ext.page);
  const totals: number[] = [];
  const breakdowns: Breakdown[] = [];
  try {
    for (let i = 0; i < runs; i++) {
      const { result, events } = await traceWhile(cdp, () =>
        timeOnScreen(bench.browser, path, selector, undefined, size),
      );
      totals.push(result.onScreenMs);
      breakdowns.push(mainThreadBreakdown(events, ON_SCREEN_MARK));
    }
  } finally {
    await cdp.detach();
  }
  const kinds = new Set(breakdowns.flatMap((b) => Object.keys(b)));
  const medians = [...kinds].map((kind) => {
    const values = breakdowns.map((b) => b[kind] ?? 0);
    return [kind, summarize(values).median] as const;
  });
  medians.sort((a, b) => b[1] - a[1]);
  return { totals, breakdown: Object.fromEntries(medians) };
}

export function describeBreakdown(breakdown: Breakdown): string {
  return Object.entries(breakdown)
    .map(([kind, ms]) => `${kind} ${formatNumber(ms)}`)
    .join(', ');
}
