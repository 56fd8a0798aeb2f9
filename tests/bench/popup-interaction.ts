// Benchmark: the popup in use with 5,000 unread mentions stored (10 projects at the 500 cap), in
// real headless Chromium with the built extension (support/popup-bench.ts seeds them by a real
// poll of the fake service).
//   (a) "Mark all read": click to the badge cleared and the list showing the caught-up state, both
//       (support/mark-all.ts). Each run opens a fresh popup, waits until the whole store is read,
//       clicks, and afterwards undoes it with the popup's Undo. The first run is a warm-up.
//   (b) Scrolling "All recent" to its 5,000th row: main-thread tasks over 50 ms (PerformanceObserver
//       'longtask'), the longest one, and the time to the end (support/scroll-to-end.ts). Each run
//       a fresh popup. No warm-up of its own: the mark-all runs have loaded the same popup and
//       rendered the same rows many times. Few runs, as each takes seconds and a whole benchmark
//       of them minutes. Appending a page renders that page alone (components/MentionPage.tsx),
//       so what a long task here holds is one page's own style and layout, not the rows above it.
import { timingFigure } from './support/cpu-time';
import { timeMarkAllRead, type MarkAllTimes } from './support/mark-all';
import { startPopupBench, type PopupBench } from './support/popup-bench';
import { scrollAllToEnd, type ScrollRun } from './support/scroll-to-end';
import { summarize } from './support/stats';
import { formatNumber } from './support/table';
import type { Figure, Figures } from './support/types';

export const name = 'popup interaction';

const STORED = 5_000;
const MARK_RUNS = 6;
const MARK_WARMUP = 1;
const SCROLL_RUNS = 5;
/** Long tasks (over 50 ms) allowed while scrolling to the end. */
const LONG_TASK_BUDGET = 0;

const ms = (n: number) => `${formatNumber(n)} ms`;

function markAllFigures(runs: MarkAllTimes[]): Figure[] {
  return [
    timingFigure(
      'mark all read: click to badge cleared and list updated',
      runs.map((r) => r.bothMs),
      { note: 'the later of the two below, per run' },
    ),
    timingFigure(
      'mark all read: click to badge cleared',
      runs.map((r) => r.badgeMs),
      { note: "chrome.action.getBadgeText() read as '' (polled every 4 ms)" },
    ),
    timingFigure(
      'mark all read: click to caught-up list on screen',
      runs.map((r) => r.listMs),
    ),
  ];
}

function scrollFigures(runs: ScrollRun[]): Figure[] {
  const longest = runs.map((r) => Math.max(0, ...r.longTasks.map((t) => t.durationMs)));
  const counts = summarize(runs.map((r) => r.longTasks.length));
  const total = (r: ScrollRun) => r.longTasks.reduce((sum, t) => sum + t.durationMs, 0);
  const switchTasks = runs.flatMap((r) => r.switchLongTasks.map((t) => t.durationMs));
  return [
    {
      label: `scroll All recent to row ${STORED.toLocaleString('en-US')}: long tasks (> 50 ms)`,
      unit: 'tasks',
      value: counts.median,
      spread: counts.spread,
      budget: LONG_TASK_BUDGET,
      note:
        `per run: ${runs.map((r) => r.longTasks.length).join(', ')}; ` +
        `their total per run (median) ${ms(summarize(runs.map(total)).median)}`,
    },
    timingFigure('scroll: longest task over 50 ms (0: none)', longest, {
      note: `switching to All recent before the scroll: ${switchTasks.length} long tasks, longest ${ms(Math.max(0, ...switchTasks))}`,
    }),
    timingFigure(
      'scroll: to the last row on screen',
      runs.map((r) => r.scrollMs),
      { note: 'the scroller jumps to its end every frame, 50 more rows load each time' },
    ),
    {
      label: 'scroll: elements in the popup at row 5,000',
      unit: 'elements',
      value: summarize(runs.map((r) => r.elementsAtEnd)).median,
      note: 'pages far from view hold no rows (components/long-list.tsx); a row is about 20 elements',
    },
  ];
}

async function measure(bench: PopupBench) {
  const { seconds: seeded } = await bench.seed(STORED);
  const marks: MarkAllTimes[] = [];
  for (let i = -MARK_WARMUP; i < MARK_RUNS; i++) {
    const times = await timeMarkAllRead(bench, STORED);
    if (i >= 0) marks.push(times);
  }
  console.log(`   mark all read: ${ms(summarize(marks.map((r) => r.bothMs)).median)}`);
  const scrolls: ScrollRun[] = [];
  for (let i = 0; i < SCROLL_RUNS; i++) {
    const scroll = await scrollAllToEnd(bench, STORED);
    if (scroll.rows !== STORED) throw new Error(`scrolled to ${scroll.rows} rows`);
    scrolls.push(scroll);
    console.log(
      `   scroll ${i + 1}: ${scroll.longTasks.length} long tasks, ${ms(scroll.scrollMs)}`,
    );
  }
  return { seeded, marks, scrolls };
}

export async function run(): Promise<Figures> {
  const bench = await startPopupBench();
  let measured: Awaited<ReturnType<typeof measure>>;
  try {
    measured = await measure(bench);
  } finally {
    await bench.close();
  }
  const { seeded, marks, scrolls } = measured;
  return {
    figures: [...markAllFigures(marks), ...scrollFigures(scrolls)],
    parameters: {
      stored: `${STORED.toLocaleString('en-US')} unread (10 projects × 500), seeded by a real poll in ${seeded.toFixed(1)} s`,
      runs: `mark all read ${MARK_RUNS} after ${MARK_WARMUP} warm-up, then scroll ${SCROLL_RUNS}; a fresh popup tab per run`,
      chromium: `${bench.chromiumVersion}, headless, /usr/bin/chromium`,
      viewport: '400×600 (the toolbar popup size)',
      build: `wxt build --mode e2e of the ${bench.buildSource}`,
      restore: "the popup's Undo after each mark all read",
    },
  };
}
