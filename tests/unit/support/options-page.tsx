// Component tests of the options page: storage seeded in WXT's fake browser, a stand-in background
// behind the mocked sendMessage that records every command and answers from a table, and the
// permission API (which the fake browser lacks) as a spy.
//
// Each test file mocks the wire (lib/messaging/messenger.ts) itself (vi.mock is hoisted per file):
//   vi.mock('@/lib/messaging/messenger', () => ({ sendMessage: vi.fn() }));

import { FIRST_ACCOUNT } from '@/lib/accounts/accounts';
import { render, waitFor } from '@testing-library/preact';
import { expect, vi, type Mock } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { OptionsApp as App } from '@/entrypoints/options/OptionsApp';
import { writeMentionStore } from '@/lib/mentions/mention-storage';
import { emptyMentionStore, type MentionStore } from '@/lib/mentions/store';
import type { CommandResult } from '@/lib/messaging/protocol';
import { sendMessage } from '@/lib/messaging/messenger';
import type { ServiceProject } from '@/lib/projects/types';
import { DEFAULT_SETTINGS, type Settings } from '@/lib/settings/settings';
import { projectsItem, settingsItem, syncStatusItem } from '@/lib/storage/items';
import { initialSyncStatus, type SyncStatus } from '@/lib/sync/status';
import { asRecorded } from './page-account';

export const SERVICE_URL = 'https://mentions.example.com';
export const CONFIGURED: Settings = {
  ...DEFAULT_SETTINGS,
  serviceUrl: SERVICE_URL,
  apiKey: 'key-1',
};

export function project(
  project_id: number,
  name: string,
  type = 'brandMonitoring',
): ServiceProject {
  return { project_id, name, type, fields: {} };
}

export interface Seed {
  settings?: Settings;
  store?: MentionStore;
  projects?: ServiceProject[];
  status?: SyncStatus;
}

export async function seed(data: Seed = {}): Promise<void> {
  await settingsItem.setValue(data.settings ?? CONFIGURED);
  await seedAccount(FIRST_ACCOUNT, data);
}

/** Account `id`'s data (the settings aside), as the background writes it. */
export async function seedAccount(id: string, data: Omit<Seed, 'settings'> = {}): Promise<void> {
  // As the background writes it: the store together with its preview.
  await writeMentionStore(id, data.store ?? emptyMentionStore());
  await projectsItem(id).setValue(data.projects ?? []);
  await syncStatusItem(id).setValue(data.status ?? initialSyncStatus());
}

/** A second account, on another service, with a name. */
export const CLIENT_B = {
  id: '2',
  label: 'Client B',
  serviceUrl: 'https://other.example.net',
  apiKey: 'key-2',
};

/** The first account and CLIENT_B. */
export const TWO_ACCOUNTS: Settings = { ...CONFIGURED, accounts: [CLIENT_B] };

export interface Call {
  type: string;
  data: unknown;
}

type Answer = (data: unknown) => CommandResult<unknown> | Promise<CommandResult<unknown>>;

export interface Background {
  calls: Call[];
  /** What each command answers; unknown commands fail with kind "internal". */
  answers: Record<string, Answer>;
  types(): string[];
  last(type: string): unknown;
}

export const ok = <T,>(value: T): CommandResult<T> => ({ ok: true, value });
export const fail = (kind: string, message: string, field?: string): CommandResult<never> => ({
  ok: false,
  error: field ? { kind, message, field } : { kind, message },
});

export function installBackground(): Background {
  const mock = vi.mocked(sendMessage) as unknown as Mock<
    (type: string, data?: unknown) => Promise<unknown>
  >;
  mock.mockReset();
  const background: Background = {
    calls: [],
    answers: {},
    types: () => background.calls.map((c) => c.type),
    last: (type) => background.calls.filter((c) => c.type === type).at(-1)?.data,
  };
  mock.mockImplementation(async (type: string, data?: unknown) => {
    background.calls.push({ type, data: asRecorded(type, data) });
    const answer = background.answers[type];
    return answer ? answer(data) : fail('internal', `unexpected ${type}`);
  });
  return background;
}

/** browser.permissions, which the fake browser does not implement. */
export function stubPermissions(granted = true): Mock {
  const request = vi.fn(async () => granted);
  (fakeBrowser as unknown as { permissions: unknown }).permissions = {
    request,
    contains: vi.fn(async () => granted),
  };
  return request;
}

/** Renders the whole page and waits for its first paint from storage. */
export async function renderOptions(hash = '') {
  history.replaceState(null, '', `/options.html${hash}`);
  const view = render(<App />);
  await waitFor(() => expect(document.querySelector('main h2')).not.toBeNull());
  return view;
}
