// The state the background keeps in storage for one account, as the poller and the commands reach
// it: passed in as functions so tests can watch or break every read and write.
import { accountSettings, listAccounts, withAccountSettings } from '@/lib/accounts/accounts';
import { accountShare, type MentionLimits } from '@/lib/mentions/caps';
import { readMentionStore, writeMentionStore } from '@/lib/mentions/mention-storage';
import type { MentionStore } from '@/lib/mentions/store';
import type { ServiceProject } from '@/lib/projects/types';
import type { Settings } from '@/lib/settings/settings';
import {
  readProjects,
  readServiceClock,
  readSettings,
  settingsItem,
  writeProjects,
} from '@/lib/storage/items';
import type { ServiceClockState } from '@/lib/time/service-clock';
import type { SyncStatus } from '@/lib/sync/status';
import { readSyncStatus, writeSyncStatus } from '@/lib/sync/status-storage';

export interface StoredState {
  /** The account whose state this is (lib/accounts/accounts.ts). */
  account: string;
  /** The settings as this account sees them (accountSettings): its connection, shared preferences. */
  readSettings(): Promise<Settings>;
  /** Writes what this account changed of the settings it read (withAccountSettings). */
  writeSettings(settings: Settings): Promise<void>;
  readStore(): Promise<MentionStore>;
  /**
   * Writes what changed since `before`, the store as read at the start of the same
   * read-modify-write, and `extra` keys (the notification outbox) in the same storage call.
   * Returns what was written (after a quota prune, less than was asked); throws when nothing
   * could be written (StoreWriteError, or the storage error itself).
   */
  writeStore(
    store: MentionStore,
    before: MentionStore,
    extra?: Record<string, unknown>,
  ): Promise<MentionStore>;
  readProjects(): Promise<ServiceProject[]>;
  writeProjects(projects: ServiceProject[]): Promise<void>;
  readStatus(): Promise<SyncStatus>;
  writeStatus(status: SyncStatus): Promise<void>;
  /** What is known of the service's clock; written only as an `extra` of writeStore. */
  readServiceClock(): Promise<ServiceClockState>;
  /** This account's share of the store's caps (accountShare): the caps hold for all accounts. */
  readLimits(): Promise<MentionLimits>;
}

/** The real thing: account `account`'s state in extension storage. */
export function accountStorageState(account: string): StoredState {
  return {
    account,
    readSettings: async () => accountSettings(await readSettings(), account),
    writeSettings: async (view) =>
      settingsItem.setValue(withAccountSettings(await readSettings(), account, view)),
    readStore: () => readMentionStore(account),
    writeStore: (store, before, extra) => writeMentionStore(account, store, before, extra),
    readProjects: () => readProjects(account),
    writeProjects: (projects) => writeProjects(account, projects),
    readStatus: () => readSyncStatus(account),
    writeStatus: (status) => writeSyncStatus(account, status),
    readServiceClock: () => readServiceClock(account),
    readLimits: async () => accountShare(listAccounts(await readSettings()).length),
  };
}
