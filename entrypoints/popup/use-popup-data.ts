// The popup's data from storage: the first read (handed over by the mount script), then, once the
// first frame is painted, the whole store and the reader's triage; and the tab it was opened over.
import { useEffect, useLayoutEffect, useState } from 'preact/hooks';
import { mentionCount } from '@/lib/mentions/store';
import type { PopupChange, PopupFirstRead } from '@/lib/mention-view/first-read';
import { followMentionStore } from '@/lib/mentions/mention-storage';
import {
  previewOfAccount,
  storeOfAccount,
  triageOfAccount,
} from '@/lib/mention-view/account-mentions';
import { followTriage, type AccountData, type PopupData } from '@/lib/mention-view/popup-data';
import { activeSiteOf, type ActiveTabInfo, type ActiveSite } from '@/lib/site/site-status';

/** From this many mentions, taking the store in is spread over tasks (usePopupData). */
const LARGE_STORE = 1_000;

/**
 * Calls `callback` in a task after the next frame has been made (a task posted from the frame's
 * animation callbacks runs once it is painted). Returns the function that cancels it.
 */
function afterNextFrame(callback: () => void): () => void {
  let task: ReturnType<typeof setTimeout> | undefined;
  const frame = requestAnimationFrame(() => {
    task = setTimeout(callback);
  });
  return () => {
    cancelAnimationFrame(frame);
    clearTimeout(task);
  };
}

/** A change of the popup's data: the settings, or one account's part of it. */
type DataChange =
  { settings: PopupData['settings'] } | ({ account: string } & Partial<AccountData>);

export interface LoadedData {
  data: PopupData | null;
  /**
   * When the first mentions were read (epoch ms), the preview's or, without one, the store's: what
   * was stored then is what the reader sees first.
   */
  loadedAt: number;
  /**
   * The first frame that shows the data is being made: the list renders the rows on screen only
   * (MentionList's firstScreen), the rest of its page in the task after that frame.
   */
  firstScreen: boolean;
  /** Replaces the data at once (after a refresh read it fresh). */
  replace(data: Pick<PopupData, 'settings'> & { accounts: Omit<AccountData, 'triage'>[] }): void;
}

interface State {
  data: PopupData | null;
  loadedAt: number;
}

/** An account's part as the page holds it: its mentions naming their account. */
function heldByPage<T extends Partial<AccountData>>(id: string, part: T): T {
  return {
    ...part,
    ...(part.store && { store: storeOfAccount(part.store, id) }),
    ...(part.preview && { preview: previewOfAccount(part.preview, id) }),
    ...(part.triage && { triage: triageOfAccount(part.triage, id) }),
  };
}

function withChange(current: State, change: DataChange): State {
  if (!current.data) return current;
  let data: PopupData;
  if ('settings' in change) data = { ...current.data, settings: change.settings };
  else {
    const { account, ...part } = change;
    const held = heldByPage(account, part);
    data = {
      ...current.data,
      accounts: current.data.accounts.map((each) =>
        each.id === account ? { ...each, ...held } : each,
      ),
    };
  }
  const mentionsRead =
    current.loadedAt === 0 &&
    data.accounts.some((account) => account.preview !== null || account.store !== null);
  return { data, loadedAt: mentionsRead ? Date.now() : current.loadedAt };
}

function withChanges(current: State, changes: readonly DataChange[]): State {
  return changes.reduce(withChange, current);
}

/**
 * Storage for the popup: the small items and the preview first (the first paint), then, once that
 * is on screen and the rest of the list's first page after it, the whole store and the reader's
 * triage; all of it watched. Changes that arrive while the first read is under way are applied on
 * top of it, so none is lost.
 */
export function usePopupData(firstRead: PopupFirstRead): LoadedData {
  const [state, setState] = useState<State>({ data: null, loadedAt: 0 });
  // A layout effect runs before the first frame, so storage answering before that frame puts the
  // rows in it; a plain effect would subscribe after an empty frame and the rows would wait a frame.
  useLayoutEffect(() => {
    let alive = true;
    let loaded = false;
    const pending: PopupChange[] = [];
    const stop = firstRead.attach((change) => {
      if (!loaded) {
        pending.push(change);
        return;
      }
      setState((current) => withChange(current, change));
    });
    void firstRead.data.then((data) => {
      if (!alive) return;
      loaded = true;
      const accounts = data.accounts.map((account) => heldByPage(account.id, account));
      setState(withChanges({ data: { ...data, accounts }, loadedAt: 0 }, pending));
    });
    return () => {
      alive = false;
      stop();
    };
  }, []);

  // The first frame that shows the data has the rows on screen only; the rest of the list comes in
  // a task after that frame, so the first frame never waits for it. The store is read only after
  // the rest's frame (effects run after the browser has painted): its replies never delay either.
  const painted = state.data !== null;
  const [firstScreen, setFirstScreen] = useState(true);
  useLayoutEffect(() => {
    if (!painted || !firstScreen) return;
    return afterNextFrame(() => setFirstScreen(false));
  }, [painted, firstScreen]);
  const whole = !firstScreen;
  const accountIds = state.data?.accounts.map((account) => account.id).join(' ') ?? '';
  useEffect(() => {
    if (!whole || accountIds === '') return;
    const later = new Map<string, ReturnType<typeof setTimeout>>();
    // Every account's store is in the one read of everything stored.
    const all = firstRead.readAll();
    const stops = accountIds.split(' ').flatMap((account) => [
      followMentionStore(
        account,
        (store) => {
          const put = () => setState((current) => withChange(current, { account, store }));
          clearTimeout(later.get(account));
          if (mentionCount(store) < LARGE_STORE) return put();
          // A large store is built from its records (followMentionStore) in one task, rendered in the next:
          // in one, the two made a task of 50 ms and more with 5,000 stored.
          later.set(account, setTimeout(put));
        },
        () => all,
      ),
      followTriage(
        (triage) => setState((current) => withChange(current, { account, triage })),
        account,
      ),
    ]);
    return () => {
      stops.forEach((stop) => stop());
      later.forEach((timer) => clearTimeout(timer));
    };
  }, [whole, accountIds]);

  return {
    ...state,
    firstScreen: painted && firstScreen,
    replace: ({ settings, accounts }) =>
      setState((current) =>
        withChanges(current, [
          { settings },
          ...accounts.map(({ id, ...part }) => ({ account: id, ...part })),
        ]),
      ),
  };
}

/**
 * The current tab's site. The popup paints without it (the site line keeps its room) and fills the
 * line when the tab answers: the list never waits for the tab.
 */
export function useActiveSite(activeTab: Promise<ActiveTabInfo | null>): ActiveSite {
  const [site, setSite] = useState<ActiveSite>({ kind: 'pending' });
  // A layout effect, as the storage read's: an answer before the first frame is in that frame.
  useLayoutEffect(() => {
    let alive = true;
    void activeTab.then((tab) => {
      if (alive) setSite(activeSiteOf(tab));
    });
    return () => {
      alive = false;
    };
  }, []);
  return site;
}
