// The Firefox build (MV3, e2e mode) loads in real Firefox ESR: the add-on installs under its
// gecko id, its pages render with a main landmark, the popup's shortcut is bound and shown on the
// options page, and the toolbar badge can be read.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchFirefoxWithExtension, type FirefoxExtensionBrowser } from './support/firefox';

const GECKO_ID = 'mention-monitor@mention-monitor.app';
const LOOPBACK_ORIGINS = ['http://127.0.0.1/*', 'http://localhost/*'];

let firefox: FirefoxExtensionBrowser;

beforeAll(async () => {
  firefox = await launchFirefoxWithExtension();
});
afterAll(async () => {
  await firefox?.close();
});

describe('the built extension in Firefox', () => {
  it('installs as an MV3 add-on under its gecko id', async () => {
    expect(firefox.extensionId).toBe(GECKO_ID);
    const { manifest, root } = await firefox.evaluate(() => ({
      manifest: browser.runtime.getManifest(),
      root: browser.runtime.getURL('/'),
    }));
    expect(manifest.manifest_version).toBe(3);
    expect(manifest.browser_specific_settings?.gecko?.id).toBe(GECKO_ID);
    expect(root).toBe(`${firefox.origin}/`);
  });

  it('holds the loopback host permissions of the e2e build without a prompt', async () => {
    const manifest = await firefox.evaluate(() => browser.runtime.getManifest());
    expect(manifest.host_permissions).toEqual(LOOPBACK_ORIGINS);
    const granted = await firefox.evaluate(
      (origins) => browser.permissions.contains({ origins }),
      LOOPBACK_ORIGINS,
    );
    expect(granted).toBe(true);
  });

  // The popup's heading is in its main landmark; the options and mentions pages' are in the page
  // header (the options page's appears once its data is read).
  const headings = {
    'popup.html': 'Mention Monitor',
    'options.html': 'Settings',
    'mentions.html': 'Mentions',
    'welcome.html': 'Welcome to Mention Monitor',
  };
  for (const [path, expected] of Object.entries(headings)) {
    it(`renders ${path} with a main landmark and its heading`, async () => {
      const page = await firefox.openPage(path);
      try {
        await page.waitForSelector('::-p-aria([role="main"])');
        const h1 = await page.waitForSelector('h1');
        expect(await h1?.evaluate((h) => h.textContent)).toBe(expected);
      } finally {
        await page.close();
      }
    });
  }

  it('binds the shortcut that opens the popup, and the options page shows it', async () => {
    const commands = await firefox.evaluate(async () =>
      (await browser.commands.getAll()).map(({ name, shortcut }) => ({ name, shortcut })),
    );
    expect(commands).toContainEqual({ name: '_execute_action', shortcut: 'Alt+Shift+M' });
    const page = await firefox.openPage('options.html');
    try {
      await page.waitForSelector('::-p-text(Open Mention Monitor: Alt+Shift+M)');
      // Firefox 137+ opens its shortcut settings itself: the button is offered, not the steps.
      await page.waitForSelector('::-p-aria(Change keyboard shortcut)');
    } finally {
      await page.close();
    }
  });

  it('reads the toolbar badge text', async () => {
    const initial = await firefox.badgeText();
    expect(typeof initial).toBe('string');
    await firefox.evaluate(() => browser.action.setBadgeText({ text: '3' }));
    try {
      expect(await firefox.badgeText()).toBe('3');
    } finally {
      await firefox.evaluate((text) => browser.action.setBadgeText({ text }), initial);
    }
    expect(await firefox.badgeText()).toBe(initial);
  });
});
