// What the background's world needs around WXT's fake browser: its listeners taken off between
// workers, the APIs fakeBrowser does not implement, and a navigator that can go offline.

import { vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';

/** Every listener the background registers, removed (its worker is gone). */
export function removeBackgroundListeners(): void {
  fakeBrowser.runtime.onMessage.removeAllListeners();
  fakeBrowser.runtime.onInstalled.removeAllListeners();
  fakeBrowser.runtime.onStartup.removeAllListeners();
  fakeBrowser.alarms.onAlarm.removeAllListeners();
  fakeBrowser.storage.onChanged.removeAllListeners();
  fakeBrowser.notifications.onClicked.removeAllListeners();
  fakeBrowser.notifications.onButtonClicked.removeAllListeners();
}

/**
 * Host permission granted, and giving it back succeeds (fakeBrowser does not implement
 * permissions); the context menu stubbed out.
 */
export function stubMissingBrowserApis(): void {
  vi.spyOn(fakeBrowser.permissions, 'contains').mockResolvedValue(true);
  // Giving a host permission back (after a disconnect or an origin change).
  vi.spyOn(fakeBrowser.permissions, 'remove').mockResolvedValue(true);
  vi.spyOn(fakeBrowser.permissions.onAdded, 'addListener').mockImplementation(() => {});
  vi.spyOn(fakeBrowser.permissions.onRemoved, 'addListener').mockImplementation(() => {});
  // Not implemented by fakeBrowser either; the menu has tests of its own.
  vi.spyOn(fakeBrowser.contextMenus, 'removeAll').mockResolvedValue(undefined);
  vi.spyOn(fakeBrowser.contextMenus, 'create').mockReturnValue('');
  vi.spyOn(fakeBrowser.contextMenus.onClicked, 'addListener').mockImplementation(() => {});
}

/** Switches navigator.onLine (Node 20 has no navigator); returns the undo. */
export function goOffline(): () => void {
  const had = Object.getOwnPropertyDescriptor(globalThis, 'navigator');
  Object.defineProperty(globalThis, 'navigator', {
    value: { onLine: false },
    configurable: true,
    writable: true,
  });
  return () => {
    if (had) Object.defineProperty(globalThis, 'navigator', had);
    else delete (globalThis as { navigator?: unknown }).navigator;
  };
}
