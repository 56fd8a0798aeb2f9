// Component tests of the popup: storage seeded in WXT's fake browser, and a stand-in background
// behind the mocked sendMessage that applies read-state commands to that storage, as the real one
// does (the store and its preview in one write), so the popup sees its own changes come back
// through storage.onChanged.
//
// Each test file mocks the wire (lib/messaging/messenger.ts) itself (vi.mock is hoisted per file):
//   vi.mock('@/lib/messaging/messenger', () => ({ sendMessage: vi.fn() }));

import { FIRST_ACCOUNT } from '@/lib/accounts/accounts';
import { act, render, screen, waitFor } from '@testing-library/preact';
import { expect, onTestFinished, vi, type Mock, type MockInstance } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { PopupApp } from '@/entrypoints/popup/PopupApp';
import { startPopupFirstRead, type PopupFirstRead } from '@/lib/mention-view/first-read';
import { readMentionStore, writeMentionStore } from '@/lib/mentions/mention-storage';
import { PREVIEW_KEY } from '@/lib/storage/keys';
import { markRead, markUnread } from '@/lib/mentions/read-state';
import { emptyMentionStore, type MentionKey, type MentionStore } from '@/lib/mentions/store';
import { sendMessage } from '@/lib/messaging/messenger';
import type { ServiceProject } from '@/lib/projects/types';
import { DEFAULT_SETTINGS, type Settings } from '@/lib/settings/settings';
import { projectsItem, settingsItem, syncStatusItem } from '@/lib/storage/items';
import { initialSyncStatus, type SyncStatus } from '@/lib/sync/status';
import { asRecorded } from './page-account';

export const SERVICE_URL = 'https://mentions.example.com';
export const CONFIGURED: Settings = { ...DEFAULT_SETTINGS, serviceUrl: SERVICE_URL, apiKey: 'k' };
export const MINUTE = 60_000;

export function project(project_id: number, name: string): ServiceProject {
  return { project_id, name, type: 'brandMonitoring', fields: {} };
}

/** A status after a successful check `agoMs` before now. */
export function checked(agoMs = 5 * MINUTE, patch: Partial<SyncStatus> = {}): SyncStatus {
  const base = initialSyncStatus();
  const at = Date.now() - agoMs;
  return { ...base, lastPollAt: at, schedule: { ...base.schedule, lastSuccessAt: at }, ...patch };
}

export interface Seed {
  settings?: Settings;
  store?: MentionStore;
  projects?: ServiceProject[];
  status?: SyncStatus;
  /**
   * Left out: the store's own, as the background writes it. Anything else is stored as the preview
   * instead (null: none written yet; or a damaged value).
   */
  preview?: unknown;
}

export async function seed(data: Seed): Promise<void> {
  await settingsItem.setValue(data.settings ?? CONFIGURED);
  const store = data.store ?? emptyMentionStore();
  await writeMentionStore(FIRST_ACCOUNT, store);
  if (data.preview === null) await fakeBrowser.storage.local.remove(PREVIEW_KEY);
  else if (data.preview !== undefined) {
    await fakeBrowser.storage.local.set({ [PREVIEW_KEY]: data.preview });
  }
  await projectsItem(FIRST_ACCOUNT).setValue(data.projects ?? []);
  await syncStatusItem(FIRST_ACCOUNT).setValue(data.status ?? checked());
}

export interface Call {
  type: string;
  data: unknown;
}

export interface Background {
  calls: Call[];
  /** What pollNow does; default: a poll that found nothing. */
  poll: () => Promise<unknown>;
  mock: Mock<(type: string, data?: unknown) => Promise<unknown>>;
  types(): string[];
}

async function updateStore(change: (store: MentionStore) => MentionStore): Promise<void> {
  const before = await readMentionStore(FIRST_ACCOUNT);
  const after = change(before);
  if (after !== before) await writeMentionStore(FIRST_ACCOUNT, after);
}

/** Answers the popup's messages like the background: read state lands in storage. */
export function installBackground(): Background {
  const mock = vi.mocked(sendMessage) as unknown as Background['mock'];
  const background: Background = {
    calls: [],
    poll: async () => ({ ok: true, value: { polled: true } }),
    mock,
    types: () => background.calls.map((c) => c.type),
  };
  mock.mockImplementation(async (type: string, data?: unknown) => {
    background.calls.push({ type, data: asRecorded(type, data) });
    const keys = (data as { keys?: MentionKey[] } | undefined)?.keys ?? [];
    switch (type) {
      case 'markRead':
        await updateStore((store) => markRead(store, keys));
        return { ok: true, value: null };
      case 'markUnread':
        await updateStore((store) => markUnread(store, keys));
        return { ok: true, value: null };
      case 'pollNow':
        return background.poll();
      default:
        return { ok: false, error: { kind: 'internal', message: `unexpected ${type}` } };
    }
  });
  return background;
}

export interface BrowserSpies {
  createTab: Mock;
  openOptions: Mock;
  requestPermission: Mock;
  close: Mock;
}

/** The browser APIs the popup calls that the fake browser lacks or that must not really act. */
export function spyBrowser(): BrowserSpies {
  const createTab = vi.fn(async (props: { url?: string; active?: boolean }) => ({
    id: 2,
    index: 1,
    url: props.url,
    active: props.active ?? true,
  }));
  (fakeBrowser.tabs as unknown as { create: unknown }).create = createTab;
  const openOptions = vi.fn(async () => undefined);
  (fakeBrowser.runtime as unknown as { openOptionsPage: unknown }).openOptionsPage = openOptions;
  const requestPermission = vi.fn(async () => true);
  (fakeBrowser as unknown as { permissions: unknown }).permissions = {
    request: requestPermission,
    contains: vi.fn(async () => true),
  };
  const close = vi.fn();
  vi.spyOn(window, 'close').mockImplementation(close);
  return { createTab, openOptions, requestPermission, close };
}

/**
 * Renders the popup and waits for its first paint from storage (from the preview, if any): the
 * rows on screen, then the rest of the list's first page in the room kept for them.
 */
export async function renderFirstPaint() {
  const view = render(popupApp());
  await waitFor(() => expect(document.querySelector('main[aria-busy]')).toBeNull());
  await waitFor(() => expect(document.querySelector('.mentions__kept')).toBeNull());
  return view;
}

/** Renders the popup and waits for its first paint, then for the whole store, read right after. */
export async function renderPopup() {
  const view = await renderFirstPaint();
  await waitFor(() => expect(answered(storeRead!)).toBe(true));
  await act(async () => undefined);
  return view;
}

type ReadAll = PopupFirstRead['readAll'];

/** The last popup's reads of the whole store (its first paint's read and a refresh's). */
let storeRead: Mock<ReadAll> | null = null;
/** What a test puts between the popup and its read of the whole store (holdStoreRead). */
let wrapStoreRead: ((read: ReadAll) => ReadAll) | null = null;

/** Wraps the next popup's read of the whole store (until the test ends). */
export function wrapNextStoreRead(wrap: (read: ReadAll) => ReadAll): () => Mock<ReadAll> {
  wrapStoreRead = wrap;
  onTestFinished(() => {
    wrapStoreRead = null;
  });
  return () => storeRead!;
}

/** The popup as its mount script renders it, its first read started now; its store reads noted. */
export function popupApp() {
  const firstRead = startPopupFirstRead();
  storeRead = vi.fn(wrapStoreRead ? wrapStoreRead(firstRead.readAll) : firstRead.readAll);
  return <PopupApp firstRead={{ ...firstRead, readAll: storeRead }} />;
}

/** Whether the first call of a spied async function has answered. */
export function answered(spy: MockInstance<(...args: never[]) => Promise<unknown>>): boolean {
  const first = spy.mock.settledResults[0];
  return first !== undefined && first.type !== 'incomplete';
}

/** The titles of the listed mentions, in order (the "Unread:" prefix for screen readers left out). */
export function listedTitles(): string[] {
  const list = screen.queryByRole('list', { name: 'Mentions' });
  if (!list) return [];
  return [...list.querySelectorAll('.mention__title')].map((el) =>
    [...el.childNodes]
      .filter((node) => !(node instanceof HTMLElement && node.classList.contains('sr-only')))
      .map((node) => node.textContent)
      .join(''),
  );
}

export function rowOf(title: string): HTMLElement {
  const row = [...document.querySelectorAll<HTMLElement>('.mention')].find((li) =>
    li.querySelector('.mention__title')?.textContent?.includes(title),
  );
  if (!row) throw new Error(`No row titled ${title}`);
  return row;
}
