// Benchmark: the popup's first paint in real Chromium with the built extension, against the floors
// of the same build, and how soon it settles after that.
//
// Method. One warm headless Chromium (support/popup-bench.ts) with the production code built for
// the fake service (support/bench-build.ts). For each size the extension is reset and given N
// unread mentions by a real poll of the fake service (0; 100; 1,000; 5,000 = 10 projects at the
// 500 cap). The popup's first screen at that size is captured (support/popup-floors.ts) and written
// as the first-screen floor page. Then, per run, three fresh popup-sized tabs (400×600), each
// closed afterwards, in an order that rotates from run to run (four with a baseline, below):
//   - bench-blank.html, an empty page (doctype, title, empty body): navigation start to its first
//     frame (what any page of the extension costs);
//   - bench-first-screen.html (support/floor-pages.ts): the popup's first read, then the popup's own
//     first screen put in place by a classic script that does nothing else: the popup's first
//     screen if its script cost nothing;
//   - popup.html: navigation start to the first mention row ([data-key] in the list) on screen;
//     with 0 stored there is no row, so to its first meaningful content, "No mentions yet".
// "On screen" is measured in the page (support/on-screen.ts): a MutationObserver installed before
// the page's scripts notes the insertion; a task posted from the next animation frame, ahead of the
// page's own tasks, marks the frame produced. A run's ratios are the popup ÷ each page of its run;
// the figure is their median. Every run also notes the long animation frames (over 50 ms) that
// started before the first row: the page stalled before it showed anything to read. With
// MM_BENCH_BASELINE (support/bench-build.ts), another build's popup is a fourth page of every run
// and is watched as often as this one: its figures, labelled "baseline popup", are the before of
// the same run. Then a few runs per size watch the popup settle (support/settled.ts): its last
// change on screen and its last DOM change painted within 1.5 s of the first row, long tasks and
// long animation frames in its first second, and the layout shift after the first paint. Last,
// at 5,000: the storage floors, and a few traced runs (support/popup-traced.ts): where the first
// paint's time goes, and the CPU time of the popup's tasks in its first second, which the
// machine's load does not inflate as it does their wall time.
import { BASELINE_POPUP_PAGE, BLANK_PAGE } from './support/bench-build';
import { FIRST_SCREEN_FLOOR_PAGE, writeFirstScreenFloor } from './support/floor-pages';
import { timeOnScreen, type OnScreen } from './support/on-screen';
import {
  EMPTY_STATE,
  POPUP_PAGE,
  ROW,
  startPopupBench,
  unreadText,
  type PopupBench,
} from './support/popup-bench';
import { captureFirstScreen, STORAGE_FLOORS, timeFloor } from './support/popup-floors';
import { tracedFigures } from './support/popup-traced';
import { timeSettled, WINDOW_MS, type Settled } from './support/settled';
import { summarize } from './support/stats';
import { formatNumber } from './support/table';
import type { Figure, Figures } from './support/types';

export const name = 'popup first paint';

/** The largest size again, its mentions split over this many accounts (MM_BENCH_POPUP_SPLIT). */
const SPLIT = { accounts: Number(process.env.MM_BENCH_POPUP_SPLIT ?? 3) };

/** MM_BENCH_POPUP_SIZES=5000 (comma-separated) measures those sizes only, for a quick look. */
const SIZES = process.env.MM_BENCH_POPUP_SIZES?.split(',').map(Number) ?? [0, 100, 1_000, 5_000];
const RUNS = 15;
const SETTLE_RUNS = 8;
const STORAGE_FLOOR_RUNS = 8;
const WARMUP = 1;
const TRACED_RUNS = 3;
/** At every size: the popup's first row at most this many times the empty page's first frame. */
const EMPTY_BUDGET = 2.2;
/** With 5,000 stored: the popup's first row at most this many times the first-screen floor's. */
const FLOOR_BUDGET = 1.15;
/** At every size: the last change on screen painted at most this many times the first row. */
const SETTLED_ON_SCREEN_BUDGET = 1.2;
/** With 5,000 stored: the last DOM change painted at most this many times the first row. */
const SETTLED_BUDGET = 1.5;

/** A popup measured: this build's, or the baseline build's (MM_BENCH_BASELINE). */
interface Popup {
  key: 'popup' | 'baseline';
  path: string;
  label: string;
}

const POPUPS: Popup[] = [
  { key: 'popup', path: POPUP_PAGE, label: 'popup' },
  { key: 'baseline', path: BASELINE_POPUP_PAGE, label: 'baseline popup' },
];

type PageKey = 'blank' | 'floor' | Popup['key'];
type Run = Partial<Record<PageKey, OnScreen>> & { blank: OnScreen; floor: OnScreen };

const count = (n: number) => n.toLocaleString('en-US');
const median = (values: number[]) => summarize(values).median;
const ms = (n: number) => `${formatNumber(n)} ms`;
const doneSelector = (size: number) => (size === 0 ? EMPTY_STATE : ROW);
const atBudgetSize = (size: number, budget: number) => (size === 5_000 ? { budget } : {});

/** The figure must be of the store it claims: the header counts what is stored. */
async function showsStore(page: import('playwright-core').Page, size: number): Promise<void> {
  const shown =
    size === 0
      ? page.getByRole('heading', { name: 'No mentions yet' })
      : page.getByText(unreadText(size), { exact: true });
  await shown.waitFor({ timeout: 10_000 });
}

const timePopup = (bench: PopupBench, popup: Popup, size: number) =>
  timeOnScreen(bench.browser, popup.path, doneSelector(size), (page) => showsStore(page, size));

const timeBlank = (bench: PopupBench) => timeOnScreen(bench.browser, BLANK_PAGE, 'body');

async function measureSize(bench: PopupBench, popups: Popup[], size: number): Promise<Run[]> {
  const pages: Partial<Record<PageKey, () => Promise<OnScreen>>> = {
    blank: () => timeBlank(bench),
    floor: () => timeFloor(bench, FIRST_SCREEN_FLOOR_PAGE, doneSelector(size), unreadText(size)),
  };
  for (const popup of popups) pages[popup.key] = () => timePopup(bench, popup, size);
  const order = Object.keys(pages) as PageKey[];
  const runs: Run[] = [];
  for (let run = -WARMUP; run < RUNS; run++) {
    const times: Partial<Record<PageKey, OnScreen>> = {};
    for (let i = 0; i < order.length; i++) {
      const which = order[(i + run + WARMUP) % order.length];
      times[which] = await pages[which]!();
    }
    if (run >= 0) runs.push(times as Run);
  }
  return runs;
}

function ratio(label: string, values: number[], note: string, budget = {}): Figure {
  const { median: value, spread } = summarize(values);
  return { label, unit: 'ratio', value, spread, note, ...budget };
}

function firstPaintFigures(size: number, runs: Run[], popup: Popup): Figure[] {
  const times = runs.map((r) => r[popup.key]!);
  const what = size === 0 ? 'empty state' : 'first row';
  const { median: value, spread } = summarize(times.map((t) => t.onScreenMs));
  const floor = summarize(runs.map((r) => r.floor.onScreenMs));
  const stages =
    `medians: DOMContentLoaded ${ms(median(times.map((t) => t.domContentLoadedMs)))}, ` +
    `${what} in the DOM ${ms(median(times.map((t) => t.inDomMs)))}, on screen ${ms(value)}`;
  return [
    {
      label: `${popup.label}, ${count(size)} stored: ${what} on screen`,
      unit: 'ms',
      value,
      spread,
      note: size === 0 ? `no row to show: timed to "No mentions yet"; ${stages}` : stages,
    },
    ratio(
      `${popup.label} ÷ empty page, ${count(size)} stored`,
      runs.map((r) => r[popup.key]!.onScreenMs / r.blank.onScreenMs),
      `median of per-run ratios; the empty page's median ${ms(median(runs.map((r) => r.blank.onScreenMs)))}`,
      { budget: EMPTY_BUDGET },
    ),
    ratio(
      `${popup.label} ÷ first-screen floor, ${count(size)} stored`,
      runs.map((r) => r[popup.key]!.onScreenMs / r.floor.onScreenMs),
      `median of per-run ratios; ${FIRST_SCREEN_FLOOR_PAGE} median ${ms(floor.median)} ` +
        `(p10–p90 ${ms(floor.spread.p10)}–${ms(floor.spread.p90)}), ` +
        `${formatNumber(median(runs.map((r) => r.floor.onScreenMs / r.blank.onScreenMs)))}× the empty page`,
      atBudgetSize(size, FLOOR_BUDGET),
    ),
  ];
}

const durations = (all: number[]) => (all.length === 0 ? 'none' : all.map((d) => ms(d)).join(', '));

const longest = (frames: number[]) => (frames.length === 0 ? 'none' : ms(Math.max(...frames)));

/** The long animation frames before the first row, in the timed runs and the watched ones. */
function framesBeforeFigure(size: number, popup: Popup, runs: OnScreen[]): Figure {
  const frames = runs.flatMap((r) => r.longFramesBefore);
  const stalled = runs.filter((r) => r.longFramesBefore.length > 0).length;
  return {
    label: `${popup.label}, ${count(size)} stored: long animation frames (> 50 ms) before the first row`,
    unit: 'frames',
    value: frames.length,
    note:
      `all ${runs.length} runs (timed and watched) together; in ${stalled} runs; longest ` +
      `${longest(frames)}; all: ${durations(frames)}`,
    budget: 0,
  };
}

function settleFigures(size: number, runs: Settled[], popup: Popup): Figure[] {
  const settled = summarize(runs.map((r) => r.settledMs));
  const onScreen = summarize(runs.map((r) => r.settledOnScreenMs));
  const tasks = runs.flatMap((r) => r.longTasks);
  const frames = runs.flatMap((r) => r.longFrames);
  const shifts = runs.map((r) => r.layoutShift);
  const withAny = (pick: (r: Settled) => number[]) => runs.filter((r) => pick(r).length > 0).length;
  return [
    {
      label: `${popup.label}, ${count(size)} stored: settled (last DOM change painted)`,
      unit: 'ms',
      value: settled.median,
      spread: settled.spread,
      note:
        `watched until ${ms(WINDOW_MS)} after the first row; last change median ` +
        `${ms(median(runs.map((r) => r.lastChangeMs)))}; first paint in these runs ` +
        `${ms(median(runs.map((r) => r.onScreenMs)))}`,
    },
    ratio(
      `${popup.label} settled ÷ first paint, ${count(size)} stored`,
      runs.map((r) => r.settledMs / r.onScreenMs),
      'median of per-run ratios',
      atBudgetSize(size, SETTLED_BUDGET),
    ),
    {
      label: `${popup.label}, ${count(size)} stored: settled on screen (last change seen painted)`,
      unit: 'ms',
      value: onScreen.median,
      spread: onScreen.spread,
      note:
        'the frame after the last change to what the window shows (support/settled.ts); ' +
        `the first paint's own frame when nothing on screen changed after it`,
    },
    ratio(
      `${popup.label} settled on screen ÷ first paint, ${count(size)} stored`,
      runs.map((r) => r.settledOnScreenMs / r.onScreenMs),
      'median of per-run ratios',
      { budget: SETTLED_ON_SCREEN_BUDGET },
    ),
    {
      label: `${popup.label}, ${count(size)} stored: long tasks (> 50 ms) in the first second`,
      unit: 'tasks',
      value: tasks.length,
      note: `all ${runs.length} runs together; in ${withAny((r) => r.longTasks)} runs: ${durations(tasks)}`,
      ...atBudgetSize(size, 0),
    },
    {
      label: `${popup.label}, ${count(size)} stored: long animation frames (> 50 ms) in the first second`,
      unit: 'frames',
      value: frames.length,
      note: `all ${runs.length} runs together; in ${withAny((r) => r.longFrames)} runs: ${durations(frames)}`,
      ...atBudgetSize(size, 0),
    },
    {
      label: `${popup.label}, ${count(size)} stored: layout shift after the first paint`,
      unit: 'CLS',
      value: Math.max(...shifts),
      note: `the most of ${runs.length} runs (sum of layout-shift entries not caused by input); all: ${shifts.map((s) => formatNumber(s)).join(', ')}`,
      ...atBudgetSize(size, 0),
    },
  ];
}

/** SETTLE_RUNS watched runs of each popup, taking turns. */
async function measureSettle(
  bench: PopupBench,
  popups: Popup[],
  size: number,
): Promise<Map<Popup['key'], Settled[]>> {
  const runs = new Map(popups.map((popup) => [popup.key, [] as Settled[]]));
  for (let run = 0; run < SETTLE_RUNS; run++) {
    for (const popup of popups) {
      const watched = await timeSettled(bench.browser, popup.path, doneSelector(size), (page) =>
        showsStore(page, size),
      );
      runs.get(popup.key)!.push(watched);
    }
  }
  return runs;
}

/** The storage floors at the current size, each paired with the empty page. */
async function storageFloorFigures(bench: PopupBench, size: number): Promise<Figure[]> {
  const figures: Figure[] = [];
  for (const { page, what, done } of STORAGE_FLOORS) {
    const pairs: { floor: OnScreen; blank: OnScreen }[] = [];
    for (let run = -WARMUP; run < STORAGE_FLOOR_RUNS; run++) {
      const before = run % 2 === 0 ? await timeBlank(bench) : undefined;
      const floor = await timeFloor(bench, page, done, `${size} unread`);
      const blank = before ?? (await timeBlank(bench));
      if (run >= 0) pairs.push({ floor, blank });
    }
    const { median: value, spread } = summarize(pairs.map((p) => p.floor.onScreenMs));
    figures.push(
      ratio(
        `floor page, ${count(size)} stored (${what}) ÷ empty page`,
        pairs.map((p) => p.floor.onScreenMs / p.blank.onScreenMs),
        `${page}: on screen, median ${ms(value)} (p10–p90 ${ms(spread.p10)}–${ms(spread.p90)})`,
      ),
    );
  }
  return figures;
}

/** One line per popup and size while the benchmark runs. */
function progress(size: number, popup: Popup, paint: Figure[], settle: Figure[], before: number[]) {
  const [settled, settledRatio, , onScreenRatio, tasks, frames, shift] = settle;
  console.log(
    `   ${popup.label}, ${count(size)} stored: ${ms(paint[0].value)}, ÷ empty ` +
      `${formatNumber(paint[1].value)}, ÷ floor ${formatNumber(paint[2].value)}, long frames ` +
      `before it ${before.length} (longest ${longest(before)}), settled on screen ` +
      `${formatNumber(onScreenRatio.value)}×, settled ${ms(settled.value)} ` +
      `(${formatNumber(settledRatio.value)}×), long tasks ${tasks.value}, frames ` +
      `${frames.value}, shift ${formatNumber(shift.value)}`,
  );
}

export async function run(): Promise<Figures> {
  const bench = await startPopupBench();
  const popups = POPUPS.filter((popup) => popup.key === 'popup' || bench.baseline !== null);
  const blanks: OnScreen[] = [];
  const figures: Figure[] = [];
  const seeding: string[] = [];
  const last = SIZES.at(-1)!;
  try {
    for (const size of SIZES) {
      const { seconds } = await bench.seed(size);
      seeding.push(`${count(size)} in ${seconds.toFixed(1)} s`);
      writeFirstScreenFloor(
        bench.extensionDir,
        await captureFirstScreen(bench, doneSelector(size)),
      );
      const runs = await measureSize(bench, popups, size);
      blanks.push(...runs.map((r) => r.blank));
      const settled = await measureSettle(bench, popups, size);
      for (const popup of popups) {
        const watched = settled.get(popup.key)!;
        const all = [...runs.map((r) => r[popup.key]!), ...watched];
        const paint = firstPaintFigures(size, runs, popup);
        const settle = settleFigures(size, watched, popup);
        figures.push(...paint, framesBeforeFigure(size, popup, all), ...settle);
        const before = all.flatMap((r) => r.longFramesBefore);
        progress(size, popup, paint, settle, before);
      }
    }
    figures.push(...(await storageFloorFigures(bench, last)));
    figures.push(...(await tracedFigures(bench, last, TRACED_RUNS)));
    // The same popup with its mentions split over several accounts, each at its share of the caps
    // (lib/mentions/caps.ts accountShare): the first row's budget is one account's.
    const split = SPLIT.accounts * Math.floor(last / SPLIT.accounts);
    if (split > 0) {
      const { seconds } = await bench.seed(split, SPLIT.accounts);
      seeding.push(`${count(split)} over ${SPLIT.accounts} accounts in ${seconds.toFixed(1)} s`);
      writeFirstScreenFloor(
        bench.extensionDir,
        await captureFirstScreen(bench, doneSelector(split)),
      );
      const runs = await measureSize(bench, popups, split);
      blanks.push(...runs.map((r) => r.blank));
      // Each account's preview holds its share of the first page (lib/mentions/preview.ts
      // previewRows): what arrives with the stores must change nothing on screen either.
      const settled = await measureSettle(bench, popups, split);
      const over = (figure: Figure) => ({
        ...figure,
        label: `${figure.label}, over ${SPLIT.accounts} accounts`,
      });
      for (const popup of popups) {
        const paint = firstPaintFigures(split, runs, popup);
        const settle = settleFigures(split, settled.get(popup.key)!, popup);
        figures.push(...[...paint, ...settle].map(over));
        progress(
          split,
          popup,
          paint,
          settle,
          runs.flatMap((r) => r[popup.key]!.longFramesBefore),
        );
      }
    }
  } finally {
    await bench.close();
  }
  const floor = summarize(blanks.map((t) => t.onScreenMs));
  figures.unshift({
    label: 'empty extension page (floor): first frame',
    unit: 'ms',
    value: floor.median,
    spread: floor.spread,
    note: `${BLANK_PAGE} of the same build, in every run below`,
  });
  const pages = popups.length > 1 ? 'the popup and the baseline popup' : 'the popup';
  return {
    figures,
    parameters: {
      sizes: `${SIZES.map(count).join(', ')} stored unread mentions (5,000 = 10 projects × 500)`,
      runs:
        `${RUNS} runs per size after ${WARMUP} warm-up, each the empty page, the first-screen ` +
        `floor and ${pages} in a rotating order; a fresh tab per page, the browser kept warm`,
      settle: `${SETTLE_RUNS} more runs of ${pages} per size, watched until ${WINDOW_MS} ms after the first row`,
      floors: `the storage floors at ${count(last)}: ${STORAGE_FLOOR_RUNS} pairs each`,
      traced: `${TRACED_RUNS} more runs of each page at ${count(last)}, under a DevTools trace (slower)`,
      chromium: `${bench.chromiumVersion}, headless, /usr/bin/chromium`,
      viewport: '400×600 (the toolbar popup size)',
      build: `wxt build --mode e2e of the ${bench.buildSource}, plus ${BLANK_PAGE} and the floors`,
      ...(bench.baseline ? { baseline: bench.baseline } : {}),
      seeding: `reset, fake-service account, saveConnection, real poll: ${seeding.join(', ')}`,
      measure:
        'navigation start (performance.now() = 0) to a task after the frame that follows the insertion',
      budgets:
        `first row ≤ ${EMPTY_BUDGET}× the empty page, no long animation frame before it, settled ` +
        `on screen ≤ ${SETTLED_ON_SCREEN_BUDGET}× the first row, at every size; with 5,000: ` +
        `≤ ${FLOOR_BUDGET}× the first-screen floor, the last DOM change ≤ ${SETTLED_BUDGET}× ` +
        'the first row, no long task or frame in the first second, no layout shift',
    },
  };
}
