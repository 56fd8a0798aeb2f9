// What the mentions page shows from storage. Its first paint waits only for the small items
// (lib/mention-view/first-read.ts: settings, projects and the preview's first screen), which the
// page's mount script started before the first render. The whole store (megabytes at 5,000 mentions) and the reader's triage (mute
// rules, saved mentions) are read once that paint is on screen, and every item is followed from
// then on; with several accounts, each account's, its mentions naming their account
// (lib/mention-view/account-mentions.ts). Read-only, like the popup: every change travels to the
// background as a command.
import { FIRST_ACCOUNT, listAccounts } from '@/lib/accounts/accounts';
import { useLayoutEffect, useState } from 'preact/hooks';
import { browser } from 'wxt/browser';
import { followMentionStore } from '@/lib/mentions/mention-storage';
import type { MentionStore } from '@/lib/mentions/store';
import type { MentionPreview } from '@/lib/mentions/preview';
import type { ServiceProject } from '@/lib/projects/types';
import type { Settings } from '@/lib/settings/settings';
import {
  previewOfAccount,
  storeOfAccount,
  triageOfAccount,
} from '@/lib/mention-view/account-mentions';
import { followTriage, type TriageData } from '@/lib/mention-view/popup-data';
import { afterNextPaint } from '@/entrypoints/mentions/after-next-paint';
import type {
  MentionsFirstRead,
  MentionsPageChange,
  MentionsPageItems,
} from '@/lib/mention-view/first-read';

export interface PageAccount {
  id: string;
  projects: ServiceProject[];
  /** Its first screen until its store is read. */
  preview: MentionPreview | null;
  /** Its whole store: null until read. */
  store: MentionStore | null;
  /** Its mute rules and saved mentions: null until read. */
  triage: TriageData | null;
}

export interface PageData {
  /** null until first read. */
  settings: Settings | null;
  /** Each listed account's (the first account's alone while none is). */
  accounts: PageAccount[];
}

function accountOf(id: string, part: Pick<PageAccount, 'projects' | 'preview'>): PageAccount {
  return {
    id,
    projects: part.projects,
    preview: part.preview && previewOfAccount(part.preview, id),
    store: null,
    triage: null,
  };
}

function accountsOf(items: Partial<MentionsPageItems>): PageAccount[] {
  if (items.accounts) return items.accounts.map((each) => accountOf(each.id, each));
  return [
    accountOf(FIRST_ACCOUNT, { projects: items.projects ?? [], preview: items.preview ?? null }),
  ];
}

/** `data` with account `id`'s part changed (a store or triage as the page holds it). */
function withAccount(data: PageData, id: string, part: Partial<PageAccount>): PageData {
  const held = {
    ...part,
    ...(part.store && { store: storeOfAccount(part.store, id) }),
    ...(part.triage && { triage: triageOfAccount(part.triage, id) }),
  };
  return {
    ...data,
    accounts: data.accounts.map((each) => (each.id === id ? { ...each, ...held } : each)),
  };
}

function withChange(data: PageData, change: MentionsPageChange): PageData {
  if (change.settings) return { ...data, settings: change.settings };
  if (change.projects)
    return withAccount(data, change.account ?? FIRST_ACCOUNT, { projects: change.projects });
  return data;
}

export function usePageData(firstRead: MentionsFirstRead): PageData {
  const [data, setData] = useState<PageData>({ settings: null, accounts: accountsOf({}) });
  // A layout effect runs before the first frame: storage answering before that frame puts the
  // first rows in it.
  useLayoutEffect(() => {
    let alive = true;
    let loaded = false;
    const pending: MentionsPageChange[] = [];
    let stopFollowing = () => {};
    const source = firstRead;
    const stopWatching = source.attach((change) => {
      if (loaded) setData((old) => withChange(old, change));
      else pending.push(change);
    });
    const startFollowing = (ids: readonly string[]) => {
      // Every account's store is in the one read of everything stored.
      const all = ids.length > 1 ? browser.storage.local.get(null) : null;
      const stops = ids.flatMap((id) => [
        followMentionStore(
          id,
          (store) => setData((old) => withAccount(old, id, { store })),
          ...(all ? [() => all] : []),
        ),
        followTriage((triage) => setData((old) => withAccount(old, id, { triage })), id),
      ]);
      stopFollowing = () => stops.forEach((stop) => stop());
    };
    void source.data
      .catch((): Partial<MentionsPageItems> => ({}))
      .then((small) => {
        if (!alive) return;
        loaded = true;
        // What changed while the read was under way is newer than what it read.
        const first: PageData = { settings: small.settings ?? null, accounts: accountsOf(small) };
        setData(pending.reduce(withChange, first));
        const listed = small.settings ? listAccounts(small.settings).map(({ id }) => id) : [];
        const ids = listed.length > 0 ? listed : [FIRST_ACCOUNT];
        stopFollowing = afterNextPaint(() => startFollowing(ids));
      });
    return () => {
      alive = false;
      stopFollowing();
      stopWatching();
    };
  }, []);
  return data;
}
