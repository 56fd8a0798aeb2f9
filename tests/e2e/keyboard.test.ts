// A keyboard-only walk-through, as a person who uses no mouse: open the popup, move through the
// mentions, open one, mark all read, and add the site they are on as a project. Every control is
// reached with Tab or the popup's keys and named as assistive technology names it.
import type { Page as PuppeteerPage } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeService, type FakeService } from '../fake-service/server';
import { launchWithExtension, type ExtensionBrowser } from './support/chromium';
import { ExtensionPage } from './support/extension-page';
import { inputThatClosesPopup, listedTitles, openPopup } from './support/popup';

let svc: FakeService;
let browser: ExtensionBrowser;
let ext: ExtensionPage;

beforeAll(async () => {
  svc = await startFakeService({ port: 0 });
  browser = await launchWithExtension();
  ext = await ExtensionPage.open(browser);
  await ext.configure(svc.url, svc.apiKey);
});
afterAll(async () => {
  await browser?.close();
  await svc?.close();
});

/** The accessible name of the focused element, in a page of either driver. */
function focusedName(): string {
  const el = document.activeElement as HTMLElement | null;
  if (!el) return '';
  const labelled = el.getAttribute('aria-label');
  if (labelled) return labelled.trim();
  const labels = (el as HTMLInputElement).labels;
  if (labels && labels.length > 0) return labels[0].textContent?.trim() ?? '';
  return el.textContent?.trim() ?? '';
}

async function tabTo(page: PuppeteerPage, name: string, maxPresses = 60): Promise<void> {
  for (let i = 0; i < maxPresses; i++) {
    if ((await page.evaluate(focusedName)) === name) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached "${name}"`);
}

describe('with the keyboard alone', () => {
  it('opens the popup, moves through mentions, opens one, marks all read', async () => {
    const before = Number((await ext.settledBadge()).text);
    const popup = await openPopup(browser);
    const titles = await listedTitles(popup);

    // j moves down, k back up: focus lands on the mention rows in order.
    await popup.keyboard.press('j');
    await popup.keyboard.press('j');
    await popup.keyboard.press('k');
    const focused = await popup.evaluate(() => document.activeElement?.textContent ?? '');
    expect(focused).toContain(titles[0]);

    // Enter opens it in a tab (the navigation asks for its URL) and marks it read.
    const mention = svc
      .projects()
      .flatMap((p) => svc.mentions(p.project_id))
      .find((m) => m.title === titles[0]);
    const expectedUrl = new URL(mention!.url).href;
    const [requested, opened] = await Promise.all([
      browser.context.waitForEvent('request', (r) => r.url() === expectedUrl),
      browser.context.waitForEvent('page'),
      inputThatClosesPopup(popup, popup.keyboard.press('Enter')),
    ]);
    expect(requested.isNavigationRequest()).toBe(true);
    await opened.close();
    expect((await ext.settledBadge()).text).toBe(String(before - 1));

    // Mark all read: reached with Tab, pressed with Enter; the badge empties.
    const again = await openPopup(browser);
    for (let i = 0; i < 40; i++) {
      if ((await again.evaluate(focusedName)) === 'Mark all read') break;
      await again.keyboard.press('Tab');
    }
    expect(await again.evaluate(focusedName)).toBe('Mark all read');
    await again.keyboard.press('Enter');
    expect((await ext.settledBadge()).text).toBe('');
    if (!again.isClosed()) await again.close();
  });

  it('adds the site it is on as a project', async () => {
    const site = await browser.context.newPage();
    await site.goto(`http://initrode.test:${new URL(svc.url).port}/`);
    const popup = await browser.openActionPopup(site);
    await popup.waitForSelector('main:not([aria-busy])');

    await tabTo(popup, 'Monitor this site');
    await popup.keyboard.press('Enter');
    await popup.waitForSelector('form');
    // Choose "Brand" with Space; the form then fills itself in for the site.
    await tabTo(popup, 'Brand');
    await popup.keyboard.press('Space');
    await popup.waitForSelector('form textarea');
    await tabTo(popup, 'Add project');
    svc.clearLog();
    await popup.keyboard.press('Enter');
    await popup.waitForFunction(() => /Monitored in|Added/.test(document.body.textContent ?? ''));

    const add = svc.log.find((e) => e.func === 'addProject');
    expect(add?.body).toMatchObject({ type: 'brandMonitoring', brand_url: 'initrode.test' });
    expect(add?.status).toBe(200);
    expect(svc.projects().map((p) => p.name)).toContain(add?.body?.name);
  });
});
