// "Monitor this site" in Chromium: the toolbar popup opened over a real page the way a click on the
// toolbar button opens it, which is what grants `activeTab` (the popup then reads the tab's address
// and title without the `tabs` permission).
//
// The click is support/chromium.ts's openActionPopup (DevTools' Extensions.triggerAction), for which
// Chromium grants activeTab as for a person's click: the e2e build needs no extra host permission.
import type { Page } from 'playwright-core';
import type { Page as PuppeteerPage } from 'puppeteer-core';
import { axeViolationsWith, type AxeViolation } from './axe';
import type { ExtensionBrowser } from './chromium';
import { POPUP_SIZE } from './popup';

/**
 * Clicks the toolbar button for `tab` (made the active tab first) and returns the popup it opens,
 * painted from storage. `activeTab` is granted for the tab, as for a person's click.
 */
export async function clickToolbarButton(
  browser: ExtensionBrowser,
  tab: Page,
): Promise<PuppeteerPage> {
  const popup = await browser.openActionPopup(tab);
  await popup.waitForSelector('main:not([aria-busy])');
  return popup;
}

/** axe-core in a puppeteer page (the popup). */
export function axeViolationsIn(page: PuppeteerPage): Promise<AxeViolation[]> {
  return axeViolationsWith((script) => page.evaluate(script));
}

/**
 * A picture of the popup as a person sees it: headless Chromium gives the popup a 430x510 window
 * (and ignores a viewport override), a real one sizes to the body, 400x600. So the document is
 * scrolled back to the top (focus may have scrolled that small window) and the body's frame is
 * captured.
 */
export async function popupScreenshot(popup: PuppeteerPage, path: string): Promise<void> {
  await popup.evaluate(() => document.scrollingElement?.scrollTo(0, 0));
  await popup.screenshot({
    path: path as `${string}.png`,
    clip: { x: 0, y: 0, ...POPUP_SIZE },
    captureBeyondViewport: true,
  });
}

/** The text of the popup's site line: [host, detail]. */
export async function siteLineText(popup: PuppeteerPage): Promise<[string, string]> {
  const [host, detail] = await popup.$eval('.site', (line) => [
    line.querySelector('.site__host')?.textContent ?? '',
    line.querySelector('.site__detail')?.textContent ?? '',
  ]);
  return [host, detail];
}

/** Waits until the site line's detail reads `text` (a string: it starts with it). */
export async function waitForSiteDetail(popup: PuppeteerPage, text: string): Promise<void> {
  await popup.waitForFunction(
    (expected) => document.querySelector('.site__detail')?.textContent?.startsWith(expected),
    { timeout: 10_000 },
    text,
  );
}
