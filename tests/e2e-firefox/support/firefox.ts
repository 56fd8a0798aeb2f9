// Launches Firefox ESR headless through puppeteer-core's WebDriver BiDi with the built extension
// installed as a temporary add-on, and opens the extension's own pages as tabs.
//
// Opening moz-extension:// pages, as found on Firefox 153 ESR with puppeteer-core 24:
// - The moz-extension origin is made predictable: the profile's `extensions.webextensions.uuids`
//   preference maps the manifest's gecko id to a UUID chosen here, before the add-on is installed.
// - BiDi refuses to navigate to moz-extension:// ("not allowed in this context") unless Firefox
//   starts with `--remote-allow-system-access` (test-only; it lets BiDi reach privileged pages).
// - Even then Firefox sends no `load`/`domContentLoaded` events for extension documents, so
//   `page.goto` never settles: the navigation is started, the page is polled until it shows the
//   URL fully loaded, and the pending goto is then aborted. For the same reason `page.url()`
//   keeps saying about:blank on these tabs; ask the page (`location.href`) instead.
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import puppeteer, { type Browser, type EvaluateFunc, type Page } from 'puppeteer-core';

export const FIREFOX_PATH = process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr';

const NAVIGATION_TIMEOUT_MS = 15_000;
const CLOSE_TIMEOUT_MS = 10_000;

export interface FirefoxExtensionBrowser {
  browser: Browser;
  /** The add-on id: the manifest's browser_specific_settings.gecko.id. */
  extensionId: string;
  /** `moz-extension://<uuid>`, without a trailing slash. */
  origin: string;
  /** Opens one of the extension's pages (popup.html, options.html) in a new tab, fully loaded. */
  openPage(path: string): Promise<Page>;
  /**
   * Runs a function in an extension context (a tab showing the extension's manifest.json, so no
   * app code runs there), where the `browser.*` APIs are available.
   */
  evaluate<Params extends unknown[], Func extends EvaluateFunc<Params>>(
    fn: Func,
    ...args: Params
  ): Promise<Awaited<ReturnType<Func>>>;
  /** The toolbar badge text (the global one, or a tab's). */
  badgeText(tabId?: number): Promise<string>;
  close(): Promise<void>;
}

export interface LaunchOptions {
  /** Extra Firefox preferences for the throw-away profile. */
  prefs?: Record<string, unknown>;
  /**
   * Every launch is a fresh install, and a fresh install opens the welcome page in a tab
   * (lib/background/app.ts). By default the launch waits for that tab and closes it, so a test
   * starts with the browser as it was before the welcome existed; true leaves it open.
   */
  keepWelcome?: boolean;
}

interface GeckoManifest {
  manifest_version?: number;
  browser_specific_settings?: { gecko?: { id?: string } };
}

export async function launchFirefoxWithExtension(
  extensionDir = resolve(process.env.MM_FIREFOX_EXTENSION_DIR ?? '.output/firefox-mv3-e2e'),
  options: LaunchOptions = {},
): Promise<FirefoxExtensionBrowser> {
  if (!existsSync(FIREFOX_PATH)) {
    throw new Error(`Firefox not found at ${FIREFOX_PATH}: apt-get install -y firefox-esr`);
  }
  const manifestPath = join(extensionDir, 'manifest.json');
  if (!existsSync(manifestPath)) {
    throw new Error(
      `No built extension in ${extensionDir}: run npx wxt build -b firefox --mv3 --mode e2e`,
    );
  }
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as GeckoManifest;
  const extensionId = manifest.browser_specific_settings?.gecko?.id;
  if (!extensionId) {
    throw new Error(`${manifestPath} has no browser_specific_settings.gecko.id`);
  }
  const uuid = randomUUID();
  const origin = `moz-extension://${uuid}`;

  const profile = mkdtempSync(join(tmpdir(), 'mm-firefox-'));
  let launched: Browser | undefined;
  try {
    launched = await puppeteer.launch({
      browser: 'firefox',
      executablePath: FIREFOX_PATH,
      headless: true,
      userDataDir: profile,
      args: ['--remote-allow-system-access'],
      extraPrefsFirefox: {
        'extensions.webextensions.uuids': JSON.stringify({ [extensionId]: uuid }),
        ...options.prefs,
      },
    });
    const installed = await launched.installExtension(extensionDir);
    if (installed !== extensionId) {
      throw new Error(`Installed add-on ${installed}, expected ${extensionId}`);
    }
    if (!options.keepWelcome && existsSync(join(extensionDir, 'welcome.html'))) {
      await closeWelcomeTab(launched, `${origin}/welcome.html`);
    }
  } catch (error) {
    await shutDown(launched, profile);
    throw error;
  }
  // Not named `browser`: functions passed to evaluate() use the extension's `browser` global.
  const firefox = launched;

  async function openPage(path: string): Promise<Page> {
    const relative = path.replace(/^\//, '');
    // Firefox shows an empty document for a missing extension file rather than failing.
    if (!existsSync(join(extensionDir, relative.replace(/[?#].*$/, '')))) {
      throw new Error(`${relative} is not in ${extensionDir}`);
    }
    const page = await firefox.newPage();
    try {
      await navigateToExtensionPage(page, `${origin}/${relative}`);
    } catch (error) {
      await page.close().catch(() => {});
      throw error;
    }
    return page;
  }

  let apiPage: Promise<Page> | undefined;
  async function evaluate<Params extends unknown[], Func extends EvaluateFunc<Params>>(
    fn: Func,
    ...args: Params
  ): Promise<Awaited<ReturnType<Func>>> {
    apiPage ??= openPage('manifest.json').catch((error: unknown) => {
      apiPage = undefined; // Let the next call try again.
      throw error;
    });
    return (await apiPage).evaluate(fn, ...args);
  }

  return {
    browser: firefox,
    extensionId,
    origin,
    openPage,
    evaluate,
    badgeText: (tabId) =>
      evaluate((id) => browser.action.getBadgeText(id === undefined ? {} : { tabId: id }), tabId),
    close: () => shutDown(firefox, profile),
  };
}

/** Waits for the welcome tab the install opens and closes it. */
async function closeWelcomeTab(firefox: Browser, welcomeUrl: string): Promise<void> {
  // page.url() says about:blank on extension tabs (see above): each tab is asked for its location.
  const deadline = Date.now() + NAVIGATION_TIMEOUT_MS;
  for (;;) {
    for (const page of await firefox.pages()) {
      const href = await page.evaluate(() => location.href).catch(() => '');
      if (href === welcomeUrl) return page.close();
    }
    if (Date.now() > deadline) {
      throw new Error(`The install opened no ${welcomeUrl} within ${NAVIGATION_TIMEOUT_MS} ms`);
    }
    await new Promise((done) => setTimeout(done, 100));
  }
}

/** Starts the navigation, then waits until the page itself reports the URL loaded. */
async function navigateToExtensionPage(page: Page, url: string): Promise<void> {
  const abort = new AbortController();
  let failure: { error: unknown } | undefined;
  const navigation = page
    .goto(url, { signal: abort.signal, timeout: NAVIGATION_TIMEOUT_MS })
    .catch((error: unknown) => {
      if (!abort.signal.aborted) failure = { error };
    });
  try {
    const deadline = Date.now() + NAVIGATION_TIMEOUT_MS;
    for (;;) {
      if (failure) throw failure.error;
      const state = await page
        .evaluate(() => ({ href: location.href, readyState: document.readyState }))
        .catch(() => undefined); // The old document went away mid-call: ask again.
      if (state?.href === url && state.readyState === 'complete') return;
      if (Date.now() > deadline) {
        throw new Error(`${url} did not load within ${NAVIGATION_TIMEOUT_MS} ms`);
      }
      await new Promise((done) => setTimeout(done, 50));
    }
  } finally {
    abort.abort();
    await navigation;
  }
}

async function shutDown(firefox: Browser | undefined, profile: string): Promise<void> {
  try {
    if (firefox) {
      let timer: NodeJS.Timeout | undefined;
      const closed = await Promise.race([
        firefox.close().then(() => true),
        new Promise<false>((done) => (timer = setTimeout(() => done(false), CLOSE_TIMEOUT_MS))),
      ]);
      clearTimeout(timer);
      if (!closed) firefox.process()?.kill('SIGKILL');
    }
  } finally {
    rmSync(profile, { recursive: true, force: true });
  }
}
