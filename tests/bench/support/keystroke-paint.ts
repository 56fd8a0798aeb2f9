// "From a keystroke to its results painted", measured inside the page on its own clock, one
// keystroke at a time as a person types into a search box:
//   - start: the keydown's event.timeStamp (when the browser took the key in, before any of the
//     page's handlers; Chromium's clock for input events is performance.now()'s);
//   - end: the task posted from the first animation frame after the last change of the page's DOM
//     that the keystroke caused (a MutationObserver over the body, the charts' region left out:
//     they redraw after the list, on their own), i.e. the frame that shows the settled results has
//     been produced. A keystroke that changes nothing on screen (a trailing space) ends at the
//     frame after its input event.
// "Settled": no relevant change for QUIET_MS, and every change's frame produced. The next key is
// pressed only then, so each figure is one keystroke's own cost, not a queue of them.
import type { Page } from 'playwright-core';

/** No change of the list's DOM for this long: the keystroke's work is over. */
const QUIET_MS = 250;
const SETTLE_TIMEOUT_MS = 10_000;

export interface Keystroke {
  /** What the box held after the key. */
  query: string;
  /** keydown to the frame after the last DOM change of the list (the figure). */
  paintedMs: number;
  /** keydown to the last DOM change (the work done, before style, layout and paint). */
  domMs: number;
  /** Changed nodes (mutation records) the keystroke caused. */
  mutations: number;
}

interface Batch {
  at: number;
  records: number;
  paintedAt: number | null;
}

interface KeystrokeProbe {
  start: number | null;
  inputPaintedAt: number | null;
  batches: Batch[];
}

interface ProbeWindow {
  __keystroke: KeystrokeProbe;
}

/**
 * Installs the probe in a loaded page. `ignore`: a selector of regions whose changes are not the
 * results' (the charts).
 */
export async function installKeystrokeProbe(page: Page, ignore: string): Promise<void> {
  await page.evaluate((ignore: string) => {
    const probe: KeystrokeProbe = { start: null, inputPaintedAt: null, batches: [] };
    (window as unknown as ProbeWindow).__keystroke = probe;
    const afterFrame = (done: (at: number) => void) =>
      requestAnimationFrame(() => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => done(performance.now());
        channel.port2.postMessage(null);
      });
    addEventListener(
      'keydown',
      (event) => {
        probe.start = event.timeStamp;
        probe.inputPaintedAt = null;
        probe.batches = [];
      },
      true,
    );
    // Capture phase on the window: before the page's own input handler renders.
    addEventListener('input', () => afterFrame((at) => void (probe.inputPaintedAt = at)), true);
    const relevant = (record: MutationRecord) => {
      const node = record.target;
      const element = node instanceof Element ? node : node.parentElement;
      return !element?.closest(ignore);
    };
    new MutationObserver((records) => {
      if (probe.start === null) return;
      const count = records.filter(relevant).length;
      if (count === 0) return;
      const batch: Batch = { at: performance.now(), records: count, paintedAt: null };
      probe.batches.push(batch);
      afterFrame((at) => void (batch.paintedAt = at));
    }).observe(document.body, {
      childList: true,
      subtree: true,
      characterData: true,
      attributes: true,
    });
  }, ignore);
}

/** Waits in the page until the keystroke's changes have settled and been painted. */
async function settled(page: Page): Promise<Omit<Keystroke, 'query'>> {
  return page.evaluate(
    async ({ quietMs, timeoutMs }) => {
      const probe = (window as unknown as ProbeWindow).__keystroke;
      const began = performance.now();
      const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
      for (;;) {
        if (performance.now() - began > timeoutMs) throw new Error('the keystroke never settled');
        const last = probe.batches.at(-1);
        const lastChange = last?.at ?? probe.start ?? 0;
        const painted =
          probe.inputPaintedAt !== null && probe.batches.every((b) => b.paintedAt !== null);
        if (painted && performance.now() - lastChange >= quietMs) {
          const start = probe.start!;
          const end = Math.max(probe.inputPaintedAt!, last?.paintedAt ?? 0);
          return {
            paintedMs: end - start,
            domMs: (last?.at ?? start) - start,
            mutations: probe.batches.reduce((sum, b) => sum + b.records, 0),
          };
        }
        await sleep(20);
      }
    },
    { quietMs: QUIET_MS, timeoutMs: SETTLE_TIMEOUT_MS },
  );
}

/**
 * Types `text` into the focused box one character at a time, each timed to its results painted.
 * The box is emptied first (selected, then Backspace: that keystroke is timed too, when the box
 * held something).
 */
export async function typeTimed(page: Page, box: string, text: string): Promise<Keystroke[]> {
  const times: Keystroke[] = [];
  const value = () => page.locator(box).inputValue();
  await page.locator(box).focus();
  if ((await value()) !== '') {
    await page.locator(box).selectText();
    await page.keyboard.press('Backspace');
    times.push({ query: '', ...(await settled(page)) });
  }
  for (const char of text) {
    await page.keyboard.type(char);
    times.push({ query: await value(), ...(await settled(page)) });
  }
  if ((await value()) !== text) throw new Error(`the box holds "${await value()}", not "${text}"`);
  return times;
}
