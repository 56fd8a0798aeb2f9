// The browser shortcut that opens the popup: how its binding reads, and where a person changes it.
// The manifest declares the command (`_execute_action`, suggested Alt+Shift+M, wxt.config.ts); the
// browser owns the binding from then on, so the options page reads it (commands.getAll) and links to
// the browser's own page for changing it:
// - Chrome (and other Chromium browsers): chrome://extensions/shortcuts, opened as a tab;
// - Firefox 137+: commands.openShortcutSettings(), which opens "Manage Extension Shortcuts";
// - a Firefox without it: the steps in words (its page cannot be linked to).
import { browser } from 'wxt/browser';

const OPEN_POPUP_COMMAND = '_execute_action';
const CHROME_SHORTCUTS_PAGE = 'chrome://extensions/shortcuts';

interface CommandInfo {
  name?: string;
  shortcut?: string;
}

/**
 * The popup command's binding among commands.getAll()'s answer: its keys as the browser names them
 * ("Alt+Shift+M", "⌥⇧M" on a Mac), or null when it has none (the user removed it, or another
 * extension held the suggested keys at install) or the command is missing.
 */
function popupBinding(commands: readonly CommandInfo[]): string | null {
  const shortcut = commands.find((c) => c.name === OPEN_POPUP_COMMAND)?.shortcut?.trim();
  return shortcut ? shortcut : null;
}

/** How this browser lets a person change the binding. */
type ShortcutSettingsWay = { kind: 'api' } | { kind: 'tab'; url: string } | { kind: 'words' };

function shortcutSettingsWay(env: {
  firefox: boolean;
  hasOpenShortcutSettings: boolean;
}): ShortcutSettingsWay {
  if (env.hasOpenShortcutSettings) return { kind: 'api' };
  if (env.firefox) return { kind: 'words' };
  return { kind: 'tab', url: CHROME_SHORTCUTS_PAGE };
}

/** browser.commands with Firefox's openShortcutSettings (137+), which Chrome's types lack. */
interface CommandsApi {
  getAll?(): Promise<CommandInfo[]>;
  openShortcutSettings?(): Promise<void>;
}

function commandsApi(): CommandsApi | undefined {
  // Absent where there are no keyboard shortcuts (Firefox for Android).
  return (browser as unknown as { commands?: CommandsApi }).commands;
}

/** This browser's way. */
export function currentShortcutSettingsWay(): ShortcutSettingsWay {
  return shortcutSettingsWay({
    firefox: import.meta.env.FIREFOX,
    hasOpenShortcutSettings: typeof commandsApi()?.openShortcutSettings === 'function',
  });
}

/** The popup's binding now; undefined where the browser has no shortcuts to read. */
export async function readPopupBinding(): Promise<string | null | undefined> {
  const api = commandsApi();
  if (typeof api?.getAll !== 'function') return undefined;
  return popupBinding(await api.getAll());
}

/**
 * Opens the browser's shortcut settings. False when it could not (no such API, or the browser
 * refused): the page then gives the steps in words.
 */
export async function openShortcutSettings(
  way: ShortcutSettingsWay = currentShortcutSettingsWay(),
): Promise<boolean> {
  try {
    const api = commandsApi();
    if (way.kind === 'api' && typeof api?.openShortcutSettings === 'function') {
      await api.openShortcutSettings();
      return true;
    }
    if (way.kind === 'tab') {
      await browser.tabs.create({ url: way.url });
      return true;
    }
  } catch {
    // Said in words instead.
  }
  return false;
}
