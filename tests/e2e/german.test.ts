// Chromium started in German (issue 18): the browser's UI language is de; the popup, the options
// page and the mentions page speak German (their words are the de catalogue's, read from
// public/_locales, and no English message is left on screen), and every text fits: the longest
// language at the popup's width and on the pages, checked by support/overflow.ts. Screenshots of
// each state go to a folder the test prints (MM_SCREENSHOT_DIR to choose it), to look at what the
// checks passed.
import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeService, type FakeService } from '../fake-service/server';
import { catalogue, englishLeftovers } from './support/catalogue';
import { launchWithExtension, type ExtensionBrowser } from './support/chromium';
import { ExtensionPage } from './support/extension-page';
import { describeOverflows, overflowsIn } from './support/overflow';
import { openPopup } from './support/popup';
import { clickToolbarButton, popupScreenshot } from './support/site';

const de = catalogue('de');
const en = catalogue('en');
const outDir = resolve(process.env.MM_SCREENSHOT_DIR ?? mkdtempSync(join(tmpdir(), 'mm-german-')));

let svc: FakeService;
let browser: ExtensionBrowser;
let ext: ExtensionPage;

beforeAll(async () => {
  mkdirSync(outDir, { recursive: true });
  console.log(`German screenshots: ${outDir}`);
  svc = await startFakeService({ port: 0 });
  browser = await launchWithExtension({ language: 'de' });
  ext = await ExtensionPage.open(browser);
});
afterAll(async () => {
  await browser?.close();
  await svc?.close();
});

/** Every text on the page fits, and none is an English message: then a picture of it. */
async function expectGermanAndFitting(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: join(outDir, `${name}.png`), fullPage: true });
  const overflows = await overflowsIn(page);
  expect(overflows, `${name}:\n${describeOverflows(overflows)}`).toEqual([]);
  expect(await englishLeftovers(page, en, de)).toEqual([]);
}

describe('Chromium in German', () => {
  it('runs with German as its UI language', async () => {
    expect(await ext.page.evaluate(() => chrome.i18n.getUILanguage())).toMatch(/^de\b/);
  });

  it('shows the popup not set up in German, and it fits', async () => {
    const popup = await openPopup(browser);
    await expect
      .poll(() => popup.getByRole('heading', { level: 2 }).first().textContent())
      .toBe(de.popupNotSetUpTitle);
    expect(await popup.getByText(de.popupNotSetUpText, { exact: true }).count()).toBe(1);
    await expectGermanAndFitting(popup, 'popup-not-set-up');
    await popup.close();
  });

  it('shows the popup with mentions in German at its real width, and it fits', async () => {
    await ext.configure(svc.url, svc.apiKey);
    const popup = await openPopup(browser);
    await popup.locator('[data-mention-list] li').first().waitFor();
    expect(await popup.viewportSize()).toEqual({ width: 400, height: 600 });
    expect(await popup.getByRole('button', { name: de.popupMarkAllRead }).count()).toBe(1);
    await expectGermanAndFitting(popup, 'popup-mentions');
    await popup.close();
  });

  it('shows "Monitor this site" on a sample site in German, and it fits', async () => {
    const tab = await browser.context.newPage();
    await tab.goto(`http://initech.test:${new URL(svc.url).port}/`);
    const popup = await clickToolbarButton(browser, tab);
    const byRole = (role: string, name: string) =>
      popup.locator(`::-p-aria([name="${name}"][role="${role}"])`);
    await byRole('button', de.popupSiteMonitor).click();
    await byRole('radio', de.popupSiteAs_competitiveMonitoring).click();
    await popup.waitForSelector('#sf-name');
    await popupScreenshot(popup, join(outDir, 'popup-add-site.png'));
    const overflows = await overflowsIn(popup);
    expect(overflows, describeOverflows(overflows)).toEqual([]);
    expect(await englishLeftovers(popup, en, de)).toEqual([]);
    await popup.close();
    await tab.close();
  });

  it('shows the options page connected with projects in German, and it fits', async () => {
    const options = await browser.openPage('options.html');
    await options.setViewportSize({ width: 1280, height: 800 });
    await options.locator('.project-list .project').first().waitFor();
    await expect
      .poll(() => options.getByRole('heading', { level: 1 }).textContent())
      .toBe(de.optionsTitle);
    for (const heading of [de.optionsConnectionHeading, de.optionsProjectsHeading]) {
      expect(await options.getByRole('heading', { name: heading }).count()).toBeGreaterThan(0);
    }
    const acme = svc.projects().find((p) => p.name === 'Acme')!;
    await options.getByText(acme.name, { exact: true }).first().waitFor();
    await expectGermanAndFitting(options, 'options-projects');

    await options.getByRole('button', { name: de.optionsAddProject, exact: true }).click();
    await options.getByRole('heading', { name: de.optionsAddHeading }).waitFor();
    await expectGermanAndFitting(options, 'options-add-project');
    await options.close();
  });

  it('shows the mentions page in German, and it fits', async () => {
    const page = await browser.openPage('mentions.html');
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.locator('.result').first().waitFor();
    await page.getByRole('searchbox', { name: de.mentionsPageSearchLabel }).waitFor();
    await expectGermanAndFitting(page, 'mentions-page');
    await page.close();
  });
});
