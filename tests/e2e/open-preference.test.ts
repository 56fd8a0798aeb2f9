// The preference to open mentions in background tabs, in the built extension in real Chromium,
// against the fake service (issue 16): turned on in the options page by its name, a plain click on
// a mention in the popup opens its page in a background tab, the popup stays open and in front,
// and the mention reads as read (in the popup, in storage and on the badge).
import { describe, expect, it } from 'vitest';
import { connectedSuite } from './support/connected-suite';
import { openPopup } from './support/popup';
import { tabs as tabsOf } from './support/tabs';

const suite = connectedSuite();

describe('opening mentions in background tabs, in Chromium', () => {
  it('turned on in the options page, a plain click opens behind, the popup stays, the mention reads as read', async () => {
    const options = await suite.browser.openPage('options.html');
    const toggle = options.getByRole('switch', { name: 'Open mentions in background tabs' });
    expect(await toggle.isChecked()).toBe(false);
    await toggle.check();
    await options.getByText('Saved: mentions open in background tabs.').waitFor();
    await expect
      .poll(
        async () =>
          (await suite.ext.local<{ openInBackground?: boolean }>('settings'))?.openInBackground,
      )
      .toBe(true);
    await options.close();

    const url = `${suite.svc.url}/story/open-behind`;
    suite.svc.addMentions(suite.acme.project_id, 1, { title: 'A story to read later', url });
    const since = Date.now();
    await suite.ext.ok('pollNow');
    await suite.ext.waitForPoll(since);
    expect((await suite.ext.settledBadge()).text).toBe('1');

    const popup = await openPopup(suite.browser);
    const before = new Set((await tabsOf(suite.ext)).map((tab) => tab.id));
    await popup.getByRole('link', { name: 'Unread: A story to read later' }).click();

    await expect
      .poll(async () => (await tabsOf(suite.ext)).filter((tab) => !before.has(tab.id)))
      .toHaveLength(1);
    const [opened] = (await tabsOf(suite.ext)).filter((tab) => !before.has(tab.id));
    expect(opened.url).toBe(url);
    expect(opened.active).toBe(false);
    // The popup is still open and still in front.
    expect(popup.isClosed()).toBe(false);
    expect(await popup.evaluate(async () => (await chrome.tabs.getCurrent())?.active)).toBe(true);

    // Read: still listed, offering "Mark as unread"; stored read; the badge empty.
    await popup.getByRole('link', { name: 'A story to read later' }).waitFor();
    await popup.getByRole('button', { name: 'Mark as unread' }).waitFor();
    const store = await suite.ext.store();
    const mention = store.byProject[suite.acme.project_id].find(
      (m) => m.title === 'A story to read later',
    );
    expect(mention?.read).toBe(true);
    expect((await suite.ext.settledBadge()).text).toBe('');

    await suite.ext.page.evaluate(async (id) => chrome.tabs.remove(id), opened.id);
    await popup.close();
  });
});
