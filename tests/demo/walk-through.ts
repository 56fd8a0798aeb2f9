// The headless demo: the main screens, as a person would see them, saved as screenshots.
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';

interface WalkThrough {
  context: BrowserContext;
  extensionId: string;
  sampleSite: string;
  outDir: string;
}

const POPUP_SIZE = { width: 400, height: 600 };

/** Waits until the background's first poll filled the badge (the demo build connects itself). */
async function waitForMentions(page: Page): Promise<void> {
  await page.waitForFunction(async () => /^\d+/.test(await chrome.action.getBadgeText({})), null, {
    timeout: 20_000,
  });
}

export async function walkThrough({ context, extensionId, sampleSite, outDir }: WalkThrough) {
  const base = `chrome-extension://${extensionId}`;
  const shots: string[] = [];
  const shoot = async (page: Page, name: string) => {
    const path = join(outDir, `${name}.png`);
    await page.screenshot({ path, fullPage: name.startsWith('options') });
    shots.push(path);
  };

  const popup = await context.newPage();
  await popup.setViewportSize(POPUP_SIZE);
  await popup.goto(`${base}/popup.html`);
  await waitForMentions(popup);
  await popup.reload();
  await popup.getByRole('list').first().waitFor();
  await shoot(popup, 'popup-mentions');

  // The popup on a site: the real action popup, opened for the sample site's tab.
  const site = await context.newPage();
  await site.goto(sampleSite);
  await site.bringToFront();
  const opened = context.waitForEvent('page', { timeout: 10_000 });
  await popup.evaluate(() => chrome.action.openPopup());
  const actionPopup = await opened;
  await actionPopup.waitForLoadState();
  await actionPopup.getByRole('main').waitFor();
  await actionPopup.waitForTimeout(300);
  await shoot(actionPopup, 'popup-on-site');
  await popup.close();

  const options = await context.newPage();
  await options.setViewportSize({ width: 1000, height: 800 });
  await options.goto(`${base}/options.html`);
  await options
    .getByRole('button', { name: /statistics/i })
    .first()
    .waitFor();
  await shoot(options, 'options-projects');

  await options.goto(`${base}/options.html#add=brandMonitoring`);
  await options.reload();
  const website = options.getByRole('textbox', { name: /website/i }).first();
  await website.fill('not a website');
  await website.blur();
  await options
    .getByText(/example/i)
    .first()
    .waitFor();
  await shoot(options, 'options-add-form-error');
  return shots;
}
