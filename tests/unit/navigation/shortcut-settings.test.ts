// The shortcut that opens the popup: how its binding reads, and where each browser changes it.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import {
  currentShortcutSettingsWay,
  openShortcutSettings,
  readPopupBinding,
} from '@/lib/navigation/shortcut-settings';

// The manifest's name for the command that opens the popup, and Chrome's shortcuts page.
const OPEN_POPUP_COMMAND = '_execute_action';
const CHROME_SHORTCUTS_PAGE = 'chrome://extensions/shortcuts';

type Commands = Record<string, unknown>;
const original = fakeBrowser.commands as unknown as Commands;

/** Stands in for browser.commands with the members a browser has. */
function withCommands(commands: Commands | undefined): void {
  (fakeBrowser as unknown as { commands?: Commands }).commands = commands;
}

afterEach(() => {
  withCommands(original);
  vi.unstubAllEnvs();
});

/** The binding as read from a browser whose commands.getAll() answers `all`. */
function popupBinding(all: readonly Record<string, unknown>[]): Promise<string | null | undefined> {
  withCommands({ getAll: () => Promise.resolve(all) });
  return readPopupBinding();
}

/** The way in a browser that is (or is not) Firefox and has (or lacks) openShortcutSettings. */
function shortcutSettingsWay(env: { firefox: boolean; hasOpenShortcutSettings: boolean }) {
  // Tests run as the Chrome build. WXT's flag is a boolean (vitest types only PROD, DEV and SSR
  // so), and a stubbed false would arrive as the text 'false': only Firefox is stubbed.
  expect(import.meta.env.FIREFOX).toBeFalsy();
  if (env.firefox) vi.stubEnv('FIREFOX', true as unknown as string);
  withCommands(
    env.hasOpenShortcutSettings ? { openShortcutSettings: () => Promise.resolve() } : {},
  );
  return currentShortcutSettingsWay();
}

describe('popupBinding', () => {
  it('is the popup command’s keys as the browser names them', async () => {
    const all = [
      { name: 'other', shortcut: 'Ctrl+Shift+Y' },
      { name: OPEN_POPUP_COMMAND, description: 'Open Mention Monitor', shortcut: 'Alt+Shift+M' },
    ];
    expect(await popupBinding(all)).toBe('Alt+Shift+M');
    expect(await popupBinding([{ name: OPEN_POPUP_COMMAND, shortcut: '⌥⇧M' }])).toBe('⌥⇧M');
  });

  it('is null with no keys: removed, taken by another extension, or no such command', async () => {
    expect(await popupBinding([{ name: OPEN_POPUP_COMMAND, shortcut: '' }])).toBeNull();
    expect(await popupBinding([{ name: OPEN_POPUP_COMMAND, shortcut: '  ' }])).toBeNull();
    expect(await popupBinding([{ name: OPEN_POPUP_COMMAND }])).toBeNull();
    expect(await popupBinding([{ name: 'other', shortcut: 'Alt+Shift+M' }])).toBeNull();
    expect(await popupBinding([])).toBeNull();
  });
});

describe('shortcutSettingsWay', () => {
  it('Chrome: its shortcuts page in a tab', () => {
    expect(shortcutSettingsWay({ firefox: false, hasOpenShortcutSettings: false })).toEqual({
      kind: 'tab',
      url: 'chrome://extensions/shortcuts',
    });
  });

  it('Firefox 137+: commands.openShortcutSettings()', () => {
    expect(shortcutSettingsWay({ firefox: true, hasOpenShortcutSettings: true })).toEqual({
      kind: 'api',
    });
  });

  it('a Firefox without it: the steps in words', () => {
    expect(shortcutSettingsWay({ firefox: true, hasOpenShortcutSettings: false })).toEqual({
      kind: 'words',
    });
  });

  it('any browser that has the API uses it', () => {
    expect(shortcutSettingsWay({ firefox: false, hasOpenShortcutSettings: true }).kind).toBe('api');
  });
});

describe('reading the binding', () => {
  it('asks commands.getAll()', async () => {
    withCommands({
      getAll: () => Promise.resolve([{ name: OPEN_POPUP_COMMAND, shortcut: 'Alt+Shift+M' }]),
    });
    expect(await readPopupBinding()).toBe('Alt+Shift+M');
  });

  it('is undefined where the browser has no commands (Firefox for Android)', async () => {
    withCommands(undefined);
    expect(await readPopupBinding()).toBeUndefined();
  });
});

describe('openShortcutSettings', () => {
  it('opens Chrome’s page as a tab', async () => {
    const create = vi.spyOn(fakeBrowser.tabs, 'create').mockResolvedValue({} as never);
    expect(await openShortcutSettings({ kind: 'tab', url: CHROME_SHORTCUTS_PAGE })).toBe(true);
    expect(create).toHaveBeenCalledWith({ url: 'chrome://extensions/shortcuts' });
  });

  it('calls Firefox’s API', async () => {
    const open = vi.fn(() => Promise.resolve());
    withCommands({ openShortcutSettings: open });
    expect(await openShortcutSettings({ kind: 'api' })).toBe(true);
    expect(open).toHaveBeenCalledTimes(1);
  });

  it('says it could not, so the page gives the steps in words', async () => {
    vi.spyOn(fakeBrowser.tabs, 'create').mockRejectedValue(new Error('Cannot open chrome:// URL'));
    expect(await openShortcutSettings({ kind: 'tab', url: CHROME_SHORTCUTS_PAGE })).toBe(false);
    withCommands({ openShortcutSettings: () => Promise.reject(new Error('no window')) });
    expect(await openShortcutSettings({ kind: 'api' })).toBe(false);
    withCommands({});
    expect(await openShortcutSettings({ kind: 'api' })).toBe(false);
    expect(await openShortcutSettings({ kind: 'words' })).toBe(false);
  });
});
