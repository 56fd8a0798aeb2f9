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
import { showAccountList } from '@/lib/messaging/page-account';
import { readProjects } from '@/lib/storage/items';
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

interface PageAccount {
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

/** The ids of the accounts these settings list (the first account's alone while none is). */
function listedIds(settings: Settings | null | undefined): string[] {
  const listed = settings ? listAccounts(settings).map(({ id }) => id) : [];
  return listed.length > 0 ? listed : [FIRST_ACCOUNT];
}

/** `data` holding exactly these accounts: those it holds as they are, the others empty. */
function withAccountList(data: PageData, ids: readonly string[]): PageData {
  const held = new Map(data.accounts.map((account) => [account.id, account]));
  return {
    ...data,
    accounts: ids.map((id) => held.get(id) ?? accountOf(id, { projects: [], preview: null })),
  };
}

export function usePageData(firstRead: MentionsFirstRead): PageData {
  const [data, setData] = useState<PageData>({ settings: null, accounts: accountsOf({}) });
  // A layout effect runs before the first frame: storage answering before that frame puts the
  // first rows in it.
  useLayoutEffect(() => {
    let alive = true;
    let loaded = false;
    const pending: MentionsPageChange[] = [];
    /** Per account followed: what stops following its store and triage. */
    const following = new Map<string, () => void>();
    /** The accounts the page holds; their stores are followed once the first paint is on screen. */
    let held: string[] = [];
    let painted = false;
    let stopPaint = () => {};
    /** Accounts whose projects changed since the page learnt of them: a read of them is older. */
    const projectsSeen = new Set<string>();

    const follow = (ids: readonly string[]) => {
      // Every account's store is in the one read of everything stored.
      const all = ids.length > 1 ? browser.storage.local.get(null) : null;
      for (const id of ids) {
        const stops = [
          followMentionStore(
            id,
            (store) => setData((old) => withAccount(old, id, { store })),
            ...(all ? [() => all] : []),
          ),
          followTriage((triage) => setData((old) => withAccount(old, id, { triage })), id),
        ];
        following.set(id, () => stops.forEach((stop) => stop()));
      }
    };

    // An account added or removed while the page is open (in the options page, another window): the
    // page takes in the new one's projects and follows its store, and lets go of the removed one's.
    const relist = (settings: Settings) => {
      const ids = listedIds(settings);
      const added = ids.filter((id) => !held.includes(id));
      const gone = held.filter((id) => !ids.includes(id));
      if (added.length === 0 && gone.length === 0) return;
      held = ids;
      showAccountList(listAccounts(settings));
      setData((old) => withAccountList(old, ids));
      for (const id of gone) {
        following.get(id)?.();
        following.delete(id);
      }
      for (const id of added) {
        projectsSeen.delete(id);
        void readProjects(id).then(
          (projects) =>
            alive && !projectsSeen.has(id) && setData((old) => withAccount(old, id, { projects })),
          () => undefined,
        );
      }
      if (painted) follow(added);
    };

    const apply = (change: MentionsPageChange) => {
      if (change.projects) projectsSeen.add(change.account ?? FIRST_ACCOUNT);
      setData((old) => withChange(old, change));
      if (change.settings) relist(change.settings);
    };
    const source = firstRead;
    const stopWatching = source.attach((change) => {
      if (loaded) apply(change);
      else pending.push(change);
    });
    void source.data
      .catch((): Partial<MentionsPageItems> => ({}))
      .then((small) => {
        if (!alive) return;
        loaded = true;
        // What changed while the read was under way is newer than what it read.
        const first: PageData = { settings: small.settings ?? null, accounts: accountsOf(small) };
        held = first.accounts.map(({ id }) => id);
        setData(first);
        pending.splice(0).forEach(apply);
        stopPaint = afterNextPaint(() => {
          painted = true;
          follow(held);
        });
      });
    return () => {
      alive = false;
      stopPaint();
      following.forEach((stop) => stop());
      stopWatching();
    };
  }, []);
  return data;
}
