// A page's first read from storage: the small items its first frame needs, started while the
// page's script is still being evaluated (its mount script imports the module that starts it
// first: entrypoints/popup/popup-read.ts, entrypoints/mentions/mentions-read.ts), so storage
// answers while the rest of the script is evaluated and Preact makes the frame. Started from the
// first effect instead, it would wait for a frame to be painted first (effects run after paint).
// The mount script hands the read to the page. Changes are watched from the same moment and held
// until the page takes them, so nothing that changes in between is lost.
//
// The popup's first read is settings, projects, status and the store's preview (lib/mentions/
// preview.ts) whatever the store's size, and the tab it was opened over; the mentions page's is
// settings, projects and the preview. The rest (the whole store, the triage) comes after the first
// paint (popup-data.ts).
import { FIRST_ACCOUNT, listAccounts } from '@/lib/accounts/accounts';
import { browser } from 'wxt/browser';
import type { MentionPreview } from '@/lib/mentions/preview';
import type { ServiceProject } from '@/lib/projects/types';
import type { Settings } from '@/lib/settings/settings';
import type { ActiveTabInfo } from '@/lib/site/site-status';
import {
  durableStatusItem,
  mentionPreviewItem,
  projectsItem,
  settingsItem,
  syncStatusItem,
} from '@/lib/storage/items';
import type { AccountData, PopupData } from '@/lib/mention-view/popup-data';
import { showAccounts } from '@/lib/messaging/page-account';
import {
  accountWatcher,
  expectedAccounts,
  rememberAccounts,
} from '@/lib/mention-view/account-watch';

interface EarlyRead<T, C> {
  data: Promise<T>;
  /** Hands over the watched changes (those held so far first); returns the function that stops. */
  attach(onChange: (change: C) => void): () => void;
}

/** Starts `read` and `watch` now (`watch` returns the function that stops watching). */
function startEarlyRead<T, C>(
  read: () => Promise<T>,
  watch: (onChange: (change: C) => void) => () => void,
): EarlyRead<T, C> {
  // The read first: it is the one the first paint waits for.
  const data = read();
  const held: C[] = [];
  let forward: ((change: C) => void) | null = null;
  const stop = watch((change) => (forward ? forward(change) : held.push(change)));
  return {
    data,
    attach(onChange) {
      forward = onChange;
      for (const change of held.splice(0)) onChange(change);
      return stop;
    },
  };
}

type AccountItems = Pick<AccountData, 'id' | 'projects' | 'status'>;

/** Account `id`'s projects and status (and preview, when read) from one local and session reply. */
function accountItems(
  id: string,
  local: Record<string, unknown>,
  session: Record<string, unknown>,
): AccountItems & { previewRaw: unknown } {
  return {
    id,
    projects: projectsItem(id).parse(local[projectsItem(id).name]),
    // The live status, else (after a browser restart) its durable part: readSyncStatus's rule.
    status: syncStatusItem(id).parse(
      session[syncStatusItem(id).name] ?? local[durableStatusItem(id).name],
    ),
    previewRaw: local[mentionPreviewItem(id).name],
  };
}

function localKeys(ids: readonly string[], withPreview: boolean): string[] {
  return ids.flatMap((id) => [
    projectsItem(id).name,
    durableStatusItem(id).name,
    ...(withPreview ? [mentionPreviewItem(id).name] : []),
  ]);
}

/**
 * Settings and every listed account's projects and status, each through its item's guard; with
 * the stored previews too when asked. The first account's, and those of the accounts the page
 * expects (account-watch.ts, expectedAccounts), come in the settings' own storage.local call and
 * one storage.session call (the items' own getValue would each make their own); an account the
 * settings list beyond those comes in one more pair. After a refresh the popup reads them again
 * this way (popup-data.ts).
 */
export async function readSmallItems(
  withPreview: boolean,
  /** Told the settings before the other accounts' items are read. */
  beforeOthers: (settings: Settings) => void = () => {},
  expected: readonly string[] = [],
): Promise<{ settings: Settings; accounts: (AccountItems & { previewRaw: unknown })[] }> {
  const early = [FIRST_ACCOUNT, ...expected];
  const [local, session] = await Promise.all([
    browser.storage.local.get([settingsItem.name, ...localKeys(early, withPreview)]),
    browser.storage.session.get(early.map((id) => syncStatusItem(id).name)),
  ]);
  const settings = settingsItem.parse(local[settingsItem.name]);
  rememberAccounts(settings);
  const ids = listAccounts(settings).map((account) => account.id);
  if (ids.length > 1) beforeOthers(settings);
  const others = ids.filter((id) => !early.includes(id));
  if (others.length > 0) {
    const [moreLocal, moreSession] = await Promise.all([
      browser.storage.local.get(localKeys(others, withPreview)),
      browser.storage.session.get(others.map((id) => syncStatusItem(id).name)),
    ]);
    Object.assign(local, moreLocal);
    Object.assign(session, moreSession);
  }
  // Unconnected, the popup still shows the first account's status (it says what to set up).
  const shown = ids.length > 0 ? ids : [FIRST_ACCOUNT];
  return { settings, accounts: shown.map((id) => accountItems(id, local, session)) };
}

async function readPopupFirstPaint(
  follow: (settings: Settings) => void,
  expected: readonly string[],
): Promise<PopupData> {
  const { settings, accounts } = await readSmallItems(true, follow, expected);
  // The popup's commands are for the accounts of what it shows; after a change it is reopened.
  showAccounts(listAccounts(settings));
  return {
    settings,
    accounts: accounts.map(({ previewRaw, ...items }) => ({
      ...items,
      preview: mentionPreviewItem(items.id).parse(previewRaw),
      store: null,
      triage: null,
    })),
  };
}

/**
 * A change to what the popup's first read holds: the settings, or account `account`'s projects,
 * status or preview (the store and the triage are followed apart).
 */
export type PopupChange =
  | { settings: Settings }
  | ({ account: string } & Partial<Pick<AccountData, 'projects' | 'status' | 'preview'>>);

function watchAccountItems(id: string, onChange: (change: PopupChange) => void): () => void {
  const stops = [
    mentionPreviewItem(id).watch((value) =>
      onChange({ account: id, preview: mentionPreviewItem(id).parse(value) }),
    ),
    projectsItem(id).watch((value) =>
      onChange({ account: id, projects: projectsItem(id).parse(value) }),
    ),
    syncStatusItem(id).watch((value) =>
      onChange({ account: id, status: syncStatusItem(id).parse(value) }),
    ),
  ];
  return () => stops.forEach((stop) => stop());
}

/**
 * The tab the popup was opened over. Its address and title are visible under `activeTab`, which the
 * click on the toolbar button grants (no `tabs` permission). Null when there is none or the browser
 * refuses.
 */
async function readActiveTab(): Promise<ActiveTabInfo | null> {
  try {
    const [tab] = await browser.tabs.query({ active: true, currentWindow: true });
    return tab ?? null;
  } catch {
    return null;
  }
}

/** Keys per slice: at the caps, a reply of a few milliseconds. */
const SLICE_KEYS = 400;

/**
 * Everything storage.local holds, read in slices of keys. One get(null) of a 5,000-mention store
 * comes back as one reply, and turning it into script values is one long task (50 to 90 ms on a
 * 2-core machine) in the popup's first second (`npm run bench -- first-paint`). Asked for in
 * slices, the replies arrive as tasks of a few milliseconds each, between which the page can paint
 * and answer input. What the slices miss or read twice while the background writes is what a
 * reader following the store handles already: it watches changes from before the read and applies
 * them after it (lib/mentions/mention-storage.ts followMentionStore). The background keeps its one
 * call: nobody waits on its frames.
 */
async function readAllInSlices(): Promise<Record<string, unknown>> {
  const area = browser.storage.local as typeof browser.storage.local & {
    /** Chrome 130+, Firefox 143+; without it the area is read in one call. */
    getKeys?: () => Promise<string[]>;
  };
  if (typeof area.getKeys !== 'function') return area.get(null);
  const keys = await area.getKeys();
  const slices: string[][] = [];
  for (let at = 0; at < keys.length; at += SLICE_KEYS) slices.push(keys.slice(at, at + SLICE_KEYS));
  const replies = await Promise.all(slices.map((slice) => area.get(slice)));
  return Object.assign({}, ...replies) as Record<string, unknown>;
}

export interface PopupFirstRead extends EarlyRead<PopupData, PopupChange> {
  /**
   * The tab the popup was opened over, asked for beside the storage read: the answer usually comes
   * before the first frame, so the header's site line is in that frame.
   */
  activeTab: Promise<ActiveTabInfo | null>;
  /** How the popup reads the whole store once the first paint is on screen: in slices. */
  readAll(): Promise<Record<string, unknown>>;
}

export function startPopupFirstRead(): PopupFirstRead {
  const expected = expectedAccounts();
  const watcher = accountWatcher(
    watchAccountItems,
    (settings): PopupChange => ({ settings }),
    expected,
  );
  return {
    ...startEarlyRead(() => readPopupFirstPaint(watcher.follow, expected), watcher.watch),
    activeTab: readActiveTab(),
    readAll: readAllInSlices,
  };
}

export interface MentionsPageItems {
  /** null until first read. */
  settings: Settings | null;
  /** The first account's (the unprefixed keys'). */
  projects: ServiceProject[];
  /** The first account's first screen until the store is read (null before a first poll). */
  preview: MentionPreview | null;
  /** Every listed account's, the first's too, when there are several (one reads as it did). */
  accounts?: PageAccountItems[];
}

interface PageAccountItems {
  id: string;
  projects: ServiceProject[];
  preview: MentionPreview | null;
}

/** A change of the settings, or of an account's projects (the first account's when none named). */
export type MentionsPageChange = Partial<Pick<MentionsPageItems, 'settings' | 'projects'>> & {
  account?: string;
};

export type MentionsFirstRead = EarlyRead<MentionsPageItems, MentionsPageChange>;

function pageItemsOf(id: string, stored: Record<string, unknown>): PageAccountItems {
  return {
    id,
    projects: projectsItem(id).parse(stored[projectsItem(id).name]),
    preview: mentionPreviewItem(id).parse(stored[mentionPreviewItem(id).name]),
  };
}

async function readMentionsPageItems(
  follow: (settings: Settings) => void,
  expected: readonly string[],
): Promise<MentionsPageItems> {
  const keys = (id: string) => [projectsItem(id).name, mentionPreviewItem(id).name];
  const early = [FIRST_ACCOUNT, ...expected];
  const stored = await browser.storage.local.get([settingsItem.name, ...early.flatMap(keys)]);
  const settings = settingsItem.parse(stored[settingsItem.name]);
  rememberAccounts(settings);
  const listed = listAccounts(settings);
  // The page's commands are for the accounts it read (those added later: use-page-data.ts).
  showAccounts(listed);
  const first = pageItemsOf(FIRST_ACCOUNT, stored);
  const items = { settings, projects: first.projects, preview: first.preview };
  if (!listed.some((account) => account.id !== FIRST_ACCOUNT)) return items;
  follow(settings);
  const others = listed.filter((account) => !early.includes(account.id));
  if (others.length > 0) {
    Object.assign(stored, await browser.storage.local.get(others.flatMap(({ id }) => keys(id))));
  }
  return { ...items, accounts: listed.map(({ id }) => pageItemsOf(id, stored)) };
}

/** An account's projects, watched; the preview gives way to the store, followed apart. */
function watchPageProjects(id: string, onChange: (change: MentionsPageChange) => void): () => void {
  const named = id === FIRST_ACCOUNT ? {} : { account: id };
  return projectsItem(id).watch((value) =>
    onChange({ ...named, projects: projectsItem(id).parse(value) }),
  );
}

export function startMentionsFirstRead(): MentionsFirstRead {
  const expected = expectedAccounts();
  const watcher = accountWatcher(
    watchPageProjects,
    (settings): MentionsPageChange => ({ settings }),
    expected,
  );
  return startEarlyRead(() => readMentionsPageItems(watcher.follow, expected), watcher.watch);
}
