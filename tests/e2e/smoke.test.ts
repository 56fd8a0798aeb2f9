// The built extension loads in real Chromium: its worker starts, its pages render with a main
// landmark and no accessibility violations, and the manifest asks for no more than it needs.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from './support/axe';
import { launchWithExtension, type ExtensionBrowser } from './support/chromium';

let browser: ExtensionBrowser;

beforeAll(async () => {
  browser = await launchWithExtension();
});
afterAll(async () => {
  await browser?.close();
});

describe('the built extension in Chromium', () => {
  it('starts its service worker with the narrow manifest', async () => {
    const manifest = await browser.serviceWorker.evaluate(() => chrome.runtime.getManifest());
    expect(manifest.manifest_version).toBe(3);
    expect([...(manifest.permissions ?? [])].sort()).toEqual(
      ['activeTab', 'alarms', 'contextMenus', 'notifications', 'sidePanel', 'storage'].sort(),
    );
    // Only the e2e build reaches the fake service's loopback origins without a prompt.
    expect(manifest.host_permissions).toEqual(['http://127.0.0.1/*', 'http://localhost/*']);
    expect(manifest.icons).toMatchObject({ '16': 'icon/16.png', '128': 'icon/128.png' });
  });

  for (const page of ['popup.html', 'options.html', 'mentions.html', 'welcome.html']) {
    it(`renders ${page} with a main landmark and no axe violations`, async () => {
      const tab = await browser.openPage(page);
      await tab.getByRole('main').waitFor();
      expect(await axeViolations(tab)).toEqual([]);
      await tab.close();
    });
  }
});
