// The per-test set-up the popup flows (tests/unit/flows/popup/) share: a fresh fake browser, the
// stand-in background of ./popup-page.tsx behind the mocked wire, and the browser spies; the DOM
// cleaned up after each test. Each file still mocks the wire itself (vi.mock is hoisted per file):
//   vi.mock('@/lib/messaging/messenger', () => ({ sendMessage: vi.fn() }));

import { cleanup } from '@testing-library/preact';
import { afterEach, beforeEach } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { installBackground, spyBrowser, type Background, type BrowserSpies } from './popup-page';

export interface PopupFlow {
  /** This test's stand-in background. */
  readonly background: Background;
  /** This test's spies on the browser APIs the popup calls. */
  readonly spies: BrowserSpies;
}

/** Registers the set-up (call it at the top of the file, before any beforeEach of its own). */
export function usePopup(): PopupFlow {
  let background: Background | undefined;
  let spies: BrowserSpies | undefined;
  beforeEach(() => {
    fakeBrowser.reset();
    background = installBackground();
    spies = spyBrowser();
  });
  afterEach(() => cleanup());
  return {
    get background() {
      if (!background) throw new Error('the popup flow is not set up (outside a test?)');
      return background;
    },
    get spies() {
      if (!spies) throw new Error('the popup flow is not set up (outside a test?)');
      return spies;
    },
  };
}
