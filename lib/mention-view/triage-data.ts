// What the popup knows of the reader's triage: the mute rules (compiled), the snooze, and the
// mentions saved for later. Read after the popup's first paint, with the whole store
// (entrypoints/popup/hooks.ts): the first screen is the preview, which the background writes
// without muted mentions already, so the saved copies (up to 1.5 MB) never delay it. Read-only:
// the background is the one writer of both items.
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
 * Reads both items (one storage call) and calls `onChange` with them, then reads them again
 * whenever either changes; a read that a newer one overtook is dropped. Storage that cannot be
 * read reads as nothing muted and nothing saved: the list still shows. Returns the function that
 * stops watching.
 */
export function followTriage(onChange: (data: TriageData) => void): () => void {
  let reads = 0;
  const read = () => {
    const id = ++reads;
    void browser.storage.local
      .get([triageItem.name, savedMentionsItem.name])
      .catch((): Record<string, unknown> => ({}))
      .then((stored) => {
        if (id !== reads) return;
        const state = triageItem.parse(stored[triageItem.name]);
        const saved = savedMentionsItem.parse(stored[savedMentionsItem.name]);
        onChange({
          state,
          isMuted: muteMatcher(state.muteRules),
          saved,
          savedKeys: savedKeys(saved),
        });
      });
  };
  const stops = [triageItem.watch(read), savedMentionsItem.watch(read)];
  read();
  return () => {
    reads = -1;
    stops.forEach((stop) => stop());
  };
}
