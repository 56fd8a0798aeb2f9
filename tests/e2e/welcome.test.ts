// The welcome on install, in the built extension in real Chromium against the fake service: a fresh
// install opens welcome.html with the service address and API key fields (the options page's own
// form); connecting there shows how to pin the button, with focus on that heading; the toolbar
// popup's not-set-up state offers "Set up Mention Monitor", which opens the page and closes. The
// steps share one browser and run in order.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeService, type FakeService } from '../fake-service/server';
import { axeViolations } from './support/axe';
import { launchWithExtension, type ExtensionBrowser } from './support/chromium';
import { ExtensionPage } from './support/extension-page';
import { resetExtension } from './support/reset-extension';

let svc: FakeService;
let browser: ExtensionBrowser;
let welcomeUrl: string;

beforeAll(async () => {
  svc = await startFakeService({ port: 0 });
  browser = await launchWithExtension({ keepWelcome: true });
  welcomeUrl = `chrome-extension://${browser.extensionId}/welcome.html`;
});
afterAll(async () => {
  await browser?.close();
  await svc?.close();
});

/** The open tabs showing the welcome page (the install's, or one the popup opened). */
async function welcomeTabs(): Promise<Page[]> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const tabs = browser.context.pages().filter((page) => page.url() === welcomeUrl);
    if (tabs.length > 0 || Date.now() > deadline) return tabs;
    await new Promise((done) => setTimeout(done, 100));
  }
}

describe('the welcome page in Chromium', () => {
  it('a fresh install opens it with the service address and API key fields, axe clean', async () => {
    const [welcome] = await welcomeTabs();
    expect(welcome, 'no welcome tab after the install').toBeDefined();
    await welcome.getByRole('heading', { level: 1, name: 'Welcome to Mention Monitor' }).waitFor();
    expect(await welcome.title()).toBe('Set up Mention Monitor');
    expect(await welcome.getByLabel('Service address').isVisible()).toBe(true);
    expect(await welcome.getByLabel('API key').isVisible()).toBe(true);
    expect(await welcome.getByRole('button', { name: 'Save and connect' }).isVisible()).toBe(true);
    expect(await axeViolations(welcome)).toEqual([]);
  });

  it('connecting to the service shows how to pin the button, focused, axe clean', async () => {
    const [welcome] = await welcomeTabs();
    await welcome.getByLabel('Service address').fill(svc.url);
    await welcome.getByLabel('API key').fill(svc.apiKey);
    await welcome.getByRole('button', { name: 'Save and connect' }).click();

    const pin = welcome.getByRole('heading', { name: 'Pin Mention Monitor to the toolbar' });
    await pin.waitFor();
    await expect.poll(() => pin.evaluate((h) => h === document.activeElement)).toBe(true);
    expect(await welcome.getByRole('img', { name: /Extensions menu/ }).isVisible()).toBe(true);
    expect(await welcome.getByRole('heading', { name: 'Where things are' }).isVisible()).toBe(true);
    const settings = welcome.getByRole('link', { name: 'Open settings' });
    expect(await settings.getAttribute('href')).toBe('/options.html');
    expect(svc.log.some((entry) => entry.func === 'login')).toBe(true);
    expect(await axeViolations(welcome)).toEqual([]);

    // Dark mode and a phone-narrow window: nothing wider than the page.
    await welcome.emulateMedia({ colorScheme: 'dark' });
    await welcome.setViewportSize({ width: 360, height: 740 });
    expect(await welcome.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      360,
    );
    expect(await axeViolations(welcome)).toEqual([]);
    await welcome.close();
  });

  it('the toolbar popup, not set up, has "Set up Mention Monitor", which opens the page', async () => {
    const ext = await ExtensionPage.open(browser);
    await resetExtension(ext, browser.extensionId);
    const site = await browser.context.newPage();
    await site.goto(`http://acme.test:${new URL(svc.url).port}/`);
    const popup = await browser.openActionPopup(site);
    await popup.waitForSelector('main:not([aria-busy])');
    const button = await popup.waitForSelector(
      '::-p-aria([role="button"][name="Set up Mention Monitor"])',
    );
    expect(await popup.$('::-p-aria([role="button"][name="Open settings"])')).not.toBeNull();

    const closed = new Promise<void>((done) => popup.once('close', () => done()));
    await button!.click();
    const [welcome] = await welcomeTabs();
    expect(welcome, 'the button opened no welcome tab').toBeDefined();
    await welcome.getByLabel('API key').waitFor();
    await closed;
    expect(popup.isClosed()).toBe(true);
  });
});
