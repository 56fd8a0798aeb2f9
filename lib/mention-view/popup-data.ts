// What the popup shows from storage, and what it reads after its first read (first-read.ts): the
// reader's triage (mute rules, snooze, saved mentions), read with the whole store once the first
// paint is on screen and followed from then on; and everything at once after a refresh. The
// mentions page follows the triage the same way. Read-only: the background is the one
// writer, and every change travels to it as a message.
import { FIRST_ACCOUNT } from '@/lib/accounts/accounts';
import { browser } from 'wxt/browser';
import { readMentionStore } from '@/lib/mentions/mention-storage';
import { previewOf, type MentionPreview } from '@/lib/mentions/preview';
import type { MentionStore } from '@/lib/mentions/store';
import type { ServiceProject } from '@/lib/projects/types';
import type { Settings } from '@/lib/settings/settings';
import { readSmallItems, type PopupFirstRead } from '@/lib/mention-view/first-read';
import { savedMentionsItem, triageItem } from '@/lib/storage/items';
import type { SyncStatus } from '@/lib/sync/status';
import { muteMatcher, type MuteMatcher } from '@/lib/triage/mute';
import { savedKeys, type SavedMentions } from '@/lib/triage/saved';
import type { TriageState } from '@/lib/triage/triage-state';

export interface PopupData {
  settings: Settings;
  /**
   * Each listed account's (listAccounts), in their order; the first account's alone while none is
   * connected (its status says what to set up).
   */
  accounts: AccountData[];
}

/** One account's part of what the popup shows. */
export interface AccountData {
  id: string;
  projects: ServiceProject[];
  status: SyncStatus;
  /** What the first paint shows; null before the background first writes one. */
  preview: MentionPreview | null;
  /** The whole store: null until read, right after the first paint. */
  store: MentionStore | null;
  /** Mute rules, snooze and saved mentions: null until read, with the store. */
  triage: TriageData | null;
}

/**
 * Everything, the stores included (after a refresh, to report what it found). The preview is the
 * store's own: reading the stored one and its records as well would fetch them twice.
 */
export async function readPopupData(readAll: PopupFirstRead['readAll']): Promise<{
  settings: Settings;
  accounts: (Omit<AccountData, 'triage'> & { store: MentionStore })[];
}> {
  const [{ settings, accounts }, all] = await Promise.all([readSmallItems(false), readAll()]);
  const read = async () => all;
  const stores = await Promise.all(accounts.map(({ id }) => readMentionStore(id, read)));
  return {
    settings,
    accounts: accounts.map(({ previewRaw: _, ...items }, index) => ({
      ...items,
      preview: previewOf(stores[index]),
      store: stores[index],
    })),
  };
}

export interface TriageData {
  state: TriageState;
  /** The state's mute rules, compiled (lib/triage/mute.ts). */
  isMuted: MuteMatcher;
  saved: SavedMentions;
  /** The saved mentions' keys (keyString): the stars that are on. */
  savedKeys: ReadonlySet<string>;
}

/**
 * Reads the triage and the saved mentions (one storage call) and calls `onChange` with them, then
 * reads them again whenever either changes; a read that a newer one overtook is dropped. Read with
 * the store, never with the first paint: the preview leaves muted mentions out already, and the
 * saved copies (up to 1.5 MB) would only delay it. Storage that cannot be read reads as nothing
 * muted and nothing saved: the list still shows. Returns the function that stops watching.
 */
export function followTriage(
  onChange: (data: TriageData) => void,
  account: string = FIRST_ACCOUNT,
): () => void {
  let reads = 0;
  const read = () => {
    const id = ++reads;
    void browser.storage.local
      .get([triageItem(account).name, savedMentionsItem(account).name])
      .catch((): Record<string, unknown> => ({}))
      .then((stored) => {
        if (id !== reads) return;
        const state = triageItem(account).parse(stored[triageItem(account).name]);
        const saved = savedMentionsItem(account).parse(stored[savedMentionsItem(account).name]);
        onChange({
          state,
          isMuted: muteMatcher(state.muteRules),
          saved,
          savedKeys: savedKeys(saved),
        });
      });
  };
  const stops = [triageItem(account).watch(read), savedMentionsItem(account).watch(read)];
  read();
  return () => {
    reads = -1;
    stops.forEach((stop) => stop());
  };
}
