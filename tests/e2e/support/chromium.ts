// Launches Debian's Chromium with the built extension loaded, the way found to work
// here: a persistent throw-away profile, the extension unpacked from .output/, no network noise.
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium, type BrowserContext, type Page, type Worker } from 'playwright-core';
import puppeteer, {
  type Browser as PuppeteerBrowser,
  type Page as PuppeteerPage,
} from 'puppeteer-core';

export const CHROMIUM_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';

export interface ExtensionBrowser {
  context: BrowserContext;
  extensionId: string;
  serviceWorker: Worker;
  /** Opens one of the extension's pages (popup.html, options.html) as a tab. */
  openPage(path: string): Promise<Page>;
  /**
   * Clicks the toolbar button for `tab` (made the active tab first) and returns the popup it opens.
   * It is the click itself (DevTools' Extensions.triggerAction), so Chromium grants `activeTab` for
   * the tab as it does for a person; chrome.action.openPopup() opens the popup but grants nothing.
   * Playwright does not attach to action popups: the popup is driven through puppeteer-core,
   * connected to the same browser.
   */
  openActionPopup(tab: Page): Promise<PuppeteerPage>;
  close(): Promise<void>;
}

export interface LaunchOptions {
  extensionDir?: string;
  /** Default true; the demo opens a window where there is a display. */
  headless?: boolean;
  /**
   * The browser's time zone (an IANA name, e.g. Asia/Tokyo), for the whole browser, worker
   * included: Chromium on Linux takes it from TZ. Default: the environment's.
   */
  timeZone?: string;
  /**
   * The browser's UI language (chrome.i18n.getUILanguage(), so the extension's catalogue): Chromium
   * on Linux takes it from LANGUAGE and LANG (needs
   * Debian's chromium-l10n for anything but en-US). Default: the environment's.
   */
  language?: 'de' | 'es' | 'fr' | 'en';
  /**
   * Every launch is a fresh install, and a fresh install opens the welcome page in a tab
   * (lib/background/app.ts). By default the launch waits for that tab and closes it, so a test
   * starts with the browser as it was before the welcome existed; true leaves it open.
   */
  keepWelcome?: boolean;
}

const WELCOME_TIMEOUT_MS = 15_000;

/** Waits for the welcome tab the install opens and closes it. */
async function closeWelcomeTab(context: BrowserContext, welcomeUrl: string): Promise<void> {
  // Polled rather than awaited as a 'page' event: the tab may already be open, and a new tab's
  // URL is about:blank until its navigation commits.
  const deadline = Date.now() + WELCOME_TIMEOUT_MS;
  for (;;) {
    const welcome = context.pages().find((page) => page.url() === welcomeUrl);
    if (welcome) return welcome.close();
    if (Date.now() > deadline) {
      throw new Error(`The install opened no ${welcomeUrl} within ${WELCOME_TIMEOUT_MS} ms`);
    }
    await new Promise((done) => setTimeout(done, 50));
  }
}

/** LANG for a language: a UTF-8 locale of its main country (Chromium reads LANGUAGE first). */
const LANG_OF: Record<NonNullable<LaunchOptions['language']>, string> = {
  de: 'de_DE.UTF-8',
  es: 'es_ES.UTF-8',
  fr: 'fr_FR.UTF-8',
  en: 'en_US.UTF-8',
};

export async function launchWithExtension(
  options: LaunchOptions | string = {},
): Promise<ExtensionBrowser> {
  const {
    extensionDir = resolve(process.env.MM_EXTENSION_DIR ?? '.output/chrome-mv3-e2e'),
    headless = true,
    timeZone,
    language,
    keepWelcome = false,
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
    ...(timeZone || language
      ? {
          env: {
            ...process.env,
            ...(timeZone ? { TZ: timeZone } : {}),
            ...(language ? { LANGUAGE: language, LANG: LANG_OF[language] } : {}),
          },
        }
      : {}),
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
  // Builds from before the welcome page (a benchmark's baseline) open nothing.
  if (!keepWelcome && existsSync(join(extensionDir, 'welcome.html'))) {
    await closeWelcomeTab(context, `chrome-extension://${extensionId}/welcome.html`).catch(
      async (error: unknown) => {
        await context.close();
        rmSync(profile, { recursive: true, force: true });
        throw error;
      },
    );
  }

  async function openPage(path: string): Promise<Page> {
    const page = await context.newPage();
    await page.goto(`chrome-extension://${extensionId}/${path}`);
    return page;
  }

  let client: Promise<PuppeteerBrowser> | undefined;
  function puppeteerClient(): Promise<PuppeteerBrowser> {
    client ??= Promise.resolve().then(() => {
      const port = readFileSync(join(profile, 'DevToolsActivePort'), 'utf8').split('\n')[0];
      return puppeteer.connect({ browserURL: `http://127.0.0.1:${port}`, defaultViewport: null });
    });
    return client;
  }

  /** The puppeteer page of a Playwright tab, found by a mark in window.name only it carries. */
  async function samePage(tab: Page): Promise<PuppeteerPage> {
    const mark = `mm-tab-${Date.now()}-${Math.random()}`;
    await tab.evaluate((name) => (window.name = name), mark);
    for (const page of await (await puppeteerClient()).pages()) {
      const name = await page.evaluate(() => window.name).catch(() => '');
      if (name === mark) return page;
    }
    throw new Error(`No DevTools page for ${tab.url()}`);
  }

  async function openActionPopup(tab: Page): Promise<PuppeteerPage> {
    const browser = await puppeteerClient();
    await tab.bringToFront();
    const page = await samePage(tab);
    const extension = (await browser.extensions()).get(extensionId);
    if (!extension) throw new Error('The extension is not loaded');
    const appeared = browser.waitForTarget((t) => t.url() === popupUrl && t.type() === 'page', {
      timeout: 10_000,
    });
    await page.triggerExtensionAction(extension);
    const popup = await (await appeared).asPage();
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
      await (await client?.catch(() => undefined))?.disconnect();
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}
