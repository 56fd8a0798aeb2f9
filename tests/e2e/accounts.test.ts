// Several accounts in real Chromium, driven as a person would through the options page and the
// popup: a second account on another service address, both counted on the badge, the second
// service down while the first polls on, and the second account removed with everything it had;
// then ten accounts at once, on every page, with axe-core finding nothing.
// The steps share one browser and run in order: each starts from the state the previous one left.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { accountView } from '../../lib/accounts/accounts';
import { storeOfShards } from '../../lib/mentions/shards';
import { startFakeService, type FakeService } from '../fake-service/server';
import { launchWithExtension, type ExtensionBrowser } from './support/chromium';
import { ExtensionPage } from './support/extension-page';
import { axeViolations } from './support/axe';
import { inputThatClosesPopup, openPopup } from './support/popup';

let own: FakeService;
let client: FakeService;
let browser: ExtensionBrowser;
let ext: ExtensionPage;
let options: Page;

beforeAll(async () => {
  own = await startFakeService({ port: 0 });
  // Another address (and another seed: the same ids are other mentions there).
  client = await startFakeService({ port: 0, host: 'localhost', seed: 2 });
  browser = await launchWithExtension();
  ext = await ExtensionPage.open(browser);
});
afterAll(async () => {
  await browser?.close();
  await own?.close();
  await client?.close();
});

const until = (condition: () => boolean | Promise<boolean>, what: string) =>
  vi.waitFor(async () => expect(await condition(), what).toBe(true), {
    timeout: 15_000,
    interval: 100,
  });

/** Every key of storage.local and storage.session, as the extension holds them. */
async function storedKeys(): Promise<string[]> {
  return ext.page.evaluate(async () => [
    ...Object.keys(await chrome.storage.local.get(null)),
    ...Object.keys(await chrome.storage.session.get(null)),
  ]);
}

/** Account `id`'s unread mentions, read from its keys the way the extension reads them. */
async function unreadOf(id: string): Promise<number> {
  const all = (await ext.page.evaluate(async () => chrome.storage.local.get(null))) as Record<
    string,
    unknown
  >;
  const store = storeOfShards(accountView(all, id));
  return Object.values(store.byProject)
    .flat()
    .filter((m) => !m.read).length;
}

async function polledAccount(id: string): Promise<boolean> {
  const key = id === '1' ? 'syncStatus' : `account${id}/syncStatus`;
  const lease = id === '1' ? 'pollLease' : `account${id}/pollLease`;
  const status = await ext.session<{ lastPollAt: number | null }>(key);
  return status?.lastPollAt != null && (await ext.session(lease)) == null;
}

describe('a second account', () => {
  it('is added on another service address, and the badge counts both accounts', async () => {
    await ext.configure(own.url, own.apiKey);
    options = await browser.openPage('options.html');
    options.setDefaultTimeout(15_000);
    await options.getByRole('main').waitFor();

    await options.getByRole('button', { name: 'Add account' }).click();
    await options.getByLabel('Account name (optional)').fill('Client B');
    await options.getByLabel('Service address').fill(client.url);
    await options.getByLabel('API key', { exact: true }).fill(client.apiKey);
    await options.getByRole('button', { name: 'Add account' }).click();
    await options.getByRole('status').filter({ hasText: 'Account Client B added.' }).waitFor();

    const list = options.getByRole('list', { name: 'Accounts' });
    await expect.poll(() => list.getByRole('listitem').count()).toBe(2);
    await list.getByRole('heading', { name: 'Client B' }).waitFor();
    await until(() => polledAccount('2'), "the second account's first poll");

    const [first, second] = [await unreadOf('1'), await unreadOf('2')];
    expect(first).toBeGreaterThan(0);
    expect(second).toBeGreaterThan(0);
    const badge = await ext.settledBadge();
    expect(badge.text).toBe(String(first + second));
    expect(badge.title).toContain(`Client B: ${second}`);
    expect(badge.title).toContain(`${new URL(own.url).host}: ${first}`);
    expect(await axeViolations(options)).toEqual([]);
  });

  it('shows both accounts’ mentions in the popup, each row naming its account', async () => {
    const popup = await openPopup(browser);
    const filter = popup.getByRole('combobox', { name: 'Account' });
    await filter.waitFor();
    const rows = popup.getByRole('link', { name: /^Unread: / });
    expect(await rows.count()).toBeGreaterThan(1);
    const list = popup.getByRole('main');
    // Each row names its account ("Account:" is said, not shown).
    await list.getByText('Account: Client B', { exact: true }).first().waitFor();
    await list
      .getByText(`Account: ${new URL(own.url).host}`, { exact: true })
      .first()
      .waitFor();
    expect(await axeViolations(popup)).toEqual([]);

    // Filtered to the second account: its mentions alone, and "Mark all read" reads them alone.
    await filter.selectOption('2');
    await expect
      .poll(async () =>
        list.getByText(`Account: ${new URL(own.url).host}`, { exact: true }).count(),
      )
      .toBe(0);
    const first = await unreadOf('1');
    await popup.getByRole('button', { name: 'Mark all read' }).click();
    await until(async () => (await unreadOf('2')) === 0, "the second account's mentions read");
    expect(await unreadOf('1')).toBe(first);
    expect((await ext.settledBadge()).text).toBe(String(first));
    await popup.close();
  });

  it('opens a mention of one account, marking it read there alone', async () => {
    const popup = await openPopup(browser);
    await popup.getByRole('combobox', { name: 'Account' }).selectOption('1');
    const link = popup.getByRole('link', { name: /^Unread: / }).first();
    const name = (await link.getAttribute('aria-label')) ?? (await link.innerText());
    const before = await unreadOf('1');
    await inputThatClosesPopup(popup, link.click());
    await until(async () => (await unreadOf('1')) === before - 1, `"${name}" read`);
    expect(await unreadOf('2')).toBe(0);
    if (!popup.isClosed()) await popup.close();
  });

  it('has its service down on its own: its state says so, and the first account polls on', async () => {
    client.setFault('unavailable');
    const row = options.getByRole('listitem').filter({ hasText: 'Client B' });
    await row.getByRole('button', { name: 'Check now Client B' }).click();
    await row.getByText('Paused after an error').waitFor();

    const before = await unreadOf('1');
    own.addMentions(own.projects()[0].project_id, 2);
    const since = Date.now();
    await ext.ok('pollNow');
    await ext.waitForPoll(since);
    expect(await unreadOf('1')).toBe(before + 2);
    const ownRow = options.getByRole('listitem').filter({ hasText: new URL(own.url).host });
    await ownRow.getByText('Connected').waitFor();
    client.clearFaults();
  });

  it('is removed with its data and token, and no call carries its token afterwards', async () => {
    const token = [...client.log].reverse().find((entry) => entry.query.token)?.query.token;
    expect(token).toBeDefined();
    await options.getByRole('button', { name: 'Remove account Client B' }).click();
    await options.getByRole('dialog').getByRole('button', { name: 'Remove account' }).click();
    await options.getByRole('status').filter({ hasText: 'Account Client B removed.' }).waitFor();
    await until(
      async () => (await storedKeys()).every((key) => !key.startsWith('account2/')),
      'every key of the second account to be gone',
    );

    client.clearLog();
    const since = Date.now();
    await ext.ok('pollNow');
    await ext.waitForPoll(since);
    await options.getByRole('button', { name: 'Check now' }).first().click();
    await options.waitForTimeout(500);
    expect(client.log).toEqual([]);
    expect(own.log.every((entry) => entry.query.token !== token)).toBe(true);
    const badge = await ext.settledBadge();
    expect(badge.text).toBe(String(await unreadOf('1')));
    expect(badge.title).not.toContain('Client B');
  });
});

describe('ten accounts', () => {
  it('poll side by side into one badge, listed and filtered on every page, with no axe violations', async () => {
    const ids = ['1'];
    for (let n = 2; n <= 10; n++) {
      const apiKey = `ten-accounts-key-${n}-0123456789`;
      own.addAccount(apiKey, { seedData: true });
      const added = await ext.ok('addAccount', {
        serviceUrl: own.url,
        apiKey,
        label: `Client ${n}`,
      });
      ids.push(added.accountId);
    }
    expect(new Set(ids).size).toBe(10);
    for (const id of ids) await until(() => polledAccount(id), `account ${id}'s first poll`);

    const unread = await Promise.all(ids.map(unreadOf));
    expect(unread.every((count) => count > 0)).toBe(true);
    const badge = await ext.settledBadge();
    expect(badge.text).toBe(String(unread.reduce((sum, count) => sum + count, 0)));
    expect(badge.title).toContain(`Client 10: ${unread[9]}`);

    await options.reload();
    const list = options.getByRole('list', { name: 'Accounts' });
    await expect.poll(() => list.getByRole('listitem').count()).toBe(10);
    await list.getByRole('heading', { name: 'Client 10' }).waitFor();
    expect(await axeViolations(options)).toEqual([]);

    const popup = await openPopup(browser);
    const filter = popup.getByRole('combobox', { name: 'Account' });
    await filter.waitFor();
    expect(await filter.getByRole('option').count()).toBe(11);
    await filter.selectOption(ids[9]);
    const main = popup.getByRole('main');
    await main.getByText('Account: Client 10', { exact: true }).first().waitFor();
    await expect
      .poll(async () => main.getByText('Account: Client 9', { exact: true }).count())
      .toBe(0);
    expect(await axeViolations(popup)).toEqual([]);
    await popup.close();

    const page = await browser.openPage(`mentions.html?account=${ids[9]}`);
    await page.getByText('Account: Client 10', { exact: true }).first().waitFor();
    expect(await page.getByRole('combobox', { name: 'Account' }).inputValue()).toBe(ids[9]);
    expect(await axeViolations(page)).toEqual([]);
    await page.close();
  });
});
