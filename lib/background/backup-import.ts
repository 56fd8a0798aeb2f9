// Applying a settings backup (importSettings): the preferences, and each account of the file to
// the account it goes to here (lib/backup/import-accounts.ts), its rules, switches and saved
// mentions added to what that account has. Nothing already there is replaced. The file's accounts
// with a key that are not here yet become accounts, connected as Add account connects one, and
// poll at once. Everything is written in one storage call in the store queue, so a failure leaves
// everything as it was and no poll or command of any account writes in between.
import { FIRST_ACCOUNT, prefixedItems } from '@/lib/accounts/accounts';
import type { CommandReplies } from '@/lib/background/command-schemas';
import type { ImportableBackup } from '@/lib/backup/importable-backup';
import { keyOfSavedId, withImportedRules, withSavedKeys } from '@/lib/background/triage-lists';
import { placeAccounts } from '@/lib/backup/import-accounts';
import { readMentionStore, rewritePreviews, storeArea } from '@/lib/mentions/mention-storage';
import { previewRows, storedPreviewOf } from '@/lib/mentions/preview';
import { readSettings, savedMentionsItem, settingsItem, triageItem } from '@/lib/storage/items';
import { PREVIEW_KEY, SAVED_KEY, TRIAGE_KEY } from '@/lib/storage/keys';
import type { SerialQueue } from '@/lib/sync/locks';
import { muteMatcher } from '@/lib/triage/mute';

export interface BackupImportDeps {
  storeQueue: SerialQueue;
  now(): number;
  /** Ids an Add account under way holds: an imported account never takes one. */
  accountsBeingAdded(): ReadonlySet<string>;
  /** The first account is connected by the import (in the store queue): a Save still logging in is dropped. */
  accountReplaced(): void;
  /** Polls the accounts an import connected, each in its own world. */
  pollAfterImport(accounts: readonly string[]): void;
}

/** What the file holds of one account: its own, or one of its further accounts. */
type AccountPart = Omit<ImportableBackup, 'preferences' | 'accounts'>;

export async function applyBackup(
  deps: BackupImportDeps,
  file: ImportableBackup,
): Promise<CommandReplies['importSettings']> {
  const { added, ...applied } = await deps.storeQueue.run(async () => {
    const withPreferences = { ...(await readSettings()), ...file.preferences };
    const placing = placeAccounts(
      withPreferences,
      { own: file, others: file.accounts },
      deps.accountsBeingAdded(),
    );
    // Parts of the file that go to the same account (one here that is two there) add up.
    const parts = new Map<string, AccountPart[]>();
    for (const { part, account } of placing.placed) {
      parts.set(account, [...(parts.get(account) ?? []), part]);
    }
    const counts = { muteRules: 0, projectSwitches: 0, saved: 0 };
    const items: Record<string, unknown> = { [settingsItem.name]: placing.settings };
    for (const [account, ofAccount] of parts) {
      let triage = await triageItem(account).read();
      let saved = await savedMentionsItem(account).read();
      const store = await readMentionStore(account);
      for (const part of ofAccount) {
        const rules = withImportedRules(triage, part.muteRules);
        triage = {
          ...triage,
          muteRules: rules.muteRules,
          projectSwitches: { ...triage.projectSwitches, ...part.projectSwitches },
        };
        // In the file's order (newest saved first), on top. A mention no longer stored has
        // nothing to copy: it is left out.
        const keys = part.savedIds.map(keyOfSavedId);
        const result = withSavedKeys(saved, store, keys, deps.now(), { overflow: 'drop-oldest' });
        saved = result.saved;
        counts.muteRules += rules.added;
        counts.projectSwitches += Object.keys(part.projectSwitches).length;
        counts.saved += result.added.length;
      }
      const rows = previewRows(placing.settings);
      const preview = storedPreviewOf(store, muteMatcher(triage.muteRules), rows);
      const own = { [TRIAGE_KEY]: triage, [PREVIEW_KEY]: preview, [SAVED_KEY]: saved };
      Object.assign(items, prefixedItems(own, account));
    }
    const added = placing.placed.flatMap((each) => (each.added ? [each.account] : []));
    if (added.includes(FIRST_ACCOUNT)) deps.accountReplaced();
    await storeArea.set(items);
    // More accounts: each one's share of the first page is smaller (previewRows).
    if (added.length > 0) await rewritePreviews(placing.settings);
    return {
      ...counts,
      // A file of one account connects with its key only a browser that had none.
      apiKey: file.accounts === undefined && added.length > 0,
      accounts: added.length,
      leftOut: placing.leftOut,
      added,
    };
  });
  if (added.length > 0) deps.pollAfterImport(added);
  return applied;
}
