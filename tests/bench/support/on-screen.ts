// "On screen", measured inside the page on its own clock: performance.now() is 0 at navigation
// start (performance.timeOrigin). A MutationObserver, installed before any of the page's scripts
// run, notes when the element first matches; the frame that paints it is the next animation
// frame, and a task posted from that frame's requestAnimationFrame callback runs once the frame has
// been produced. That task's time is the figure: navigation start to the element on screen. It is
// posted at the scheduler's 'user-blocking' priority (afterFrame below): a plain task would run
// after whatever the page's own callbacks of that frame posted, and count that work, done once the
// frame was out, as the element's time to the screen. The probe also notes the long animation
// frames (Chromium's 'long-animation-frame' entries, frames whose work took over 50 ms) that
// started before that moment: the page stalled before it showed.
import type { Page } from 'playwright-core';
import type { ExtensionBrowser } from '../../e2e/support/chromium';

/** The size of the toolbar popup, so the popup lays out as it does in its bubble. */
export const POPUP_SIZE = { width: 400, height: 600 };

export interface Viewport {
  width: number;
  height: number;
}

/** The performance.mark the probe sets when the element is on screen (the same literal in it). */
export const ON_SCREEN_MARK = 'bench:on-screen';

export interface OnScreen {
  /** The element first matched (DOM inserted, not painted yet). */
  inDomMs: number;
  /** The frame that shows it has been produced: the figure. */
  onScreenMs: number;
  /** DOMContentLoaded ended: the page's module scripts have run (their first render included). */
  domContentLoadedMs: number;
  /** Durations of the long animation frames (over 50 ms) that started before `onScreenMs`. */
  longFramesBefore: number[];
}

/** What the page reports of a long frame after it has been produced: a little later than it. */
const FRAME_REPORT_MS = 100;

interface ProbeWindow {
  __benchOnScreen: Promise<{ inDomMs: number; onScreenMs: number }>;
  __benchFrames: { start: number; duration: number }[];
}

interface PostTask {
  scheduler?: { postTask(task: () => void, options: { priority: 'user-blocking' }): unknown };
}

/**
 * Runs `done` in a task after the next frame has been produced: a task posted from the frame's
 * animation callbacks, ahead of the page's own tasks (the scheduler's highest priority; a
 * MessageChannel task where there is no scheduler). Self-contained: the probes' init scripts,
 * which run in the page, carry a copy of it (installAfterFrame).
 */
function afterFrame(done: () => void): void {
  requestAnimationFrame(() => {
    const { scheduler } = globalThis as PostTask;
    if (scheduler) {
      scheduler.postTask(done, { priority: 'user-blocking' });
      return;
    }
    const channel = new MessageChannel();
    channel.port1.onmessage = done;
    channel.port2.postMessage(null);
  });
}

/** Puts afterFrame in the page as `__benchAfterFrame`, before its scripts (probes call it). */
export async function installAfterFrame(page: Page): Promise<void> {
  await page.addInitScript(`globalThis.__benchAfterFrame = ${afterFrame.toString()};`);
}

/** The page's afterFrame, for functions that run in the page. */
export interface AfterFrameWindow {
  __benchAfterFrame: (done: () => void) => void;
}

/** Runs in the page before its own scripts (an init script), so it sees the first insertion. */
function installProbe(selector: string): void {
  const frames: ProbeWindow['__benchFrames'] = [];
  (window as unknown as ProbeWindow).__benchFrames = frames;
  try {
    new PerformanceObserver((list) =>
      list.getEntries().forEach((e) => frames.push({ start: e.startTime, duration: e.duration })),
    ).observe({ type: 'long-animation-frame', buffered: true });
  } catch {
    // A browser without the entry type: no long frame to count.
  }
  (window as unknown as ProbeWindow).__benchOnScreen = new Promise((resolve) => {
    let seen = false;
    const check = () => {
      if (seen || !document.querySelector(selector)) return;
      seen = true;
      observer.disconnect();
      // Marks as well, so a DevTools trace of the page shows the two moments.
      const inDomMs = performance.mark('bench:in-dom').startTime;
      (window as unknown as AfterFrameWindow).__benchAfterFrame(() =>
        resolve({ inDomMs, onScreenMs: performance.mark('bench:on-screen').startTime }),
      );
    };
    const observer = new MutationObserver(check);
    observer.observe(document, { childList: true, subtree: true, attributes: true });
    check();
  });
}

/**
 * tsx compiles this file with esbuild's keepNames, which wraps named inner functions in a
 * `__name(fn, "name")` helper; functions sent to a page carry the call but not the helper. Pages
 * that run our functions get a stand-in first.
 */
export async function allowNamedFunctions(page: Page): Promise<void> {
  await page.addInitScript({ content: 'globalThis.__name ??= (fn) => fn;' });
}

/**
 * A fresh tab of the popup's size (or `size`: a full-tab page is timed at its own), not yet
 * navigated, ready for our in-page functions.
 */
export async function popupSizedTab(
  browser: ExtensionBrowser,
  size: Viewport = POPUP_SIZE,
): Promise<Page> {
  const page = await browser.context.newPage();
  await page.setViewportSize(size);
  await allowNamedFunctions(page);
  return page;
}

/** A fresh popup-sized tab (or `size`) with the probe for `selector` installed, not yet navigated. */
export async function probedTab(
  browser: ExtensionBrowser,
  selector: string,
  size: Viewport = POPUP_SIZE,
): Promise<Page> {
  const page = await popupSizedTab(browser, size);
  await installAfterFrame(page);
  await page.addInitScript(installProbe, selector);
  return page;
}

/** What the probe of a navigated tab saw (waits until the element is on screen). */
export async function onScreenTimes(page: Page, timeoutMs = 30_000): Promise<OnScreen> {
  const probe = page.evaluate(async (reportMs) => {
    const probe = window as unknown as ProbeWindow;
    const seen = await probe.__benchOnScreen;
    const [nav] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
    await new Promise((resolve) => setTimeout(resolve, reportMs));
    const longFramesBefore = probe.__benchFrames
      .filter((f) => f.start < seen.onScreenMs && f.duration > 50)
      .map((f) => f.duration);
    return {
      ...seen,
      domContentLoadedMs: nav?.domContentLoadedEventEnd ?? Number.NaN,
      longFramesBefore,
    };
  }, FRAME_REPORT_MS);
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`not on screen in ${timeoutMs} ms`)), timeoutMs);
  });
  try {
    return await Promise.race([probe, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Opens the extension page `path` in a fresh tab (popup-sized, or `size`) and times `selector` on
 * screen; closes the tab. `check` runs on the page before it closes (to confirm it showed what the
 * figure claims).
 */
export async function timeOnScreen(
  browser: ExtensionBrowser,
  path: string,
  selector: string,
  check?: (page: Page) => Promise<void>,
  size: Viewport = POPUP_SIZE,
): Promise<OnScreen> {
  const page = await probedTab(browser, selector, size);
  try {
    await page.goto(`chrome-extension://${browser.extensionId}/${path}`);
    const times = await onScreenTimes(page);
    await check?.(page);
    return times;
  } finally {
    await page.close();
  }
}
