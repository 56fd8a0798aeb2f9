// Benchmark: the popup's first paint in real Chromium with the built extension, against the floor
// of an empty page of the same build.
//
// Method. One warm headless Chromium (support/popup-bench.ts) with the production code built for
// the fake service (support/bench-build.ts). For each size the extension is reset and given N
// unread mentions by a real poll of the fake service (0; 100; 1,000; 5,000 = 10 projects at the
// 500 cap). Then, per run, two fresh popup-sized tabs (400×600), each closed afterwards:
//   - bench-blank.html, an empty page (doctype, title, empty body) added to the build: navigation
//     start to its first frame (the floor: what any page of the extension costs);
//   - popup.html: navigation start to the first mention row ([data-key] in the list) on screen;
//     with 0 stored there is no row, so to its first meaningful content, "No mentions yet".
// "On screen" is measured in the page (support/on-screen.ts): a MutationObserver installed before
// the page's scripts notes the insertion; a task posted from the next animation frame marks the
// frame produced. The two tabs alternate which goes first; the first pair per size is a warm-up.
// A run's ratio is popup ÷ the blank page of its pair; the ratio figure is the median of those.
// Then the floors at 5,000 (support/floor-pages.ts), paired the same way: the least any popup that
// reads storage can cost, up to one that shows the popup's own first screen with no script work.
// Last, a few traced runs at 5,000 show where the time goes (support/where-time-goes.ts).
import { BLANK_PAGE } from './support/bench-build';
import {
  FIRST_SCREEN_FLOOR_PAGE,
  FLOOR_DONE,
  STORAGE_FLOOR_PAGE,
  STYLED_FLOOR_PAGE,
  writeFirstScreenFloor,
} from './support/floor-pages';
import { popupSizedTab, timeOnScreen, type OnScreen } from './support/on-screen';
import {
  EMPTY_STATE,
  POPUP_PAGE,
  ROW,
  startPopupBench,
  unreadText,
  type PopupBench,
} from './support/popup-bench';
import { summarize } from './support/stats';
import { formatNumber } from './support/table';
import type { Figure, Figures } from './support/types';
import { describeBreakdown, whereTimeGoes } from './support/where-time-goes';

export const name = 'popup first paint';

const SIZES = [0, 100, 1_000, 5_000];
const RUNS = 30;
const WARMUP = 1;
const TRACED_RUNS = 5;
/** With 5,000 stored, the popup's first row at most this many times the empty page's first frame. */
const RATIO_BUDGET = 1.5;

interface Pair {
  popup: OnScreen;
  blank: OnScreen;
}

const count = (n: number) => n.toLocaleString('en-US');
const median = (values: number[]) => summarize(values).median;
const ms = (n: number) => `${formatNumber(n)} ms`;

async function timePopup(bench: PopupBench, size: number): Promise<OnScreen> {
  const selector = size === 0 ? EMPTY_STATE : ROW;
  return timeOnScreen(bench.browser, POPUP_PAGE, selector, async (page) => {
    // The figure must be of the store it claims: the header counts what is stored.
    const shown =
      size === 0
        ? page.getByRole('heading', { name: 'No mentions yet' })
        : page.getByText(unreadText(size), { exact: true });
    await shown.waitFor({ timeout: 10_000 });
  });
}

const timeBlank = (bench: PopupBench) => timeOnScreen(bench.browser, BLANK_PAGE, 'body');

async function measureSize(bench: PopupBench, size: number): Promise<Pair[]> {
  const pairs: Pair[] = [];
  for (let run = -WARMUP; run < RUNS; run++) {
    const blankFirst = run % 2 === 0;
    const before = blankFirst ? await timeBlank(bench) : undefined;
    const popup = await timePopup(bench, size);
    const blank = before ?? (await timeBlank(bench));
    if (run >= 0) pairs.push({ popup, blank });
  }
  return pairs;
}

function sizeFigures(size: number, pairs: Pair[]): Figure[] {
  const popup = pairs.map((p) => p.popup);
  const what = size === 0 ? 'empty state' : 'first row';
  const { median: value, spread } = summarize(popup.map((t) => t.onScreenMs));
  const ratio = summarize(pairs.map((p) => p.popup.onScreenMs / p.blank.onScreenMs));
  const ofMedians = value / median(pairs.map((p) => p.blank.onScreenMs));
  const stages =
    `medians: DOMContentLoaded ${ms(median(popup.map((t) => t.domContentLoadedMs)))}, ` +
    `${what} in the DOM ${ms(median(popup.map((t) => t.inDomMs)))}, on screen ${ms(value)}`;
  return [
    {
      label: `popup, ${count(size)} stored: ${what} on screen`,
      unit: 'ms',
      value,
      spread,
      note: size === 0 ? `no row to show: timed to "No mentions yet"; ${stages}` : stages,
    },
    {
      label: `popup ÷ empty page, ${count(size)} stored`,
      unit: 'ratio',
      value: ratio.median,
      spread: ratio.spread,
      ...(size === 5_000 ? { budget: RATIO_BUDGET } : {}),
      note: `median of per-pair ratios; ratio of the medians ${formatNumber(ofMedians)}`,
    },
  ];
}

/**
 * The popup's first screen as its first frame shows it: the markup of its root the moment the
 * first row is in the document (a mutation observer installed before the page's scripts).
 */
async function captureFirstScreen(bench: PopupBench): Promise<string> {
  const tab = await popupSizedTab(bench.browser);
  try {
    await tab.addInitScript((row: string) => {
      const found = new MutationObserver(() => {
        if (!document.querySelector(row)) return;
        found.disconnect();
        (window as unknown as { __firstScreen: string }).__firstScreen = document
          .getElementById('app')!
          .getHTML();
      });
      found.observe(document, { childList: true, subtree: true });
    }, ROW);
    await tab.goto(`chrome-extension://${bench.browser.extensionId}/${POPUP_PAGE}`);
    const captured = await tab.waitForFunction(
      () => (window as unknown as { __firstScreen?: string }).__firstScreen,
    );
    return (await captured.jsonValue()) as string;
  } finally {
    await tab.close();
  }
}

/**
 * The floors (support/floor-pages.ts) at the current size, each paired with the empty page as the
 * popup is: what reading storage alone costs any popup, with the popup's stylesheet, and with the
 * popup's own first screen put in place by a script that does nothing else.
 */
async function floorFigures(bench: PopupBench, size: number): Promise<Figure[]> {
  writeFirstScreenFloor(bench.extensionDir, await captureFirstScreen(bench));
  // Each floor must have read this store: what it shows carries the stored preview's count.
  const line = `${size} unread`;
  const floors = [
    { page: STORAGE_FLOOR_PAGE, what: 'reads storage, writes one line', done: FLOOR_DONE, line },
    {
      page: STYLED_FLOOR_PAGE,
      what: 'the same with the popup stylesheet',
      done: FLOOR_DONE,
      line,
    },
    {
      page: FIRST_SCREEN_FLOOR_PAGE,
      what: "reads storage, shows the popup's own first screen, no other script",
      done: ROW,
      line: unreadText(size),
    },
  ];
  const figures: Figure[] = [];
  for (const { page, what, done, line } of floors) {
    const timeFloor = () =>
      timeOnScreen(bench.browser, page, done, async (tab) => {
        await tab.getByText(line, { exact: true }).waitFor({ timeout: 10_000 });
      });
    const pairs: { floor: OnScreen; blank: OnScreen }[] = [];
    for (let run = -WARMUP; run < RUNS; run++) {
      const before = run % 2 === 0 ? await timeBlank(bench) : undefined;
      const floor = await timeFloor();
      const blank = before ?? (await timeBlank(bench));
      if (run >= 0) pairs.push({ floor, blank });
    }
    const { median: value, spread } = summarize(pairs.map((p) => p.floor.onScreenMs));
    const ratio = summarize(pairs.map((p) => p.floor.onScreenMs / p.blank.onScreenMs));
    figures.push({
      label: `floor page, ${count(size)} stored (${what}) ÷ empty page`,
      unit: 'ratio',
      value: ratio.median,
      spread: ratio.spread,
      note: `${page}: on screen, median ${ms(value)} (p10–p90 ${ms(spread.p10)}–${ms(spread.p90)})`,
    });
  }
  return figures;
}

/** Traced runs at the current size: where the popup's and the empty page's time goes. */
async function tracedFigures(bench: PopupBench, size: number): Promise<Figure[]> {
  const popup = await whereTimeGoes(bench, POPUP_PAGE, ROW, TRACED_RUNS);
  const blank = await whereTimeGoes(bench, BLANK_PAGE, 'body', TRACED_RUNS);
  const figure = (label: string, traced: typeof popup): Figure => {
    const { median: value, spread } = summarize(traced.totals);
    const note = `main thread, medians: ${describeBreakdown(traced.breakdown)}`;
    return { label, unit: 'ms', value, spread, note };
  };
  return [
    figure(`traced: popup, ${count(size)} stored, first row`, popup),
    figure('traced: empty page, first frame', blank),
  ];
}

export async function run(): Promise<Figures> {
  const bench = await startPopupBench();
  const blanks: OnScreen[] = [];
  const figures: Figure[] = [];
  const seeding: string[] = [];
  try {
    for (const size of SIZES) {
      const { seconds } = await bench.seed(size);
      seeding.push(`${count(size)} in ${seconds.toFixed(1)} s`);
      const pairs = await measureSize(bench, size);
      blanks.push(...pairs.map((p) => p.blank));
      const [popup, ratio] = sizeFigures(size, pairs);
      figures.push(popup, ratio);
      console.log(
        `   ${count(size)} stored: ${ms(popup.value)}, ratio ${formatNumber(ratio.value)}`,
      );
    }
    figures.push(...(await floorFigures(bench, SIZES.at(-1)!)));
    figures.push(...(await tracedFigures(bench, SIZES.at(-1)!)));
  } finally {
    await bench.close();
  }
  const floor = summarize(blanks.map((t) => t.onScreenMs));
  figures.unshift({
    label: 'empty extension page (floor): first frame',
    unit: 'ms',
    value: floor.median,
    spread: floor.spread,
    note: `${BLANK_PAGE} of the same build, paired with every popup run below`,
  });
  return {
    figures,
    parameters: {
      sizes: `${SIZES.map(count).join(', ')} stored unread mentions (5,000 = 10 projects × 500)`,
      runs: `${RUNS} pairs per size after ${WARMUP} warm-up; a fresh tab per page, the browser kept warm`,
      traced: `${TRACED_RUNS} more runs of each page at ${count(SIZES.at(-1)!)}, under a DevTools trace (slower)`,
      chromium: `${bench.chromiumVersion}, headless, /usr/bin/chromium`,
      viewport: '400×600 (the toolbar popup size)',
      build: `wxt build --mode e2e of the ${bench.buildSource}, plus ${BLANK_PAGE}`,
      seeding: `reset, fake-service account, saveConnection, real poll: ${seeding.join(', ')}`,
      measure:
        'navigation start (performance.now() = 0) to a task after the frame that follows the insertion',
    },
  };
}
