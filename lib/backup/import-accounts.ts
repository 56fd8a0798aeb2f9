// Which account of this browser each account of a settings backup goes to. The options page asks
// it (which services an import would connect, for the host permission) and the background follows
// it when it applies the file, with the settings as they are in its turn.
//
// An import adds, never replaces: an account of the file goes to the browser's account with the
// same address and key (without a key in the file: the same address and label), and only one
// whose key is in the file can become a new account, since one without cannot connect. A file of
// one account (every file before several accounts, and every file of a person with one) imports
// as it always did: to the browser's account, and its key connects only a browser with none.
import {
  accountSettings,
  listAccounts,
  newAccountId,
  withAccountSettings,
  type Account,
} from '@/lib/accounts/accounts';
import { MAX_ACCOUNTS, type Settings } from '@/lib/settings/settings';

/** What placing needs of an account in the file. */
interface FileAccount {
  label?: string;
  serviceUrl?: string;
  apiKey?: string;
}

/** What placing needs of the file: its own account and, in a file of several, the others. */
interface FileAccounts<O extends FileAccount, T extends FileAccount> {
  own: O;
  others?: readonly T[];
}

interface Placed<T> {
  part: T;
  /** The browser's account it goes to. */
  account: string;
  /** Set when it is a new account, connected with the file's key. */
  added?: Account;
}

interface Placing<T> {
  placed: Placed<T>[];
  /** The file's accounts that go nowhere: no key and no account here like them, or too many. */
  leftOut: number;
  /** `settings` with the added accounts. */
  settings: Settings;
}

/** The browser's account that is the file's `part` already. */
function sameAccount(accounts: readonly Account[], part: FileAccount): Account | undefined {
  return accounts.find((account) =>
    account.serviceUrl !== part.serviceUrl
      ? false
      : part.apiKey !== undefined
        ? account.apiKey.trim() === part.apiKey.trim()
        : account.label.trim() === (part.label ?? '').trim(),
  );
}

/**
 * Where each account of `file` goes in a browser with `settings`. `taken`: ids an Add account
 * under way holds, which a new account here never takes.
 */
export function placeAccounts<O extends FileAccount, T extends FileAccount>(
  settings: Settings,
  file: FileAccounts<O, T>,
  taken: ReadonlySet<string> = new Set(),
): Placing<O | T> {
  let next = settings;
  const placed: Placed<O | T>[] = [];
  let leftOut = 0;

  function add(part: O | T, serviceUrl: string, apiKey: string): void {
    let id = newAccountId(next);
    while (taken.has(id)) id = String(Number(id) + 1);
    const label = part.label ?? '';
    next = withAccountSettings(next, id, {
      ...accountSettings(next, id),
      label,
      serviceUrl,
      apiKey,
    });
    const added: Account = { id, label, serviceUrl, apiKey };
    placed.push({ part, account: id, added });
  }

  const parts: (O | T)[] = [file.own, ...(file.others ?? [])];
  for (const part of parts) {
    const accounts = listAccounts(next);
    const same = sameAccount(accounts, part);
    if (same) {
      placed.push({ part, account: same.id });
    } else if (file.others === undefined) {
      // One account: to the browser's, whatever its address; its key connects only a browser
      // with none (the address then stays the one last used when the file has none).
      const serviceUrl = part.serviceUrl ?? next.serviceUrl;
      if (accounts.length > 0) placed.push({ part, account: accounts[0].id });
      else if (part.apiKey !== undefined && serviceUrl !== '') add(part, serviceUrl, part.apiKey);
      else placed.push({ part, account: newAccountId(next) });
    } else if (
      part.apiKey !== undefined &&
      part.serviceUrl !== undefined &&
      accounts.length < MAX_ACCOUNTS
    ) {
      add(part, part.serviceUrl, part.apiKey);
    } else {
      leftOut += 1;
    }
  }
  return { placed, leftOut, settings: next };
}
