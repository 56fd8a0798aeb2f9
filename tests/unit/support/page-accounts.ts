// Pages of several accounts (tests/unit/flows/popup/accounts.test.tsx): each account's settings
// entry, store, projects and status seeded under its own keys, and a stand-in background that
// applies read marks and saves to the store and saved mentions of the account a command names (none: the first), and
// checks that the command's fingerprint is that account's, as the real one refuses it otherwise.
import { FIRST_ACCOUNT, type Account } from '@/lib/accounts/accounts';
import { onTestFinished, vi } from 'vitest';
import { readMentionStore, writeMentionStore } from '@/lib/mentions/mention-storage';
import { markRead, markUnread } from '@/lib/mentions/read-state';
import { recordOf } from '@/lib/mentions/mention-record';
import { findMention, type MentionKey, type MentionStore } from '@/lib/mentions/store';
import { sendMessage } from '@/lib/messaging/messenger';
import type { ServiceProject } from '@/lib/projects/types';
import { accountFingerprint } from '@/lib/service/connection';
import { DEFAULT_SETTINGS, type Settings } from '@/lib/settings/settings';
import { projectsItem, savedMentionsItem, settingsItem, syncStatusItem } from '@/lib/storage/items';
import { withSaved } from '@/lib/triage/saved';
import { checked } from './popup-page';

/** The two accounts of the tests, on two services (whose project and mention ids collide). */
export const AGENCY: Account = {
  id: '1',
  label: 'Agency',
  serviceUrl: 'https://one.example.com',
  apiKey: 'key-one',
};
export const CLIENT_B: Account = {
  id: '2',
  label: 'Client B',
  serviceUrl: 'https://two.example.com',
  apiKey: 'key-two',
};

export interface SeededAccount extends Account {
  store: MentionStore;
  projects: ServiceProject[];
}

/** The settings that list these accounts: the one of id '1' in the settings' own fields. */
export function settingsOf(accounts: readonly Account[]): Settings {
  const first = accounts.find((account) => account.id === FIRST_ACCOUNT);
  return {
    ...DEFAULT_SETTINGS,
    serviceUrl: first?.serviceUrl ?? DEFAULT_SETTINGS.serviceUrl,
    apiKey: first?.apiKey ?? '',
    label: first?.label ?? '',
    accounts: accounts
      .filter((account) => account.id !== FIRST_ACCOUNT)
      .map(({ id, label, serviceUrl, apiKey }) => ({ id, label, serviceUrl, apiKey })),
  };
}

export async function seedAccounts(accounts: readonly SeededAccount[]): Promise<void> {
  await settingsItem.setValue(settingsOf(accounts));
  for (const account of accounts) {
    await writeMentionStore(account.id, account.store);
    await projectsItem(account.id).setValue(account.projects);
    await syncStatusItem(account.id).setValue(checked());
  }
}

export interface AccountCall {
  type: string;
  /** The account the command names (`accountId`; none: the first). */
  accountId: string;
  /** Whether its fingerprint is that account's. */
  fingerprintMatches: boolean;
  data: Record<string, unknown>;
}

/**
 * Answers like the background of these accounts; records every command with whose it is. The test
 * ends once the writes it caused are done, so none lands in the next test's storage.
 */
export async function installAccountsBackground(
  accounts: readonly Account[],
): Promise<AccountCall[]> {
  const fingerprints = new Map<string, string>();
  for (const account of accounts) {
    fingerprints.set(account.id, await accountFingerprint(account.serviceUrl, account.apiKey));
  }
  const calls: AccountCall[] = [];
  let queue: Promise<void> = Promise.resolve();
  onTestFinished(() => queue);
  vi.mocked(sendMessage).mockImplementation((async (type: string, raw?: unknown) => {
    const data = (raw ?? {}) as Record<string, unknown>;
    const accountId = typeof data.accountId === 'string' ? data.accountId : FIRST_ACCOUNT;
    const fingerprintMatches = data.account === fingerprints.get(accountId);
    calls.push({ type, accountId, fingerprintMatches, data });
    const keys = (data.keys ?? []) as MentionKey[];
    // One write at a time, as the background's store queue has them.
    const update = (change: (store: MentionStore) => MentionStore) =>
      (queue = queue.then(async () => {
        await writeMentionStore(accountId, change(await readMentionStore(accountId)));
      }));
    switch (type) {
      case 'markRead':
        await update((store) => markRead(store, keys));
        return { ok: true, value: null };
      case 'markUnread':
        await update((store) => markUnread(store, keys));
        return { ok: true, value: null };
      case 'saveMention': {
        const stored = findMention(await readMentionStore(accountId), data.key as MentionKey);
        const saved = await savedMentionsItem(accountId).read();
        await savedMentionsItem(accountId).setValue(
          withSaved(saved, recordOf(stored!), Date.now()),
        );
        return { ok: true, value: null };
      }
      case 'mute': {
        const { kind, value, projectId } = data as { kind: string; value: string; projectId: null };
        const rule = { id: calls.length, kind, value, projectId, createdAt: Date.now() };
        return { ok: true, value: { rule } };
      }
      case 'addProject':
        return { ok: true, value: null };
      case 'pollNow':
        return { ok: true, value: { polled: true } };
      default:
        return { ok: false, error: { kind: 'internal', message: `unexpected ${type}` } };
    }
  }) as never);
  return calls;
}

/** Read flags by mention id of account `id`'s stored mentions. */
export async function readFlagsOf(id: string): Promise<Record<number, boolean>> {
  const store = await readMentionStore(id);
  const flags: Record<number, boolean> = {};
  for (const list of Object.values(store.byProject)) for (const m of list) flags[m.id] = m.read;
  return flags;
}
