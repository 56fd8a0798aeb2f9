// "Open all" in the built extension, in real Chromium, against the fake service (issue 16): with a
// few mentions shown it opens exactly their pages, in list order, as background tabs (the popup
// stays in front) and they read as read afterwards, in the popup, in storage and on the badge; with
// more than 10 it asks first, and Cancel opens nothing. The steps share one browser and run in order.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeViolations } from './support/axe';
import { connectedSuite } from './support/connected-suite';
import { openPopup } from './support/popup';
import { tabs as tabsOf } from './support/tabs';

const suite = connectedSuite();

/** The links of the listed mentions, in list order. */
async function listedLinks(popup: Page): Promise<string[]> {
  return popup.$$eval('[data-mention-list] a.mention__title', (links) =>
    links.map((link) => (link as HTMLAnchorElement).href),
  );
}

describe('Open all in Chromium', () => {
  it('opens exactly the shown mentions, in list order, behind the popup, and marks them read', async () => {
    const urls = [1, 2, 3, 4].map((i) => `${suite.svc.url}/story/open-all-${i}`);
    for (const [i, url] of urls.entries()) {
      suite.svc.addMentions(suite.acme.project_id, 1, { title: `Open all story ${i + 1}`, url });
    }
    await suite.poll();
    expect((await suite.ext.settledBadge()).text).toBe('4');

    const popup = await openPopup(suite.browser);
    const shown = await listedLinks(popup);
    expect([...shown].sort()).toEqual([...urls].sort());
    const before = new Set((await tabsOf(suite.ext)).map((tab) => tab.id));

    await popup.getByRole('button', { name: 'Open all 4 shown mentions' }).click();
    await popup.getByText('Opened 4 mentions in background tabs.').waitFor();

    const opened = (await tabsOf(suite.ext)).filter((tab) => !before.has(tab.id));
    expect(opened.map((tab) => tab.url)).toEqual(shown);
    expect(opened.every((tab) => !tab.active)).toBe(true);
    // The popup is still open and still in front.
    expect(popup.isClosed()).toBe(false);
    expect(await popup.evaluate(async () => (await chrome.tabs.getCurrent())?.active)).toBe(true);

    // Read now: still listed (no row vanishes), each offering "Mark as unread"; stored; badge empty.
    await expect.poll(() => popup.getByRole('button', { name: 'Mark as unread' }).count()).toBe(4);
    expect(await listedLinks(popup)).toEqual(shown);
    const store = await suite.ext.store();
    const added = store.byProject[suite.acme.project_id].filter((m) =>
      m.title.startsWith('Open all story'),
    );
    expect(added).toHaveLength(4);
    expect(added.every((m) => m.read)).toBe(true);
    expect((await suite.ext.settledBadge()).text).toBe('');

    await suite.ext.page.evaluate(
      async (ids) => chrome.tabs.remove(ids),
      opened.map((tab) => tab.id),
    );
    await popup.close();
  });

  it('above 10 it asks first; Cancel opens nothing and focus returns to Open all', async () => {
    suite.svc.addMentions(suite.acme.project_id, 23);
    await suite.poll();
    const popup = await openPopup(suite.browser);
    expect(await listedLinks(popup)).toHaveLength(23);
    const before = (await tabsOf(suite.ext)).map((tab) => tab.id);

    const openAll = popup.getByRole('button', { name: 'Open all 23 shown mentions' });
    await openAll.click();
    const dialog = popup.getByRole('dialog', { name: 'Open 23 mentions?' });
    await dialog.waitFor();
    expect(await dialog.getByRole('button', { name: 'Open 23 tabs' }).isVisible()).toBe(true);
    const cancel = dialog.getByRole('button', { name: 'Cancel' });
    expect(await cancel.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await axeViolations(popup)).toEqual([]);

    await cancel.click();
    await dialog.waitFor({ state: 'detached' });
    expect(await openAll.evaluate((el) => el === document.activeElement)).toBe(true);
    await popup.waitForTimeout(300);
    expect((await tabsOf(suite.ext)).map((tab) => tab.id)).toEqual(before);
    expect((await suite.ext.settledBadge()).text).toBe('23');
    await popup.close();
  });
});
