// After the first paint: when a page stops changing, and what its first second cost. Measured in the
// page on its own clock (performance.now(), 0 at navigation start), by a probe installed before the
// page's scripts (an init script, like on-screen.ts's):
//   - settled: every DOM change (child lists, attributes, text) is noted; a task posted from the
//     animation frame after a change (on-screen.ts's afterFrame) runs once the frame that shows it
//     has been produced. The time of that task for the last change seen in the window (until
//     WINDOW_MS after the element is on screen, and at least the first second) is the page's
//     settled time;
//   - settled on screen: the same for the last change a reader could see. In each of those tasks
//     from the element's frame on, the probe notes what the frame shows: every element inside the
//     window and the scroll boxes that clip it (the part of its box shown, its own text), and each
//     scroll box's thumb (length and place, to the pixel). A change that leaves all of it as it
//     was (rows added below the fold, a store read that changes nothing) is no change on screen;
//   - long tasks (PerformanceObserver 'longtask': tasks over 50 ms) and long animation frames
//     ('long-animation-frame', Chromium: frames whose work took over 50 ms) starting in the first
//     second;
//   - layout shift: the sum of 'layout-shift' entries (not caused by input) after the element was
//     on screen: what moved of what the first paint showed.
import type { Page } from 'playwright-core';
import type { ExtensionBrowser } from '../../e2e/support/chromium';
import {
  onScreenTimes,
  probedTab,
  type AfterFrameWindow,
  type OnScreen,
  type Viewport,
} from './on-screen';

/** How long after the first row on screen the probe keeps watching for changes. */
export const WINDOW_MS = 1_500;
/** Long tasks and frames are counted when they start within this much of navigation start. */
export const FIRST_SECOND_MS = 1_000;

export interface Settled extends OnScreen {
  /** The frame after the page's last DOM change in the window has been produced. */
  settledMs: number;
  /**
   * The frame after the last change to what the window shows has been produced (the element's
   * own frame when nothing on screen changed after it).
   */
  settledOnScreenMs: number;
  /** The last DOM change in the window. */
  lastChangeMs: number;
  /** Durations of the long tasks (over 50 ms) that started in the first second. */
  longTasks: number[];
  /** Durations of the long animation frames (over 50 ms) that started in the first second. */
  longFrames: number[];
  /** Sum of the layout shifts (not input-caused) after the element was on screen. */
  layoutShift: number;
}

interface SettleWindow {
  __benchShownOnScreen: () => string;
  __benchSettle: {
    changes: number;
    lastChangeMs: number;
    /** Per change batch: the time its frame was produced. */
    painted: Map<number, number>;
    /** The element is in the document. */
    shown: boolean;
    /** What the last frame since the element's showed (null before the element's frame). */
    screen: string | null;
    /** The frame that last changed what is shown (the element's frame at first). */
    screenChangedMs: number;
    longTasks: { start: number; duration: number }[];
    longFrames: { start: number; duration: number }[];
    shifts: { start: number; value: number }[];
  };
}

/**
 * What the window shows, as text: each element with a box inside the window and the scroll boxes
 * around it (the part of its box shown, to the pixel; its class; its own text), and each scroll
 * box's thumb. Runs in the page.
 */
function shownOnScreen(): string {
  const shown: string[] = [];
  type Clip = { top: number; left: number; bottom: number; right: number };
  const visit = (element: Element, clip: Clip) => {
    // Inside content the browser skips (content-visibility, out of view), nothing is shown; asking
    // for its boxes would make the browser lay it out.
    if (!element.checkVisibility({ contentVisibilityAuto: true })) return;
    const box = element.getBoundingClientRect();
    const inside: Clip = {
      top: Math.max(box.top, clip.top),
      left: Math.max(box.left, clip.left),
      bottom: Math.min(box.bottom, clip.bottom),
      right: Math.min(box.right, clip.right),
    };
    const visible =
      inside.bottom > inside.top &&
      inside.right > inside.left &&
      element.checkVisibility({ opacityProperty: true, visibilityProperty: true });
    if (visible) {
      const text = [...element.childNodes]
        .filter((node) => node.nodeType === Node.TEXT_NODE)
        .map((node) => node.textContent)
        .join('');
      const { top, left, bottom, right } = inside;
      const at = [left, top, right, bottom].map(Math.round).join(',');
      shown.push(`${element.localName}.${element.getAttribute('class') ?? ''} ${at} ${text}`);
    }
    let within = clip;
    const overflows =
      element.scrollHeight > element.clientHeight || element.scrollWidth > element.clientWidth;
    if (overflows && getComputedStyle(element).overflow !== 'visible') {
      within = inside;
      if (visible && element.scrollHeight > element.clientHeight) {
        const { clientHeight: view, scrollHeight: all, scrollTop } = element;
        shown.push(
          `thumb ${Math.round((view * view) / all)} at ${Math.round((scrollTop * view) / all)}`,
        );
      }
    }
    for (const child of element.children) visit(child, within);
  };
  visit(document.documentElement, { top: 0, left: 0, bottom: innerHeight, right: innerWidth });
  return shown.join('\n');
}

/** Runs in the page before its own scripts; `selector` is the element timed on screen. */
function installSettleProbe(selector: string): void {
  const { __benchShownOnScreen: onScreen } = window as unknown as SettleWindow;
  const probe: SettleWindow['__benchSettle'] = {
    changes: 0,
    lastChangeMs: 0,
    painted: new Map(),
    shown: false,
    screen: null,
    screenChangedMs: 0,
    longTasks: [],
    longFrames: [],
    shifts: [],
  };
  (window as unknown as SettleWindow).__benchSettle = probe;
  new MutationObserver(() => {
    const batch = ++probe.changes;
    probe.lastChangeMs = performance.now();
    // From the change that puts the element in on, each frame's screen is compared with the last.
    const shown = (probe.shown ||= document.querySelector(selector) !== null);
    (window as unknown as AfterFrameWindow).__benchAfterFrame(() => {
      const at = performance.now();
      probe.painted.set(batch, at);
      if (!shown) return;
      const screen = onScreen();
      if (screen === probe.screen) return;
      probe.screen = screen;
      probe.screenChangedMs = at;
    });
  }).observe(document, { childList: true, subtree: true, attributes: true, characterData: true });
  const observe = (type: string, seen: (entry: PerformanceEntry) => void) => {
    try {
      new PerformanceObserver((list) => list.getEntries().forEach(seen)).observe({
        type,
        buffered: true,
      });
    } catch {
      // An entry type this browser does not have: nothing to count.
    }
  };
  observe('longtask', (e) => probe.longTasks.push({ start: e.startTime, duration: e.duration }));
  observe('long-animation-frame', (e) =>
    probe.longFrames.push({ start: e.startTime, duration: e.duration }),
  );
  observe('layout-shift', (e) => {
    const shift = e as PerformanceEntry & { value: number; hadRecentInput: boolean };
    if (!shift.hadRecentInput) probe.shifts.push({ start: shift.startTime, value: shift.value });
  });
}

/** Waits out the window after `onScreenMs`, then reads the probe. */
async function readSettle(page: Page, onScreenMs: number): Promise<Omit<Settled, keyof OnScreen>> {
  return page.evaluate(
    async ({ onScreenMs, windowMs, firstSecondMs }) => {
      const until = Math.max(onScreenMs + windowMs, firstSecondMs);
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, until - performance.now())));
      const probe = (window as unknown as SettleWindow).__benchSettle;
      // The last change's frame: wait for it if it is still being produced.
      const last = probe.changes;
      while (!probe.painted.has(last)) await new Promise((resolve) => setTimeout(resolve, 16));
      const inFirstSecond = (entries: { start: number; duration: number }[]) =>
        entries.filter((e) => e.start < firstSecondMs && e.duration > 50).map((e) => e.duration);
      return {
        settledMs: probe.painted.get(last)!,
        settledOnScreenMs: probe.screenChangedMs,
        lastChangeMs: probe.lastChangeMs,
        longTasks: inFirstSecond(probe.longTasks),
        longFrames: inFirstSecond(probe.longFrames),
        layoutShift: probe.shifts
          .filter((s) => s.start > onScreenMs)
          .reduce((sum, s) => sum + s.value, 0),
      };
    },
    { onScreenMs, windowMs: WINDOW_MS, firstSecondMs: FIRST_SECOND_MS },
  );
}

/**
 * Opens `path` in a fresh popup-sized tab, times `selector` on screen (on-screen.ts), then watches
 * the page settle; `check` runs before the tab closes.
 */
export async function timeSettled(
  browser: ExtensionBrowser,
  path: string,
  selector: string,
  check?: (page: Page) => Promise<void>,
  size?: Viewport,
): Promise<Settled> {
  const page = await probedTab(browser, selector, size);
  try {
    await page.addInitScript(`globalThis.__benchShownOnScreen = ${shownOnScreen.toString()};`);
    await page.addInitScript(installSettleProbe, selector);
    await page.goto(`chrome-extension://${browser.extensionId}/${path}`);
    const times = await onScreenTimes(page);
    const settle = await readSettle(page, times.onScreenMs);
    await check?.(page);
    return { ...times, ...settle };
  } finally {
    await page.close();
  }
}
