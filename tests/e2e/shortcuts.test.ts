// Shortcuts in the built extension, in real Chromium (issue 16): the manifest declares the command
// that opens the popup and Chromium binds its suggested keys; the options page shows that binding
// and offers the browser's shortcuts page; in the popup, ? opens the keyboard help, which lists
// every key, is axe clean, and closes with Esc, giving focus back to the mention it came from.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeService, type FakeService } from '../fake-service/server';
import { axeViolations } from './support/axe';
import { launchWithExtension, type ExtensionBrowser } from './support/chromium';
import { ExtensionPage } from './support/extension-page';
import { openPopup } from './support/popup';

let svc: FakeService;
let browser: ExtensionBrowser;
let ext: ExtensionPage;

beforeAll(async () => {
  svc = await startFakeService({ port: 0 });
  browser = await launchWithExtension();
  ext = await ExtensionPage.open(browser);
  await ext.configure(svc.url, svc.apiKey);
});
afterAll(async () => {
  await browser?.close();
  await svc?.close();
});

/** The accessible name of the focused element (its text, or its aria-label). */
function focusedText(page: Page): Promise<string> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    return el?.getAttribute('aria-label') ?? el?.textContent?.trim() ?? '';
  });
}

describe('the browser shortcut that opens the popup', () => {
  it('is declared in the manifest and bound to Alt+Shift+M', async () => {
    const { manifest, commands } = await ext.page.evaluate(async () => ({
      manifest: chrome.runtime.getManifest() as unknown as Record<string, unknown>,
      commands: await chrome.commands.getAll(),
    }));
    // getManifest() gives the description from the catalogue (the file has __MSG_commandOpenPopup__).
    expect(manifest.commands).toEqual({
      _execute_action: {
        suggested_key: { default: 'Alt+Shift+M' },
        description: 'Open Mention Monitor',
      },
    });
    const command = commands.find((c) => c.name === '_execute_action');
    expect(command?.shortcut).toBe('Alt+Shift+M');
  });

  it('is shown on the options page, with a button to change it', async () => {
    const page = await browser.openPage('options.html');
    await page.setViewportSize({ width: 1000, height: 900 });
    const card = page.getByRole('group', { name: 'Keyboard shortcut' });
    await card.getByText('Open Mention Monitor: Alt+Shift+M').waitFor();
    const change = card.getByRole('button', { name: 'Change keyboard shortcut' });
    expect(await change.isVisible()).toBe(true);
    expect(await axeViolations(page)).toEqual([]);

    // It asks for Chromium's shortcuts page in a new tab.
    const [opened] = await Promise.all([browser.context.waitForEvent('page'), change.click()]);
    await opened.waitForLoadState().catch(() => undefined);
    expect(opened.url()).toBe('chrome://extensions/shortcuts');
    await opened.close();
    await page.close();
  });
});

describe('the keyboard help in the popup', () => {
  it('opens with ?, lists every key, closes with Esc and gives focus back', async () => {
    const popup = await openPopup(browser);
    await popup.getByText(/^Keys: j\/k move, .*\? all keys\.$/).waitFor();
    await popup.keyboard.press('j');
    const row = await focusedText(popup);
    expect(row).not.toBe('');

    await popup.keyboard.press('Shift+Slash');
    const help = popup.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await help.waitFor();
    await help.getByRole('heading', { name: 'Keyboard shortcuts' }).waitFor();
    const rows = await help.getByRole('row').allInnerTexts();
    const text = rows.slice(1).map((r) => r.replace(/\s+/g, ' ').trim());
    expect(text).toEqual([
      'j or ↓ Next mention',
      'k or ↑ Previous mention',
      'Home First mention',
      'End Last mention',
      'Enter or o Open the mention',
      'm Mark the mention read or unread',
      's Save the mention for later, or remove it from Saved',
      'x More actions for the mention (mute…)',
      'r Check for new mentions now',
      '/ Choose a project to show',
      '? Show this help',
      'Esc Close this help',
    ]);
    expect(await focusedText(popup)).toBe('Close');
    expect(await axeViolations(popup)).toEqual([]);

    // The popup's own keys are off while the help is open.
    await popup.keyboard.press('j');
    expect(await help.isVisible()).toBe(true);

    await popup.keyboard.press('Escape');
    await help.waitFor({ state: 'detached' });
    // Focus goes back as the help unmounts, which may come just after it leaves the page.
    await expect.poll(() => focusedText(popup)).toBe(row);

    // And again, closed with its button this time.
    await popup.keyboard.press('Shift+Slash');
    await help.waitFor();
    await help.getByRole('button', { name: 'Close' }).click();
    await help.waitFor({ state: 'detached' });
    await expect.poll(() => focusedText(popup)).toBe(row);
    await popup.close();
  });
});
