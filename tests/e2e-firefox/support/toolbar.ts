// The toolbar button in Firefox, clicked as a person clicks it, and the popup it opens.
//
// As found on Firefox 153 ESR with puppeteer-core 24 (WebDriver BiDi):
// - `action.openPopup()` opens the real popup but grants no `activeTab` (it is not a user's click),
//   so the popup sees no address; Firefox's own shortcut for `_execute_action` cannot be pressed
//   from a page either (BiDi's keys go to the page, not to the browser window).
// - With `--remote-allow-system-access` (support/firefox.ts), BiDi lists and evaluates in the
//   browser window itself (`moz:scope: chrome`). A click on the add-on's toolbar button there is a
//   trusted click: Firefox grants `activeTab` for the selected tab and opens the real popup, exactly
//   as for a person's click.
// - The popup is no BiDi browsing context (its <browser> lives in a panel of the window), so
//   puppeteer cannot drive it. It is an extension view: `extension.getViews({ type: 'popup' })`
//   from another extension page reaches its document, which is how it is read here.
// - To drive the popup by accessible names, openBehind opens popup.html in a background tab of
//   the same window: the site's tab stays the active one, the click's `activeTab` grant still holds
//   for it, so that page reads the same tab state the real popup read.
import type { Page } from 'puppeteer-core';
import { waitFor } from './extension-calls';
import type { FirefoxExtensionBrowser } from './firefox';

/** The raw BiDi connection puppeteer's Firefox browser holds (not in its public types). */
interface BidiConnection {
  send(method: string, params: object): Promise<{ result: unknown }>;
}

interface EvaluateResult {
  type: 'success' | 'exception';
  result?: { type: string; value?: unknown };
  exceptionDetails?: { text?: string };
}

/** Firefox's id for an add-on's toolbar widget (ExtensionCommon's makeWidgetId). */
function widgetId(extensionId: string): string {
  return `${extensionId.toLowerCase().replace(/[^a-z0-9_-]/g, '_')}-browser-action`;
}

/**
 * Runs `expression` (which must evaluate to a string) in the browser window's own document, with
 * the browser's privileges.
 */
async function inBrowserWindow(firefox: FirefoxExtensionBrowser, expression: string) {
  const connection = (firefox.browser as unknown as { connection: BidiConnection }).connection;
  const tree = (await connection.send('browsingContext.getTree', { 'moz:scope': 'chrome' }))
    .result as { contexts: { context: string; url: string }[] };
  const window = tree.contexts.find((c) => c.url === 'chrome://browser/content/browser.xhtml');
  if (!window) throw new Error(`No browser window among ${JSON.stringify(tree.contexts)}`);
  const reply = (
    await connection.send('script.evaluate', {
      expression,
      target: { context: window.context },
      awaitPromise: true,
    })
  ).result as EvaluateResult;
  if (reply.type !== 'success' || reply.result?.type !== 'string') {
    throw new Error(`In the browser window: ${JSON.stringify(reply)}`);
  }
  return String(reply.result.value);
}

/**
 * Brings `tab` to the front and clicks the add-on's toolbar button (pinned to the toolbar first, as
 * a person pins it from the Extensions menu). Firefox grants `activeTab` for `tab` and opens the
 * popup; resolves once the popup has painted from storage.
 */
export async function clickToolbarButton(firefox: FirefoxExtensionBrowser, tab: Page) {
  await tab.bringToFront();
  const id = widgetId(firefox.extensionId);
  const clicked = await inBrowserWindow(
    firefox,
    `(() => {
      CustomizableUI.addWidgetToArea(${JSON.stringify(id)}, CustomizableUI.AREA_NAVBAR);
      const button = document.getElementById(${JSON.stringify(id)})?.querySelector('toolbarbutton');
      if (!button) return 'no toolbar button';
      button.click();
      return 'clicked';
    })()`,
  );
  if (clicked !== 'clicked') throw new Error(clicked);
  await waitFor(
    'the popup painted',
    () =>
      firefox.evaluate(() => {
        const [popup] = browser.extension.getViews({ type: 'popup' });
        return popup?.document.querySelector('main:not([aria-busy])') !== null && !!popup;
      }),
    (painted) => painted,
  );
}

/** What the open popup's site line says, [host, detail], once its detail starts with `detail`. */
export async function popupSiteLine(
  firefox: FirefoxExtensionBrowser,
  detail: string,
): Promise<[string, string]> {
  const read = () =>
    firefox.evaluate((): [string, string] => {
      const popup = browser.extension.getViews({ type: 'popup' })[0];
      const line = popup?.document.querySelector('.site');
      return [
        line?.querySelector('.site__host')?.textContent ?? '',
        line?.querySelector('.site__detail')?.textContent ?? '',
      ];
    });
  return waitFor(`the popup's site line "${detail}"`, read, ([, text]) => text.startsWith(detail));
}

/** The address and title of the tab the open popup reads as the active one. */
export async function popupActiveTab(firefox: FirefoxExtensionBrowser) {
  return firefox.evaluate(async () => {
    const popup = browser.extension.getViews({ type: 'popup' })[0] as
      (Window & { browser: typeof browser }) | undefined;
    if (!popup) throw new Error('No popup open');
    const [tab] = await popup.browser.tabs.query({ active: true, currentWindow: true });
    return { url: tab?.url, title: tab?.title };
  });
}

/** Closes the open popup, as a click elsewhere does. */
export async function closePopup(firefox: FirefoxExtensionBrowser): Promise<void> {
  await firefox.evaluate(() => browser.extension.getViews({ type: 'popup' })[0]?.close());
  await waitFor(
    'the popup closed',
    () => firefox.evaluate(() => browser.extension.getViews({ type: 'popup' }).length),
    (open) => open === 0,
  );
}

/**
 * Opens an extension page (popup.html) in a background tab of the current window: the active tab
 * stays the one in front. Resolves to the page, loaded.
 */
export async function openBehind(firefox: FirefoxExtensionBrowser, path: string): Promise<Page> {
  const url = `${firefox.origin}/${path.replace(/^\//, '')}`;
  const before = new Set(await firefox.browser.pages());
  await firefox.evaluate((url) => browser.tabs.create({ url, active: false }), url);
  // The tab's page: puppeteer reports about:blank for extension documents (support/firefox.ts),
  // so each page is asked where it is.
  const hrefOf = (page: Page) =>
    page.evaluate(() => [location.href, document.readyState].join(' ')).catch(() => '');
  return waitFor(
    `${path} in a background tab`,
    async () => {
      for (const page of await firefox.browser.pages()) {
        if (!before.has(page) && (await hrefOf(page)) === `${url} complete`) return page;
      }
      return null;
    },
    (page) => page !== null,
  ) as Promise<Page>;
}
