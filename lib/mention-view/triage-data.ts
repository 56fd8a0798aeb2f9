// What the popup knows of the reader's triage: the mute rules (compiled once per change), the
// snooze, and the mentions saved for later. Loaded by the popup after its first paint, with the
// whole store (entrypoints/popup/hooks.ts): the first screen is the preview, which the background
// writes without muted mentions already, so the rules' code and the saved copies (up to 1.5 MB)
// never delay it. Read-only: the background is the one writer of both items.
import { browser } from 'wxt/browser';
import { savedMentionsItem, triageItem } from '@/lib/storage/items';
import { muteMatcher, type MuteMatcher } from '@/lib/triage/mute';
import { savedKeys, type SavedMentions } from '@/lib/triage/saved';
import type { TriageState } from '@/lib/triage/triage-state';

export interface TriageData {
  state: TriageState;
  /** The state's mute rules, compiled (lib/triage/mute.ts). */
  isMuted: MuteMatcher;
  saved: SavedMentions;
  /** The saved mentions' keys (keyString): the stars that are on. */
  savedKeys: ReadonlySet<string>;
}

/**
 * Reads both items (one storage call) and calls `onChange` with them, then again whenever either
 * changes (the rules compiled again only when the state changed). Changes that arrive during the
 * first read are newer than it, and win. Returns the function that stops watching.
 */
export function followTriage(onChange: (data: TriageData) => void): () => void {
  let read = false;
  let stopped = false;
  // The raw values seen by the watchers before the first read answered.
  const early: { state?: unknown; saved?: unknown } = {};
  let state: Pick<TriageData, 'state' | 'isMuted'>;
  let saved: Pick<TriageData, 'saved' | 'savedKeys'>;

  const setState = (raw: unknown) => {
    const value = triageItem.parse(raw);
    state = { state: value, isMuted: muteMatcher(value.muteRules) };
  };
  const setSaved = (raw: unknown) => {
    const value = savedMentionsItem.parse(raw);
    saved = { saved: value, savedKeys: savedKeys(value) };
  };
  const publish = () => onChange({ ...state, ...saved });

  const stops = [
    triageItem.watch((value) => {
      if (!read) {
        early.state = value;
        return;
      }
      setState(value);
      publish();
    }),
    savedMentionsItem.watch((value) => {
      if (!read) {
        early.saved = value;
        return;
      }
      setSaved(value);
      publish();
    }),
  ];
  const names = [triageItem.name, savedMentionsItem.name];
  // Storage that cannot be read reads as nothing muted and nothing saved: the list still shows.
  void browser.storage.local
    .get(names)
    .catch((): Record<string, unknown> => ({}))
    .then((stored) => {
      if (stopped) return;
      read = true;
      setState('state' in early ? early.state : stored[triageItem.name]);
      setSaved('saved' in early ? early.saved : stored[savedMentionsItem.name]);
      publish();
    });
  return () => {
    stopped = true;
    stops.forEach((stop) => stop());
  };
}
