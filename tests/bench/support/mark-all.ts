// One "mark all read" in the popup, timed from the click to both results a person sees:
//   - the toolbar badge cleared: polled every few ms from the quiet extension page
//     (chrome.action.getBadgeText returns '' at 0 unread: lib/badge/badge-state.ts);
//   - the list updated: the popup shows no unread row and its caught-up state, on screen (a task
//     after the next animation frame, as in on-screen.ts).
// The click's time is the click event's timeStamp. All three are turned into epoch times
// (performance.timeOrigin + page time), so the two pages' clocks compare. Afterwards the popup's
// own Undo puts the mentions back to unread for the next run.
import type { Page } from 'playwright-core';
import type { PopupBench } from './popup-bench';
import { SHOW_MORE, unreadText } from './popup-bench';

export interface MarkAllTimes {
  /** Click to the badge read as cleared. */
  badgeMs: number;
  /** Click to the caught-up list on screen. */
  listMs: number;
  /** Click to both. */
  bothMs: number;
}

interface WatchWindow {
  __benchMarkAll: Promise<{ clickEpoch: number; listEpoch: number }>;
  __benchBadge: Promise<number>;
}

/** In the popup: the click's time, then the caught-up list on screen. */
function watchList(): void {
  (window as unknown as WatchWindow).__benchMarkAll = new Promise((resolve) => {
    let clickAt: number | null = null;
    const epoch = (t: number) => performance.timeOrigin + t;
    document.addEventListener(
      'click',
      (event) => {
        if (clickAt === null) clickAt = event.timeStamp;
      },
      { capture: true },
    );
    const check = () => {
      if (clickAt === null || document.querySelector('.mention--unread')) return;
      if (!document.querySelector('main section.empty')) return;
      observer.disconnect();
      const clickEpoch = epoch(clickAt);
      requestAnimationFrame(() => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () =>
          resolve({ clickEpoch, listEpoch: epoch(performance.now()) });
        channel.port2.postMessage(null);
      });
    };
    const observer = new MutationObserver(check);
    observer.observe(document.body, { childList: true, subtree: true, attributes: true });
  });
}

/** In the quiet page: polls the badge until it reads '', after checking it is not '' now. */
async function watchBadge(pollMs: number): Promise<string> {
  const first = await chrome.action.getBadgeText({});
  (window as unknown as WatchWindow).__benchBadge = (async () => {
    for (;;) {
      if ((await chrome.action.getBadgeText({})) === '') {
        return performance.timeOrigin + performance.now();
      }
      await new Promise((resolve) => setTimeout(resolve, pollMs));
    }
  })();
  return first;
}

async function within<T>(what: string, ms: number, work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: nothing after ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

async function restoreUnread(bench: PopupBench, popup: Page, stored: number): Promise<void> {
  await popup.getByRole('button', { name: 'Undo' }).click();
  await popup.getByText(unreadText(stored), { exact: true }).waitFor({ timeout: 60_000 });
  const deadline = Date.now() + 60_000;
  while ((await bench.ext.settledBadge(300)).text === '') {
    if (Date.now() > deadline) throw new Error('Undo did not bring the badge back');
  }
}

/** Opens a popup holding `stored` unread, times one "mark all read", undoes it, closes it. */
export async function timeMarkAllRead(bench: PopupBench, stored: number): Promise<MarkAllTimes> {
  const popup = await bench.openPopup();
  try {
    // Only once the whole store is read does the click mark everything at once.
    await popup.locator(SHOW_MORE).waitFor({ timeout: 30_000 });
    await popup.getByText(unreadText(stored), { exact: true }).waitFor();
    await popup.evaluate(watchList);
    const before = await bench.ext.page.evaluate(watchBadge, 4);
    if (before === '') throw new Error('the badge is clear before the click');
    await popup.getByRole('button', { name: 'Mark all read' }).click();
    const list = await within(
      'caught-up list',
      60_000,
      popup.evaluate(() => (window as unknown as WatchWindow).__benchMarkAll),
    );
    const badgeEpoch = await within(
      'badge cleared',
      60_000,
      bench.ext.page.evaluate(() => (window as unknown as WatchWindow).__benchBadge),
    );
    await restoreUnread(bench, popup, stored);
    const badgeMs = badgeEpoch - list.clickEpoch;
    const listMs = list.listEpoch - list.clickEpoch;
    return { badgeMs, listMs, bothMs: Math.max(badgeMs, listMs) };
  } finally {
    await popup.close();
  }
}
