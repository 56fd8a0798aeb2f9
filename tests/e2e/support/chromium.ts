// Launches Debian's Chromium with the built extension loaded, the way toolchain.md found to work
// here: a persistent throw-away profile, the extension unpacked from .output/, no network noise.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium, type BrowserContext, type Page, type Worker } from 'playwright-core';

export const CHROMIUM_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';

export interface ExtensionBrowser {
  context: BrowserContext;
  extensionId: string;
  serviceWorker: Worker;
  /** Opens one of the extension's pages (popup.html, options.html) as a tab. */
  openPage(path: string): Promise<Page>;
  close(): Promise<void>;
}

export async function launchWithExtension(
  extensionDir = resolve(process.env.MM_EXTENSION_DIR ?? '.output/chrome-mv3-e2e'),
): Promise<ExtensionBrowser> {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(`Chromium not found at ${CHROMIUM_PATH}: apt-get install -y chromium`);
  }
  if (!existsSync(join(extensionDir, 'manifest.json'))) {
    throw new Error(`No built extension in ${extensionDir}: run npm run build first`);
  }
  const profile = mkdtempSync(join(tmpdir(), 'mm-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_PATH,
    headless: true,
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
    ],
  });
  const serviceWorker =
    context.serviceWorkers()[0] ??
    (await context.waitForEvent('serviceworker', { timeout: 15_000 }));
  const extensionId = new URL(serviceWorker.url()).host;
  return {
    context,
    extensionId,
    serviceWorker,
    async openPage(path) {
      const page = await context.newPage();
      await page.goto(`chrome-extension://${extensionId}/${path}`);
      return page;
    },
    async close() {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}
