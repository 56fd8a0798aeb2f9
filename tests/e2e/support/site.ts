// "Monitor this site" in Chromium: the toolbar popup opened over a real page the way a click on the
// toolbar button opens it, which is what grants `activeTab` (the popup then reads the tab's address
// and title without the `tabs` permission).
//
// chrome.action.openPopup() (support/chromium.ts, openActionPopup) opens the same popup but grants
// nothing: tabs.query there returns the active tab without url or title. The DevTools protocol's
// Extensions.triggerAction is the toolbar click itself (puppeteer: page.triggerExtensionAction), and
// Chromium grants activeTab for it as for a click, so the e2e build needs no extra host permission.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Page } from 'playwright-core';
import puppeteer, {
  type Browser as PuppeteerBrowser,
  type Page as PuppeteerPage,
} from 'puppeteer-core';
import type { AxeViolation } from './axe';
import type { ExtensionBrowser } from './chromium';
import { POPUP_SIZE } from './popup';

const clients = new WeakMap<ExtensionBrowser, Promise<PuppeteerBrowser>>();

/** The DevTools port of the running browser, from the profile chrome://version names. */
async function devToolsPort(browser: ExtensionBrowser): Promise<string> {
  const page = await browser.context.newPage();
  try {
    await page.goto('chrome://version');
    const profile = (await page.locator('#profile_path').textContent())?.trim();
    if (!profile) throw new Error('chrome://version shows no profile path');
    // The profile is <user data dir>/Default; Chromium writes the port into the user data dir.
    return readFileSync(join(dirname(profile), 'DevToolsActivePort'), 'utf8').split('\n')[0];
  } finally {
    await page.close();
  }
}

/** Puppeteer on the same browser (Playwright does not attach to action popups). */
export function puppeteerClient(browser: ExtensionBrowser): Promise<PuppeteerBrowser> {
  let client = clients.get(browser);
  if (!client) {
    client = devToolsPort(browser).then((port) =>
      puppeteer.connect({ browserURL: `http://127.0.0.1:${port}`, defaultViewport: null }),
    );
    clients.set(browser, client);
  }
  return client;
}

/** The puppeteer page of a Playwright tab: marked through window.name, which only it carries. */
async function samePage(client: PuppeteerBrowser, tab: Page): Promise<PuppeteerPage> {
  const mark = `mm-site-${Date.now()}-${Math.random()}`;
  await tab.evaluate((name) => (window.name = name), mark);
  for (const page of await client.pages()) {
    const name = await page.evaluate(() => window.name).catch(() => '');
    if (name === mark) return page;
  }
  throw new Error(`No DevTools page for ${tab.url()}`);
}

/**
 * Clicks the toolbar button for `tab` (made the active tab first) and returns the popup it opens,
 * painted from storage. `activeTab` is granted for the tab, as for a person's click.
 */
export async function clickToolbarButton(
  browser: ExtensionBrowser,
  tab: Page,
): Promise<PuppeteerPage> {
  const client = await puppeteerClient(browser);
  await tab.bringToFront();
  const page = await samePage(client, tab);
  const extension = (await client.extensions()).get(browser.extensionId);
  if (!extension) throw new Error('The extension is not loaded');
  const popupUrl = `chrome-extension://${browser.extensionId}/popup.html`;
  const appeared = client.waitForTarget((t) => t.url() === popupUrl && t.type() === 'page', {
    timeout: 10_000,
  });
  await page.triggerExtensionAction(extension);
  const popup = await (await appeared).asPage();
  await popup.waitForSelector('main:not([aria-busy])');
  return popup;
}

export async function disconnectPuppeteer(browser: ExtensionBrowser): Promise<void> {
  const client = clients.get(browser);
  clients.delete(browser);
  await (await client?.catch(() => undefined))?.disconnect();
}

const axeSource = readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
);

/** axe-core in a puppeteer page (the popup), evaluated in it as support/axe.ts does. */
export async function axeViolationsIn(page: PuppeteerPage): Promise<AxeViolation[]> {
  await page.evaluate(axeSource);
  return page.evaluate(async () => {
    const axe = (
      globalThis as unknown as {
        axe: {
          run(
            d: Document,
          ): Promise<{ violations: { id: string; help: string; nodes: unknown[] }[] }>;
        };
      }
    ).axe;
    const result = await axe.run(document);
    return result.violations.map((v) => ({ id: v.id, help: v.help, nodes: v.nodes.length }));
  });
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
