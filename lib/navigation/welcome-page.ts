// Where the welcome (setup) page is, and the way every place opens it: the background on a first
// install, the popup's "Set up" state.
import { browser } from 'wxt/browser';

export const WELCOME_PAGE_PATH = '/welcome.html';

export async function openWelcomePage(): Promise<void> {
  await browser.tabs.create({ url: browser.runtime.getURL(WELCOME_PAGE_PATH) });
}
