// The store's screenshots of one language: four pictures at exactly 1280x800, each what a person
// sees in the demo (the demo build, connected to the fake service, in a browser started in that
// language). The popup is shown at its real size, 400x600, in a 1280x800 frame: beside the name and
// the catalogue's description on a neutral background, or over the sample site it was opened on.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Page } from 'playwright-core';
import type { Page as PuppeteerPage } from 'puppeteer-core';
import type { Catalogue } from '../e2e/support/catalogue';
import type { ExtensionBrowser } from '../e2e/support/chromium';
import { POPUP_SIZE } from '../e2e/support/popup';
import { clickToolbarButton, popupScreenshot } from '../e2e/support/site';
import { STORE_SHOTS, STORE_SIZE } from './store-layout';
import { waitForMentions } from './walk-through';

export interface StoreShots {
  browser: ExtensionBrowser;
  /** The fake service's origin (its sample sites answer on any *.test host at its port). */
  serviceUrl: string;
  /** Where the PNGs go: <name>.png for each of STORE_SHOTS. */
  outDir: string;
  messages: Catalogue;
}

const ICON = readFileSync(resolve('public/icon/128.png')).toString('base64');

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** A 1280x800 picture of `html` (a page of its own, images inline). */
async function frame(browser: ExtensionBrowser, html: string, path: string): Promise<void> {
  const page = await browser.context.newPage();
  await page.setViewportSize(STORE_SIZE);
  await page.setContent(`<!doctype html><html><head><meta charset="utf-8"><style>
    html, body { margin: 0; width: ${STORE_SIZE.width}px; height: ${STORE_SIZE.height}px; overflow: hidden; }
    body { position: relative; font-family: system-ui, sans-serif; color: #172033; }
    .popup { position: absolute; width: ${POPUP_SIZE.width}px; height: ${POPUP_SIZE.height}px;
      border-radius: 10px; overflow: hidden; box-shadow: 0 18px 50px rgb(15 23 42 / 28%), 0 0 0 1px rgb(15 23 42 / 12%); }
  </style></head><body>${html}</body></html>`);
  await page.waitForFunction(() => [...document.images].every((image) => image.complete));
  await page.screenshot({ path });
  await page.close();
}

const png = (data: Buffer) => `data:image/png;base64,${data.toString('base64')}`;

/** The toolbar popup's picture, 400x600, through the support's own capture. */
async function popupPicture(popup: PuppeteerPage): Promise<Buffer> {
  const dir = mkdtempSync(join(tmpdir(), 'mm-store-'));
  try {
    await popupScreenshot(popup, join(dir, 'popup.png'));
    return readFileSync(join(dir, 'popup.png'));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The popup with the new mentions, beside the extension's name and description. */
async function popupShot(shots: StoreShots, path: string): Promise<void> {
  const { browser, messages } = shots;
  const page = await browser.openPage('popup.html');
  await waitForMentions(page);
  await page.close();
  // Opened from the toolbar on the brand's own site, as a person would: the site line names the
  // project that monitors it (a popup in a tab would say extension pages cannot be monitored).
  const tab = await browser.context.newPage();
  await tab.goto(`http://acme.test:${new URL(shots.serviceUrl).port}/`);
  const popup = await clickToolbarButton(browser, tab);
  await popup.waitForSelector('[data-mention-list] li');
  const picture = await popupPicture(popup);
  await popup.close();
  await tab.close();
  await frame(
    browser,
    `<div style="position:absolute;inset:0;background:linear-gradient(135deg,#eef2f8,#dde5f2)"></div>
    <div style="position:absolute;left:110px;top:300px;width:520px">
      <img src="data:image/png;base64,${ICON}" width="72" height="72" alt="">
      <h1 style="font-size:46px;margin:18px 0 12px">${escapeHtml(messages.extName)}</h1>
      <p style="font-size:24px;line-height:1.4;margin:0;color:#334155">${escapeHtml(messages.extDescription)}</p>
    </div>
    <img class="popup" src="${png(picture)}" style="left:740px;top:100px" alt="">`,
    path,
  );
}

/** The popup opened on a sample site by the toolbar button, its "Monitor this site" form open. */
async function addSiteShot(shots: StoreShots, path: string): Promise<void> {
  const { browser, messages } = shots;
  const tab = await browser.context.newPage();
  await tab.setViewportSize(STORE_SIZE);
  const port = new URL(shots.serviceUrl).port;
  await tab.goto(`http://initech.test:${port}/`);
  const site = await tab.screenshot();
  const popup = await clickToolbarButton(browser, tab);
  const byRole = (role: string, name: string) =>
    popup.locator(`::-p-aria([name="${name}"][role="${role}"])`);
  await byRole('button', messages.popupSiteMonitor).click();
  await byRole('radio', messages.popupSiteAs_brandMonitoring).click();
  await popup.waitForSelector('#sf-name');
  const picture = await popupPicture(popup);
  await popup.close();
  await tab.close();
  await frame(
    browser,
    `<img src="${png(site)}" style="position:absolute;inset:0" alt="">
    <img class="popup" src="${png(picture)}" style="right:24px;top:12px" alt="">`,
    path,
  );
}

/** The options page at the projects: each with its counts and switches. */
async function optionsShot(shots: StoreShots, path: string): Promise<void> {
  const page = await shots.browser.openPage('options.html');
  await page.setViewportSize(STORE_SIZE);
  await page.locator('.project-list .project').first().waitFor();
  await page.evaluate(() => {
    document.getElementById('projects-heading')?.scrollIntoView();
    window.scrollBy(0, -24);
  });
  await settle(page);
  await page.screenshot({ path });
  await page.close();
}

/** The mentions page: the list, the filters and the trends beside it. */
async function mentionsPageShot(shots: StoreShots, path: string): Promise<void> {
  const page = await shots.browser.openPage('mentions.html');
  await page.setViewportSize(STORE_SIZE);
  await page.locator('.result').first().waitFor();
  await page.locator('[role="img"]').first().waitFor();
  await settle(page);
  await page.screenshot({ path });
  await page.close();
}

/** Two frames later: what was just laid out (a scroll, a chart) has been painted. */
async function settle(page: Page): Promise<void> {
  await page.evaluate(
    () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
  );
}

/** Every store screenshot of one language; returns the files written. */
export async function storeShots(shots: StoreShots): Promise<string[]> {
  const makers: Record<(typeof STORE_SHOTS)[number], typeof popupShot> = {
    popup: popupShot,
    options: optionsShot,
    'add-site': addSiteShot,
    'mentions-page': mentionsPageShot,
  };
  const written: string[] = [];
  for (const name of STORE_SHOTS) {
    const path = join(shots.outDir, `${name}.png`);
    await makers[name](shots, path);
    written.push(path);
  }
  return written;
}
