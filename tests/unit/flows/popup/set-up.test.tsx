// @vitest-environment happy-dom
// The popup before it is set up: "Set up Mention Monitor" opens the welcome page in a tab and
// closes the popup; "Open settings" still goes to the options page.
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { DEFAULT_SETTINGS } from '@/lib/settings/settings';
import { initialSyncStatus } from '@/lib/sync/status';
import {
  installBackground,
  renderPopup,
  seed,
  spyBrowser,
  type BrowserSpies,
} from '../../support/popup-page';

vi.mock('@/lib/messaging/messenger', () => ({ sendMessage: vi.fn() }));

let spies: BrowserSpies;

beforeEach(async () => {
  fakeBrowser.reset();
  installBackground();
  spies = spyBrowser();
  await seed({ settings: DEFAULT_SETTINGS, status: initialSyncStatus() });
});
afterEach(() => cleanup());

describe('not set up', () => {
  it('"Set up Mention Monitor" opens the welcome page in a tab, then closes the popup', async () => {
    await renderPopup();
    fireEvent.click(screen.getByRole('button', { name: 'Set up Mention Monitor' }));
    expect(spies.createTab).toHaveBeenCalledWith({
      url: fakeBrowser.runtime.getURL('/welcome.html'),
    });
    await waitFor(() => expect(spies.close).toHaveBeenCalledOnce());
    expect(spies.openOptions).not.toHaveBeenCalled();
  });

  it('a tab the browser would not open leaves the popup open, to try again', async () => {
    spies.createTab.mockRejectedValueOnce(new Error('No window'));
    await renderPopup();
    fireEvent.click(screen.getByRole('button', { name: 'Set up Mention Monitor' }));
    await waitFor(() => expect(spies.createTab).toHaveBeenCalledOnce());
    await new Promise((done) => setTimeout(done, 20));
    expect(spies.close).not.toHaveBeenCalled();
  });

  it('the set-up button comes first; "Open settings" is the quieter second way', async () => {
    await renderPopup();
    const region = screen.getByRole('region', { name: 'Connect Mention Monitor' });
    const buttons = [...region.querySelectorAll('button')];
    expect(buttons.map((b) => [b.textContent, b.className])).toEqual([
      ['Set up Mention Monitor', 'button button--primary'],
      ['Open settings', 'button button--quiet'],
    ]);
    fireEvent.click(buttons[1]);
    expect(spies.openOptions).toHaveBeenCalledOnce();
    expect(spies.createTab).not.toHaveBeenCalled();
  });
});
