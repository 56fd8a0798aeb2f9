// Scrolling the popup's list to its end, with every row of the store in view ("All recent"), while a
// PerformanceObserver of type 'longtask' (installed before the page's scripts) records every main
// thread task over 50 ms.
//
// The list renders 50 rows and adds 50 more each time its end comes within 300 px
// (components/MentionList.tsx); pages far from view give up their rows (components/long-list.tsx). The scroll: every animation frame, the list's scroller jumps to
// its bottom, until all rows are rendered and nothing more is offered; then one more frame is
// produced. That is scrolling as fast as the list can follow: each page of rows is loaded as soon
// as the previous one is laid out, so the time is the list's own cost; the long tasks are the
// renders that hold the main thread for over 50 ms (how fast one scrolls does not change a
// render's length, only how many renders one sees).
import { SHOW_MORE, type PopupBench } from './popup-bench';
import { popupSizedTab } from './on-screen';

export interface LongTask {
  startMs: number;
  durationMs: number;
}

export interface ScrollRun {
  /** Scroll start to the frame showing the last row. */
  scrollMs: number;
  rows: number;
  /** Elements in the popup's document once the last row is on screen. */
  elementsAtEnd: number;
  /** Long tasks that started during the scroll. */
  longTasks: LongTask[];
  /** Long tasks from the switch to "All recent" (before the scroll). */
  switchLongTasks: LongTask[];
}

interface LongTaskWindow {
  __benchLongTasks: LongTask[];
}

function recordLongTasks(): void {
  const tasks: LongTask[] = [];
  (window as unknown as LongTaskWindow).__benchLongTasks = tasks;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      tasks.push({ startMs: entry.startTime, durationMs: entry.duration });
    }
  }).observe({ type: 'longtask', buffered: true });
}

/** In the popup: scrolls to the end as described above; page times of start and end. */
async function scrollToEnd(
  expected: number,
): Promise<{ start: number; end: number; rows: number; elements: number }> {
  const scroller = document.querySelector<HTMLElement>('.scroller');
  const list = document.querySelector<HTMLElement>('[data-mention-list]');
  if (!scroller || !list) throw new Error('no .scroller or mention list in the popup');
  const frame = () =>
    new Promise<void>((resolve) =>
      requestAnimationFrame(() => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => resolve();
        channel.port2.postMessage(null);
      }),
    );
  const start = performance.now();
  for (;;) {
    scroller.scrollTop = scroller.scrollHeight;
    await frame();
    // The place of the last row rendered (pages far from view hold no rows, so rows are not
    // counted): one element read per frame, so the benchmark adds no load of its own.
    const last = list.lastElementChild?.lastElementChild;
    const rows = Number(last?.getAttribute('aria-posinset') ?? 0);
    if (rows >= expected && !document.querySelector('.show-more')) {
      await frame();
      const end = performance.now();
      return { start, end, rows, elements: document.getElementsByTagName('*').length };
    }
    if (performance.now() - start > 600_000) throw new Error(`stuck at ${rows} rows`);
  }
}

const tasksBetween = (tasks: LongTask[], from: number, to: number) =>
  tasks.filter((t) => t.startMs >= from && t.startMs <= to);

/** A fresh popup with `stored` mentions: switch to "All recent", scroll to the last row. */
export async function scrollAllToEnd(bench: PopupBench, stored: number): Promise<ScrollRun> {
  const popup = await popupSizedTab(bench.browser);
  try {
    await popup.addInitScript(recordLongTasks);
    await popup.goto(`chrome-extension://${bench.browser.extensionId}/popup.html`);
    await popup.locator(SHOW_MORE).waitFor({ timeout: 30_000 });
    const switchAt = await popup.evaluate(() => performance.now());
    await popup.getByRole('button', { name: 'All recent', pressed: false }).click();
    await popup.getByRole('button', { name: 'All recent', pressed: true }).waitFor();
    await popup.locator(SHOW_MORE).waitFor();
    // Quiet before the scroll, so what is counted is the scroll's.
    await popup.waitForTimeout(500);
    const { start, end, rows, elements } = await popup.evaluate(scrollToEnd, stored);
    const tasks = await popup.evaluate(
      () => (window as unknown as LongTaskWindow).__benchLongTasks,
    );
    return {
      scrollMs: end - start,
      rows,
      elementsAtEnd: elements,
      longTasks: tasksBetween(tasks, start, end),
      switchLongTasks: tasksBetween(tasks, switchAt, start),
    };
  } finally {
    await popup.close();
  }
}
