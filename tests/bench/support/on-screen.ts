// "On screen", measured inside the page on its own clock: performance.now() is 0 at navigation
// start (performance.timeOrigin). A MutationObserver, installed before any of the page's scripts
// run, notes when the element first matches; the frame that paints it is the next animation
// frame, and a task posted from that frame's requestAnimationFrame callback runs once the frame has
// been produced. That task's time is the figure: navigation start to the element on screen.
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
}

interface ProbeWindow {
  __benchOnScreen: Promise<{ inDomMs: number; onScreenMs: number }>;
}

/** Runs in the page before its own scripts (an init script), so it sees the first insertion. */
function installProbe(selector: string): void {
  (window as unknown as ProbeWindow).__benchOnScreen = new Promise((resolve) => {
    let seen = false;
    const check = () => {
      if (seen || !document.querySelector(selector)) return;
      seen = true;
      observer.disconnect();
      // Marks as well, so a DevTools trace of the page shows the two moments.
      const inDomMs = performance.mark('bench:in-dom').startTime;
      requestAnimationFrame(() => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () =>
          resolve({ inDomMs, onScreenMs: performance.mark('bench:on-screen').startTime });
        channel.port2.postMessage(null);
      });
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
  await page.addInitScript(installProbe, selector);
  return page;
}

/** What the probe of a navigated tab saw (waits until the element is on screen). */
export async function onScreenTimes(page: Page, timeoutMs = 30_000): Promise<OnScreen> {
  const probe = page.evaluate(async () => {
    const seen = await (window as unknown as ProbeWindow).__benchOnScreen;
    const [nav] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
    return { ...seen, domContentLoadedMs: nav?.domContentLoadedEventEnd ?? Number.NaN };
  });
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
