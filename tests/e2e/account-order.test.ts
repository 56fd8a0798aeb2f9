// Account commands in the order the person made them, in real Chromium against the fake service:
// "Save and connect" with another key, then Disconnect while the slow login is still under way,
// ends disconnected (the page says so, nothing of either account stays, nothing is called after);
// and a page still showing account A refuses to act once another tab connected account B, telling
// the person to reload it.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startFakeService, type FakeService } from '../fake-service/server';
import { launchWithExtension, type ExtensionBrowser } from './support/chromium';
import { ExtensionPage } from './support/extension-page';

const KEY_B = 'second-account-key-0123';
const RELOAD =
  "This page shows another account's data: the connection was changed in another tab. Reload the page.";

let svc: FakeService;
let browser: ExtensionBrowser;
let ext: ExtensionPage;

beforeAll(async () => {
  svc = await startFakeService({ port: 0 });
  svc.addAccount(KEY_B, { seedData: true });
  browser = await launchWithExtension();
  ext = await ExtensionPage.open(browser);
});
afterAll(async () => {
  await browser?.close();
  await svc?.close();
});

async function openOptions(hash = ''): Promise<Page> {
  const page = await browser.openPage(`options.html${hash}`);
  page.setDefaultTimeout(15_000);
  await page.getByRole('main').waitFor();
  return page;
}

const until = (condition: () => boolean, what: string) =>
  vi.waitFor(() => expect(condition(), what).toBe(true), { timeout: 15_000, interval: 50 });

describe('account commands in order', () => {
  it('ends disconnected when Disconnect comes during the login of a new key', async () => {
    await ext.configure(svc.url, svc.apiKey);
    const page = await openOptions();
    await page.getByRole('button', { name: 'Disconnect' }).waitFor();
    // B's login answers only after the Disconnect has answered.
    svc.setFault('slow', { func: 'login', delayMs: 4_000, count: 1 });
    svc.clearLog();

    await page.getByLabel('API key', { exact: true }).fill(KEY_B);
    await page.getByRole('button', { name: 'Save and connect' }).click();
    await page.getByRole('button', { name: 'Connecting…' }).waitFor();
    await until(
      () => svc.log.some((entry) => entry.func === 'login' && entry.status === 0),
      "B's login to be under way",
    );
    await page.getByRole('button', { name: 'Disconnect' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Disconnect' }).click();
    const status = page.getByRole('status').filter({ hasText: 'Disconnected.' });
    await status.waitFor();
    const afterDisconnect = svc.log.length;

    // The slow login answers, and the save it belonged to ends without a word of its own.
    await until(
      () => svc.log.some((entry) => entry.func === 'login' && entry.status !== 0),
      "B's login to answer",
    );
    await page.getByRole('button', { name: 'Save and connect' }).waitFor();
    // No count of either account: the badge of an extension with no account.
    expect((await ext.settledBadge()).text).toBe('?');
    await status.waitFor();
    expect(await ext.local<{ apiKey: string }>('settings')).toMatchObject({ apiKey: '' });
    expect(await ext.session('sessionToken')).toBeUndefined();
    expect(await ext.local('projects')).toEqual([]);
    expect(await ext.alarm()).toBeUndefined();
    // Nothing reached the service after the Disconnect: no listing with B's token, no poll.
    expect(svc.log.slice(afterDisconnect)).toEqual([]);
    await page.close();
  });

  it('refuses an edit from a page still showing account A after another tab connected B', async () => {
    await ext.configure(svc.url, svc.apiKey);
    const acme = svc.projects().find((project) => project.name === 'Acme')!;
    const page = await openOptions(`#project=${acme.project_id}`);
    const name = page.getByLabel('Name', { exact: true });
    await vi.waitFor(async () => expect(await name.inputValue()).toBe('Acme'), {
      timeout: 15_000,
    });

    // Another tab connects account B.
    await ext.ok('saveConnection', { serviceUrl: svc.url, apiKey: KEY_B });
    svc.clearLog();
    await name.fill('Acme renamed');
    await page.getByRole('button', { name: 'Save changes' }).click();

    await page.getByText(RELOAD, { exact: false }).waitFor();
    expect(svc.log.filter((entry) => entry.func === 'editProject')).toEqual([]);
    expect(svc.projects(KEY_B).map((project) => project.name)).not.toContain('Acme renamed');
    expect(svc.projects().map((project) => project.name)).not.toContain('Acme renamed');
    await page.close();
  });
});
