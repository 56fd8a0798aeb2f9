// "Monitor this site" in the built extension, in real Chromium (issue 6): real pages at real-looking
// hosts (`*.test` resolves to the fake service, which serves a small site for any of them), and the
// toolbar popup opened over them by a click on the toolbar button, which grants activeTab
// (support/site.ts). acme.test is monitored by the seeded account; initrode.test is added as a brand
// and hooli.test as backlinks through the popup's short form, and the fake service's log shows
// exactly the contract's addProject; afterwards the popup over those tabs says they are monitored.
// Browser and extension pages show the control disabled with the reason. axe-core finds nothing in
// any of these states. (The toolbar button's context menu cannot be clicked in headless Chromium:
// its items are covered by the unit tests of lib/background/app.ts.)
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import type { Page as PuppeteerPage } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeService, type FakeService } from '../fake-service/server';
import { launchWithExtension, type ExtensionBrowser } from './support/chromium';
import { ExtensionPage } from './support/extension-page';
import { unreadIn } from './support/storage-views';
import { COMMON_FIELDS, lastRequest, requestsOf } from './support/options';
import {
  axeViolationsIn,
  clickToolbarButton,
  popupScreenshot,
  siteLineText,
  waitForSiteDetail,
} from './support/site';

const ALL_SOURCES = 'twitter,linkedin,social,youtube,reddit,web,blogs';
const ON_SITE_TITLE = 'Acme opens a repair shop on its own site';

let svc: FakeService;
let browser: ExtensionBrowser;
let ext: ExtensionPage;
let fileDir: string;

/** http://HOST:PORT/PATH on the fake service, as the browser reaches it. */
function siteUrl(host: string, path = '/'): string {
  return `${svc.url.replace('127.0.0.1', host)}${path}`;
}

async function openTab(url: string): Promise<Page> {
  const tab = await browser.context.newPage();
  await tab.goto(url);
  return tab;
}

async function expectNoAxeViolations(popup: PuppeteerPage, state: string): Promise<void> {
  expect(await axeViolationsIn(popup), state).toEqual([]);
}

/** The element an ARIA name and role point at, as a person finds it. */
function byRole(popup: PuppeteerPage, role: string, name: string) {
  return popup.locator(`::-p-aria([name="${name}"][role="${role}"])`);
}

async function valueOf(popup: PuppeteerPage, id: string): Promise<string> {
  return popup.$eval(`#${id}`, (el) => (el as HTMLInputElement).value);
}

async function listedHrefs(popup: PuppeteerPage): Promise<string[]> {
  return popup.$$eval('[data-mention-list] a.mention__title', (links) =>
    links.map((a) => (a as HTMLAnchorElement).href),
  );
}

beforeAll(async () => {
  svc = await startFakeService({ port: 0 });
  const acme = svc.projects().find((p) => p.name === 'Acme')!;
  svc.addMentions(acme.project_id, 1, {
    title: ON_SITE_TITLE,
    url: siteUrl('shop.acme.test', '/repair'),
  });
  browser = await launchWithExtension();
  ext = await ExtensionPage.open(browser);
  await ext.configure(svc.url, svc.apiKey);
  fileDir = mkdtempSync(join(tmpdir(), 'mm-site-file-'));
});
afterAll(async () => {
  await browser?.close();
  await svc?.close();
  if (fileDir) rmSync(fileDir, { recursive: true, force: true });
});

describe('the popup over a real site', () => {
  it('acme.test: monitored in Acme (seeded), with its unread count and its mentions on the site', async () => {
    const tab = await openTab(siteUrl('acme.test', '/bikes'));
    const popup = await clickToolbarButton(browser, tab);
    // The click granted activeTab: the popup read the tab's address.
    expect(
      await popup.evaluate(async () => {
        const [active] = await chrome.tabs.query({ active: true, currentWindow: true });
        return [active?.url, active?.title];
      }),
    ).toEqual([siteUrl('acme.test', '/bikes'), 'Acme — cargo e-bikes for the city']);
    // The seed watches acme.test twice: "Acme" (brand) and "Acme backlinks".
    await waitForSiteDetail(popup, 'Monitored in Acme, brand');
    const acme = svc.projects().find((p) => p.name === 'Acme')!;
    const unread = unreadIn(await ext.store()).byProject.get(acme.project_id) ?? 0;
    expect(unread).toBeGreaterThan(0);
    expect(await siteLineText(popup)).toEqual([
      'acme.test',
      `Monitored in Acme, brand, and 1 more · ${unread} unread`,
    ]);
    await popupScreenshot(popup, '/tmp/popup-site-acme.png');
    await expectNoAxeViolations(popup, 'a monitored site');

    const chip = byRole(popup, 'button', 'Mentions on this site');
    await chip.click();
    await popup.waitForSelector('.chip[aria-pressed="true"]');
    await popup.waitForFunction(
      (title) =>
        [...document.querySelectorAll('[data-mention-list] .mention__title')].some((el) =>
          el.textContent?.includes(title),
        ),
      {},
      ON_SITE_TITLE,
    );
    const hrefs = await listedHrefs(popup);
    expect(hrefs.length).toBeGreaterThan(0);
    for (const href of hrefs) expect(new URL(href).hostname).toMatch(/(^|\.)acme\.test$/);
    await expectNoAxeViolations(popup, 'the site filter on');
    await popup.emulateMediaFeatures([{ name: 'prefers-color-scheme', value: 'dark' }]);
    await expectNoAxeViolations(popup, 'the site filter on, dark');
    await popupScreenshot(popup, '/tmp/popup-site-acme-filter-dark.png');
    await popup.close();
    await tab.close();
  });

  it('initrode.test: added as a brand through the short form; the service gets the contract’s addProject', async () => {
    const tab = await openTab(siteUrl('initrode.test'));
    const popup = await clickToolbarButton(browser, tab);
    await waitForSiteDetail(popup, 'Not monitored yet');
    expect((await siteLineText(popup))[0]).toBe('initrode.test');
    await popupScreenshot(popup, '/tmp/popup-site-unmonitored.png');
    await expectNoAxeViolations(popup, 'a site not monitored');

    await byRole(popup, 'button', 'Monitor this site').click();
    await byRole(popup, 'heading', 'Monitor initrode.test').wait();
    await expectNoAxeViolations(popup, 'the type choice');
    await byRole(popup, 'radio', 'Brand').click();
    await popup.waitForSelector('#sf-name');
    expect(await valueOf(popup, 'sf-name')).toBe('Initrode — a sample site');
    expect(await valueOf(popup, 'sf-brand_url')).toBe('initrode.test');
    expect(await valueOf(popup, 'sf-brand_name')).toBe('Initrode');
    expect(await popup.$eval('.sf-more__defaults', (el) => el.textContent)).toBe(
      'all sources · all languages · all locations · browser notifications',
    );
    await popupScreenshot(popup, '/tmp/popup-site-form.png');
    await expectNoAxeViolations(popup, 'the brand form');
    // Edited before confirming: a second brand name, and the email notifications on.
    await byRole(popup, 'textbox', 'Brand names').click();
    await popup.keyboard.press('End');
    await popup.keyboard.press('Enter');
    await popup.keyboard.type('Initrode Corp');
    await popup.click('.sf-more__summary');
    await byRole(popup, 'switch', 'Email notifications').click();
    await expectNoAxeViolations(popup, 'the brand form, more options open');
    await popup.emulateMediaFeatures([{ name: 'prefers-color-scheme', value: 'dark' }]);
    await expectNoAxeViolations(popup, 'the brand form, dark');
    await popupScreenshot(popup, '/tmp/popup-site-form-dark.png');
    await popup.emulateMediaFeatures([{ name: 'prefers-color-scheme', value: 'light' }]);

    svc.clearLog();
    await byRole(popup, 'button', 'Add project').click();
    // The background refreshes the cached projects before it answers: the line follows.
    await waitForSiteDetail(popup, 'Monitored in Initrode — a sample site, brand');
    const request = await lastRequest(svc, 'addProject');
    expect(request.method).toBe('POST');
    expect(request.status).toBe(200);
    expect(Object.keys(request.body ?? {}).sort()).toEqual(
      [...COMMON_FIELDS, 'brand_url', 'brand_name'].sort(),
    );
    expect(request.body).toEqual({
      name: 'Initrode — a sample site',
      type: 'brandMonitoring',
      language: 'all',
      source: ALL_SOURCES,
      location: 'all',
      email_notification: '1',
      browser_notification: '1',
      brand_url: 'initrode.test',
      brand_name: 'Initrode\nInitrode Corp',
    });
    const added = svc.projects().find((p) => p.name === 'Initrode — a sample site');
    expect(added?.type).toBe('brandMonitoring');
    // Its first poll started at once: its mentions were asked for right after.
    await expect
      .poll(() =>
        requestsOf(svc, 'getMentions').some(
          (r) => r.query.project_id === String(added!.project_id),
        ),
      )
      .toBe(true);
    await popup.waitForFunction(() =>
      document
        .querySelector('[role="status"]')
        ?.textContent?.includes('Its first check has started'),
    );
    await expectNoAxeViolations(popup, 'just added');
    await popup.close();

    // Opened again over the same tab: the "already monitored" view at once.
    const again = await clickToolbarButton(browser, tab);
    await waitForSiteDetail(again, 'Monitored in Initrode — a sample site, brand');
    await expectNoAxeViolations(again, 'the added site, monitored');
    await popupScreenshot(again, '/tmp/popup-site-added.png');
    await again.close();
    await tab.close();
  });

  it('hooli.test: added as backlinks; a failed add keeps the form and its input', async () => {
    const tab = await openTab(siteUrl('hooli.test', '/jobs'));
    const popup = await clickToolbarButton(browser, tab);
    await waitForSiteDetail(popup, 'Not monitored yet');
    await byRole(popup, 'button', 'Monitor this site').click();
    await byRole(popup, 'radio', 'Backlinks').click();
    await popup.waitForSelector('#sf-backlinks_url');
    expect(await valueOf(popup, 'sf-name')).toBe('Hooli — a sample site');
    expect(await valueOf(popup, 'sf-backlinks_url')).toBe('hooli.test');
    expect(await popup.$('#sf-brand_name')).toBeNull();

    svc.clearLog();
    svc.setFault('html500', { count: 1, func: 'addProject' });
    await byRole(popup, 'button', 'Add project').click();
    await popup.waitForSelector('.site-form__alert');
    expect(await popup.$eval('.site-form__alert', (el) => el.textContent)).toMatch(
      /^Could not add the project: .*Everything you entered is still here\.$/,
    );
    expect((await lastRequest(svc, 'addProject')).status).toBe(500);
    expect(await valueOf(popup, 'sf-name')).toBe('Hooli — a sample site');
    expect(await valueOf(popup, 'sf-backlinks_url')).toBe('hooli.test');
    await expectNoAxeViolations(popup, 'a failed add');

    await byRole(popup, 'button', 'Add project').click();
    await waitForSiteDetail(popup, 'Monitored in Hooli — a sample site, backlinks');
    const adds = requestsOf(svc, 'addProject');
    expect(adds.map((r) => r.status)).toEqual([500, 200]);
    const request = adds[1];
    expect(Object.keys(request.body ?? {}).sort()).toEqual(
      [...COMMON_FIELDS, 'backlinks_url'].sort(),
    );
    expect(request.body).toMatchObject({
      type: 'backlinks',
      backlinks_url: 'hooli.test',
      name: 'Hooli — a sample site',
      source: ALL_SOURCES,
      language: 'all',
      location: 'all',
      email_notification: '0',
      browser_notification: '1',
    });
    await popup.close();
    const again = await clickToolbarButton(browser, tab);
    await waitForSiteDetail(again, 'Monitored in Hooli — a sample site, backlinks');
    await again.close();
    await tab.close();
  });
});

describe('pages that cannot be monitored', () => {
  async function expectDisabled(tab: Page, reason: string): Promise<void> {
    const popup = await clickToolbarButton(browser, tab);
    await waitForSiteDetail(popup, reason);
    expect(await siteLineText(popup)).toEqual(['This page', reason]);
    const button = await popup.$('.site__control');
    expect(await button!.evaluate((el) => el.getAttribute('aria-disabled'))).toBe('true');
    expect(await button!.evaluate((el) => el.getAttribute('aria-describedby'))).toBe('site-detail');
    await button!.click();
    expect(await popup.$('.site-form')).toBeNull();
    await expectNoAxeViolations(popup, reason);
    await popup.close();
  }

  it('an extension page', async () => {
    const tab = await browser.openPage('options.html');
    await expectDisabled(tab, 'Extension pages cannot be monitored.');
    await tab.close();
  });

  it('a browser page', async () => {
    const tab = await openTab('chrome://version');
    await expectDisabled(tab, 'Browser pages cannot be monitored.');
    await tab.close();
  });

  it('a file', async () => {
    const file = join(fileDir, 'notes.html');
    writeFileSync(file, '<!doctype html><title>Notes</title><p>Local notes</p>');
    const tab = await openTab(`file://${file}`);
    await expectDisabled(tab, 'Files on this computer cannot be monitored.');
    await tab.close();
  });

  it('a local address', async () => {
    const tab = await openTab(svc.url + '/api/');
    await expectDisabled(tab, 'Only public websites can be monitored.');
    await tab.close();
  });
});
