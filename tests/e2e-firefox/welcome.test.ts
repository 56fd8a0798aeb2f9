// The welcome page in Firefox (issue 18): a fresh install opens welcome.html in a tab by itself,
// with the service address and API key fields of the options page's form; connecting there shows
// how to pin the button, with Firefox's own picture ("Pin to Toolbar" in the Extensions panel's
// gear menu), and where things are. axe clean in both states.
import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeService, type FakeService } from '../fake-service/server';
import { byLabel, byRole, fill, press, shows } from './support/by-name';
import { axeViolations, waitFor } from './support/extension-calls';
import { launchFirefoxWithExtension, type FirefoxExtensionBrowser } from './support/firefox';

/** The picture's name: Firefox's Extensions panel, not Chromium's menu. */
const FIREFOX_PICTURE =
  "Firefox's toolbar with the Extensions panel opened from the puzzle-piece button (1); the gear " +
  'beside Mention Monitor (2) opens a menu with “Pin to Toolbar” (3).';

let svc: FakeService;
let firefox: FirefoxExtensionBrowser;
let welcome: Page;

beforeAll(async () => {
  svc = await startFakeService({ port: 0 });
  firefox = await launchFirefoxWithExtension(undefined, { keepWelcome: true });
});
afterAll(async () => {
  await firefox?.close();
  await svc?.close();
});

describe('the welcome page in Firefox', () => {
  it('a fresh install opens it in a tab, with the service address and API key fields', async () => {
    const url = `${firefox.origin}/welcome.html`;
    // puppeteer says about:blank for extension tabs (support/firefox.ts): each tab is asked.
    welcome = (await waitFor(
      'the welcome tab',
      async () => {
        for (const page of await firefox.browser.pages()) {
          const href = await page.evaluate(() => location.href).catch(() => '');
          if (href === url) return page;
        }
        return null;
      },
      (page) => page !== null,
    )) as Page;
    await byRole(welcome, 'heading', 'Welcome to Mention Monitor');
    expect(await welcome.title()).toBe('Set up Mention Monitor');
    expect(await (await byLabel(welcome, 'Service address')).evaluate((el) => el.id)).toBe(
      'service-url',
    );
    expect(await (await byLabel(welcome, 'API key')).evaluate((el) => el.id)).toBe('api-key');
    await byRole(welcome, 'button', 'Save and connect');
    expect(await axeViolations(welcome)).toEqual([]);
  });

  it('connected there, it says how to pin the button in Firefox and where things are', async () => {
    await fill(welcome, 'Service address', svc.url);
    await fill(welcome, 'API key', svc.apiKey);
    await press(welcome, 'button', 'Save and connect');
    const pin = await byRole(welcome, 'heading', 'Pin Mention Monitor to the toolbar');
    // The form went away: the focus follows to the next steps.
    await waitFor(
      'the focus on the pin heading',
      () => pin.evaluate((el) => el === document.activeElement),
      (focused) => focused,
    );
    await shows(welcome, 'Choose “Pin to Toolbar”.');
    // Read from the pictures' labels: an ARIA query ends its name at the first ")".
    const pictures = await welcome.$$eval('[role="img"]', (els) =>
      els.map((el) => el.getAttribute('aria-label')),
    );
    expect(pictures).toEqual([FIREFOX_PICTURE]);
    await byRole(welcome, 'heading', 'Where things are');
    await byRole(welcome, 'link', 'Open settings');
    expect(await axeViolations(welcome)).toEqual([]);
  });
});
