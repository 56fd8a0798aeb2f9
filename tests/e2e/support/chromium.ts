// Launches Debian's Chromium with the built extension loaded, the way toolchain.md found to work
// here: a persistent throw-away profile, the extension unpacked from .output/, no network noise.
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium, type BrowserContext, type Page, type Worker } from 'playwright-core';
import puppeteer, { type Page as PuppeteerPage } from 'puppeteer-core';

export const CHROMIUM_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';

export interface ExtensionBrowser {
  context: BrowserContext;
  extensionId: string;
  serviceWorker: Worker;
  /** Opens one of the extension's pages (popup.html, options.html) as a tab. */
  openPage(path: string): Promise<Page>;
  /**
   * Opens the real toolbar popup for `tab` (made the active tab first), as a click on the toolbar
   * button would, and returns it. Playwright does not attach to action popups, so the popup is
   * driven through puppeteer-core connected to the same browser.
   */
  openActionPopup(tab: Page): Promise<PuppeteerPage>;
  close(): Promise<void>;
}

export interface LaunchOptions {
  extensionDir?: string;
  /** Default true; the demo opens a window where there is a display. */
  headless?: boolean;
}

export async function launchWithExtension(
  options: LaunchOptions | string = {},
): Promise<ExtensionBrowser> {
  const {
    extensionDir = resolve(process.env.MM_EXTENSION_DIR ?? '.output/chrome-mv3-e2e'),
    headless = true,
  } = typeof options === 'string' ? { extensionDir: options } : options;
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(`Chromium not found at ${CHROMIUM_PATH}: apt-get install -y chromium`);
  }
  if (!existsSync(join(extensionDir, 'manifest.json'))) {
    throw new Error(`No built extension in ${extensionDir}: run npm run build first`);
  }
  const profile = mkdtempSync(join(tmpdir(), 'mm-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_PATH,
    headless,
    viewport: headless ? { width: 1280, height: 720 } : null,
    args: [
      `--disable-extensions-except=${extensionDir}`,
      `--load-extension=${extensionDir}`,
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
      '--host-resolver-rules=MAP *.test 127.0.0.1',
      // For openActionPopup: a second client (puppeteer) reaches the popup's target this way.
      '--remote-debugging-port=0',
    ],
  });
  const serviceWorker =
    context.serviceWorkers()[0] ??
    (await context.waitForEvent('serviceworker', { timeout: 15_000 }));
  const extensionId = new URL(serviceWorker.url()).host;
  const popupUrl = `chrome-extension://${extensionId}/popup.html`;

  async function openPage(path: string): Promise<Page> {
    const page = await context.newPage();
    await page.goto(`chrome-extension://${extensionId}/${path}`);
    return page;
  }

  async function openActionPopup(tab: Page): Promise<PuppeteerPage> {
    // openPopup() needs an extension page to call it from; the options page opens no popup of its own.
    const opener = await openPage('options.html');
    await tab.bringToFront();
    const port = readFileSync(join(profile, 'DevToolsActivePort'), 'utf8').split('\n')[0];
    const client = await puppeteer.connect({
      browserURL: `http://127.0.0.1:${port}`,
      defaultViewport: null,
    });
    const appeared = client.waitForTarget((t) => t.url() === popupUrl && t.type() === 'page', {
      timeout: 10_000,
    });
    await opener.evaluate(() => chrome.action.openPopup());
    const popup = await (await appeared).asPage();
    // The opener stays: closing a tab of the popup's window could close the popup.
    await popup.waitForSelector('main');
    return popup;
  }

  return {
    context,
    extensionId,
    serviceWorker,
    openPage,
    openActionPopup,
    async close() {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}
