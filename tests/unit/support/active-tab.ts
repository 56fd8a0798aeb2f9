// The current tab as the popup's site line reads it (browser.tabs.query under activeTab), for the
// site tests: WXT's fake browser has no active tab with an address.
import { vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';

export interface TabStub {
  url?: string;
  title?: string;
}

/** The active tab of the current window from now on; null: there is none. */
export function activeTab(tab: TabStub | null) {
  const query = vi.fn(async () =>
    tab
      ? [
          {
            id: 7,
            index: 0,
            windowId: 1,
            active: true,
            highlighted: true,
            incognito: false,
            pinned: false,
            ...tab,
          },
        ]
      : [],
  );
  (fakeBrowser.tabs as unknown as { query: unknown }).query = query;
  return query;
}

/** The header's site line. */
export function siteLine(): HTMLElement {
  const line = document.querySelector<HTMLElement>('.site');
  if (!line) throw new Error('No site line');
  return line;
}
