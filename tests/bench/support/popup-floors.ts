// The floors of the popup's first paint in the bench build (floor-pages.ts): the first-screen floor
// captured from the real popup at each size, and the storage floors, each timed as the popup is.
import { FLOOR_DONE, STORAGE_FLOOR_PAGE, STYLED_FLOOR_PAGE } from './floor-pages';
import { popupSizedTab, timeOnScreen, type OnScreen } from './on-screen';
import { POPUP_PAGE, type PopupBench } from './popup-bench';

/**
 * The popup's first screen as its first frame shows it: the markup of its root the moment
 * `selector` (its first row, or its empty state) is in the document (a mutation observer installed
 * before the page's scripts).
 */
export async function captureFirstScreen(bench: PopupBench, selector: string): Promise<string> {
  const tab = await popupSizedTab(bench.browser);
  try {
    await tab.addInitScript((selector: string) => {
      const found = new MutationObserver(() => {
        if (!document.querySelector(selector)) return;
        found.disconnect();
        (window as unknown as { __firstScreen: string }).__firstScreen = document
          .getElementById('app')!
          .getHTML();
      });
      found.observe(document, { childList: true, subtree: true, attributes: true });
    }, selector);
    await tab.goto(`chrome-extension://${bench.browser.extensionId}/${POPUP_PAGE}`);
    const captured = await tab.waitForFunction(
      () => (window as unknown as { __firstScreen?: string }).__firstScreen,
    );
    return (await captured.jsonValue()) as string;
  } finally {
    await tab.close();
  }
}

/** A floor page timed to `done` on screen, after checking it read the store (`line` shown). */
export function timeFloor(
  bench: PopupBench,
  page: string,
  done: string,
  line: string,
): Promise<OnScreen> {
  return timeOnScreen(bench.browser, page, done, async (tab) => {
    await tab.getByText(line, { exact: true }).waitFor({ timeout: 10_000 });
  });
}

/** The one-line storage floors: what reading storage alone costs any popup, and with its styles. */
export const STORAGE_FLOORS = [
  { page: STORAGE_FLOOR_PAGE, what: 'reads storage, writes one line', done: FLOOR_DONE },
  { page: STYLED_FLOOR_PAGE, what: 'the same with the popup stylesheet', done: FLOOR_DONE },
];
