// The headless demo: the main screens, as a person would see them, saved as screenshots.
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import type { ExtensionBrowser } from '../e2e/support/chromium';

interface WalkThrough {
  browser: ExtensionBrowser;
  sampleSite: string;
  outDir: string;
}

const POPUP_SIZE = { width: 400, height: 600 };

/** Waits until the background's first poll filled the badge (the demo build connects itself). */
export async function waitForMentions(page: Page): Promise<void> {
  await page.waitForFunction(async () => /^\d+/.test(await chrome.action.getBadgeText({})), null, {
    timeout: 20_000,
  });
}

export async function walkThrough({ browser, sampleSite, outDir }: WalkThrough): Promise<string[]> {
  const shots: string[] = [];
  const file = (name: string) => {
    const path = join(outDir, `${name}.png`);
    shots.push(path);
    return path;
  };

  const popup = await browser.openPage('popup.html');
  await popup.setViewportSize(POPUP_SIZE);
  await waitForMentions(popup);
  await popup.reload();
  await popup.getByRole('list').first().waitFor();
  await popup.screenshot({ path: file('popup-mentions') });
  await triageShots(popup, file);
  await popup.close();

  // The real toolbar popup, opened on the sample site's tab.
  const site = await browser.context.newPage();
  await site.goto(sampleSite);
  const actionPopup = await browser.openActionPopup(site);
  await new Promise((done) => setTimeout(done, 500));
  await actionPopup.screenshot({ path: file('popup-on-site') });

  const options = await browser.openPage('options.html');
  await options.setViewportSize({ width: 1000, height: 800 });
  await options
    .getByRole('button', { name: /statistics/i })
    .first()
    .waitFor();
  await options.screenshot({ path: file('options-projects'), fullPage: true });
  await options.locator('section[aria-labelledby="muted-heading"]').screenshot({
    path: file('options-muted'),
  });

  await options.goto(options.url().replace(/#.*$/, '') + '#add=brandMonitoring');
  await options.reload();
  const website = options.getByRole('textbox', { name: /website/i }).first();
  await website.fill('not a website');
  await website.blur();
  await options
    .getByText(/example/i)
    .first()
    .waitFor();
  await options.screenshot({ path: file('options-add-form-error'), fullPage: true });
  await mentionsPageShots(browser, file);
  return shots;
}

/**
 * The mentions page (docs/using.md, "The mentions page"): a search with its matches marked, the trends
 * with a chart's table open, and the page at a side panel's width.
 */
async function mentionsPageShots(
  browser: ExtensionBrowser,
  file: (name: string) => string,
): Promise<void> {
  const page = await browser.openPage('mentions.html');
  await page.setViewportSize({ width: 1400, height: 900 });
  await page.locator('.result').first().waitFor();
  // A word of the newest title: what someone looking for that story would type.
  const title = (await page.locator('.result .result__title').first().textContent()) ?? '';
  const word = title.split(/\s+/).find((w) => /^\p{L}{4,}$/u.test(w)) ?? title.slice(0, 4);
  await page.getByRole('searchbox', { name: 'Search mentions' }).pressSequentially(word);
  await page.locator('.result mark').first().waitFor();
  await page.getByRole('img', { name: /Mentions per day/ }).waitFor();
  await page.screenshot({ path: file('mentions-search') });

  await page.getByRole('searchbox', { name: 'Search mentions' }).fill('');
  const trends = page.getByRole('region', { name: 'Trends' });
  await trends.getByText(/^Table: Top sites/).click();
  await trends.screenshot({ path: file('mentions-trends') });

  await page.setViewportSize({ width: 380, height: 800 });
  await page.screenshot({ path: file('mentions-side-panel') });
  await page.close();
}

/**
 * The popup's triage (docs/using.md, "Triage"): two mentions saved for later, a row's menu open, its
 * author muted (so the options page lists a rule), and the Saved view.
 */
async function triageShots(popup: Page, file: (name: string) => string): Promise<void> {
  for (let saved = 1; saved <= 2; saved++) {
    await popup.getByRole('button', { name: 'Save for later' }).first().click();
    await popup
      .getByRole('button', { name: 'Remove from Saved' })
      .nth(saved - 1)
      .waitFor();
  }
  await popup.getByRole('button', { name: 'More actions' }).nth(2).click();
  const menu = popup.getByRole('menu');
  await menu.waitFor();
  await popup.screenshot({ path: file('popup-row-menu') });
  await menu
    .getByRole('menuitem', { name: /^Mute author / })
    .first()
    .click();
  await popup.getByRole('button', { name: /^Saved/ }).click();
  await popup.getByRole('button', { name: 'Remove from Saved' }).nth(1).waitFor();
  await popup.screenshot({ path: file('popup-saved') });
  await popup.getByRole('button', { name: /^New/ }).click();
}
