// The per-test set-up the options page's flows (tests/unit/flows/options/) share: a fresh fake
// browser, the stand-in background of ./options-page.tsx behind the mocked wire, host permission
// granted; the DOM cleaned up and the address reset after each test. Each file still mocks the
// wire itself (vi.mock is hoisted per file):
//   vi.mock('@/lib/messaging/messenger', () => ({ sendMessage: vi.fn() }));
// Also the projects and store most of them show.

import { cleanup, screen } from '@testing-library/preact';
import { afterEach, beforeEach, type Mock } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { stored, storeOf } from './mention-factory';
import { installBackground, project, stubPermissions, type Background } from './options-page';

export interface OptionsFlow {
  /** This test's stand-in background. */
  readonly background: Background;
  /** This test's permissions.request. */
  readonly request: Mock;
}

/** Registers the set-up (call it at the top of the file, before any beforeEach of its own). */
export function useOptions(): OptionsFlow {
  let background: Background | undefined;
  let request: Mock | undefined;
  beforeEach(() => {
    fakeBrowser.reset();
    background = installBackground();
    request = stubPermissions(true);
  });
  afterEach(() => {
    cleanup();
    history.replaceState(null, '', '/options.html');
  });
  return {
    get background() {
      if (!background) throw new Error('the options flow is not set up (outside a test?)');
      return background;
    },
    get request() {
      if (!request) throw new Error('the options flow is not set up (outside a test?)');
      return request;
    },
  };
}

export const PROJECTS = [
  project(1, 'Acme'),
  project(2, 'Acme backlinks', 'backlinks'),
  project(3, 'Future thing', 'somethingNew'),
];
export const STORE = storeOf(
  stored({ id: 10, project_id: 1 }),
  stored({ id: 11, project_id: 1 }),
  stored({ id: 12, project_id: 1, read: true }),
  stored({ id: 20, project_id: 2 }),
);

/** A project's row in the list, by its name. */
export function row(name: string): HTMLElement {
  return screen.getByRole('heading', { level: 3, name }).closest('li') as HTMLElement;
}
