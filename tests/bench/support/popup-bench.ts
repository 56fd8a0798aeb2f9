// One warm browser for the popup benchmarks: headless Debian Chromium with the copied e2e build
// (bench-build.ts), the fake service, and a quiet extension page to talk to the background.
//
// Seeding goes the way a user's mentions arrive, so it does not depend on how the extension
// stores them: the extension is reset to a fresh install (storage, alarms, badge cleared, worker
// restarted), a new fake-service account holding exactly N recent mentions is made, the connection
// is saved as the options page saves it (the saveConnection message), the background polls, and
// we wait until the toolbar badge and the popup's header show N unread.
import type { Page } from 'playwright-core';
import { badgeState } from '@/lib/badge/badge-state';
import { launchWithExtension, type ExtensionBrowser } from '../../e2e/support/chromium';
import { ExtensionPage } from '../../e2e/support/extension-page';
import { resetExtension } from '../../e2e/support/reset-extension';
import { startFakeService, type FakeService } from '../../fake-service/server';
import { createBenchAccount } from './bench-account';
import { benchBuild } from './bench-build';
import { popupSizedTab } from './on-screen';

export const POPUP_PAGE = 'popup.html';
/** A mention row of the popup's list (components/MentionRow.tsx). */
export const ROW = '[data-mention-list] [data-key]';
/** The popup's empty states (components/ListStates.tsx), once its data is read. */
export const EMPTY_STATE = 'main:not([aria-busy]) section.empty';
/** Shown only once the whole store is read and holds more than a page (MentionList.tsx). */
export const SHOW_MORE = '[data-mention-list] ~ .show-more';

const SEED_TIMEOUT_MS = 120_000;

export interface PopupBench {
  browser: ExtensionBrowser;
  /** The quiet extension page: commands to the background, the badge. */
  ext: ExtensionPage;
  svc: FakeService;
  chromiumVersion: string;
  extensionDir: string;
  /** What the extension was built from (bench-build.ts). */
  buildSource: string;
  /** Where the build's baseline popup comes from (bench-build.ts), when it has one. */
  baseline: string | null;
  /** A fresh install holding `mentions` unread mentions, shown by the badge and the popup. */
  /**
   * Resets the extension and gives it `mentions` unread mentions by a real poll, over `accounts`
   * accounts of the fake service (the first connected, the others added), split evenly.
   */
  seed(mentions: number, accounts?: number): Promise<{ seconds: number }>;
  /** popup.html in a fresh popup-sized tab. */
  openPopup(): Promise<Page>;
  close(): Promise<void>;
}

export function unreadText(count: number): string {
  return `${count.toLocaleString('en-US')} unread`;
}

async function waitForBadge(ext: ExtensionPage, text: string): Promise<void> {
  const deadline = Date.now() + SEED_TIMEOUT_MS;
  while ((await ext.settledBadge(300)).text !== text) {
    if (Date.now() > deadline) throw new Error(`badge never showed "${text}"`);
  }
}

export async function startPopupBench(): Promise<PopupBench> {
  const { dir, source, baseline } = benchBuild();
  const svc = await startFakeService({ port: 0, seedData: false });
  const browser = await launchWithExtension({ extensionDir: dir, headless: true });
  const ext = await ExtensionPage.open(browser);
  // The user agent says 156.0.0.0 (reduced); DevTools gives the full version.
  const cdp = await browser.context.newCDPSession(ext.page);
  const { product } = (await cdp.send('Browser.getVersion')) as { product: string };
  await cdp.detach();
  let accounts = 0;

  async function openPopup(): Promise<Page> {
    const page = await popupSizedTab(browser);
    await page.goto(`chrome-extension://${browser.extensionId}/${POPUP_PAGE}`);
    return page;
  }

  async function seed(mentions: number, split = 1): Promise<{ seconds: number }> {
    const began = Date.now();
    await resetExtension(ext, browser.extensionId);
    for (let part = 0; part < split; part++) {
      accounts += 1;
      const account = await createBenchAccount(svc, `bench-key-${accounts}`, mentions / split);
      const connection = { serviceUrl: svc.url, apiKey: account.apiKey };
      if (part === 0) await ext.ok('saveConnection', connection);
      else await ext.ok('addAccount', connection);
    }
    await waitForBadge(ext, badgeState({ unread: mentions, attention: null }).text);
    const popup = await openPopup();
    try {
      // The popup watches storage: it shows the count once the poll has stored everything.
      const shown =
        mentions === 0
          ? popup.getByRole('heading', { name: 'No mentions yet' })
          : popup.getByText(unreadText(mentions), { exact: true });
      await shown.waitFor({ timeout: SEED_TIMEOUT_MS });
    } finally {
      await popup.close();
    }
    // Let the worker finish what the poll started (notifications, status) before timing anything.
    await ext.settledBadge(1_000);
    return { seconds: (Date.now() - began) / 1000 };
  }

  return {
    browser,
    ext,
    svc,
    chromiumVersion: product.replace(/^(Headless)?Chrome\//, ''),
    extensionDir: dir,
    buildSource: source,
    baseline,
    seed,
    openPopup,
    async close() {
      await browser.close();
      await svc.close();
    },
  };
}
