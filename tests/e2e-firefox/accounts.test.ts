// Several accounts in Firefox, the main flow: a second account added on the options page on
// another service address is polled on its own, the badge counts both accounts, and the popup lists
// both accounts' mentions, each row naming its account. The steps share one browser and run in
// order.
import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeService, type FakeService } from '../fake-service/server';
import { fill, press, shows } from './support/by-name';
import { extensionCalls, openPopup, waitFor } from './support/extension-calls';
import { launchFirefoxWithExtension, type FirefoxExtensionBrowser } from './support/firefox';

/** The parts of the popup's preview (lib/mentions/preview.ts) checked here. */
interface PreviewView {
  unread: number;
}

let own: FakeService;
let client: FakeService;
let firefox: FirefoxExtensionBrowser;
let calls: ReturnType<typeof extensionCalls>;
let options: Page;

beforeAll(async () => {
  own = await startFakeService({ port: 0 });
  client = await startFakeService({ port: 0, host: 'localhost', seed: 2 });
  firefox = await launchFirefoxWithExtension(undefined, {
    // A permission asked on a click is granted as if the person had answered "Allow".
    prefs: { 'extensions.webextOptionalPermissionPrompts': false },
  });
  calls = extensionCalls(firefox);
});
afterAll(async () => {
  await firefox?.close();
  await own?.close();
  await client?.close();
});

async function unread(key: string): Promise<number> {
  return (await calls.local<PreviewView>(key))?.unread ?? 0;
}

describe('several accounts in Firefox', () => {
  it('adds a second account on another address, and the badge counts both accounts', async () => {
    await calls.command('saveConnection', { serviceUrl: own.url, apiKey: own.apiKey });
    await calls.waitForPoll();
    options = await firefox.openPage('options.html');
    await options.setViewport({ width: 1000, height: 900 });

    await press(options, 'button', 'Add account');
    await fill(options, 'Account name (optional)', 'Client B');
    await fill(options, 'Service address', client.url);
    await fill(options, 'API key', client.apiKey);
    await press(options, 'button', 'Add account');
    await shows(options, 'Account Client B added.');

    const second = await waitFor(
      "the second account's first poll",
      () => unread('account2/mentionPreview'),
      (count) => count > 0,
    );
    const first = await unread('mentionPreview');
    expect(first).toBeGreaterThan(0);
    const badge = await waitFor(
      'the badge of both accounts',
      () => firefox.badgeText(),
      (text) => text === String(first + second),
    );
    expect(badge).toBe(String(first + second));
  });

  it('lists both accounts’ mentions in the popup, each row naming its account', async () => {
    const popup = await openPopup(firefox);
    await shows(popup, 'Client B');
    const select = await popup.waitForSelector('::-p-aria([name="Account"][role="combobox"])');
    expect(select).not.toBeNull();
    const options = await popup.$$eval('select option', (all) =>
      all.map((option) => option.textContent?.trim() ?? ''),
    );
    expect(options.some((text) => text.startsWith('All accounts'))).toBe(true);
    expect(options.some((text) => text.startsWith('Client B'))).toBe(true);
    const named = await popup.$$eval('[class*="__account"]', (all) =>
      all.map((element) => element.textContent?.replace('Account:', '').trim() ?? ''),
    );
    expect(named).toContain('Client B');
    expect(named).toContain(new URL(own.url).host);
    await popup.close();
  });
});
