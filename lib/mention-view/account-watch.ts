// Which accounts a page reads and watches in storage while open: the settings and the small items
// of every account they list. The first account's items are watched from the start, with the
// settings, and so are those of the accounts the page expects (expectedAccounts); each other
// account's from the moment the page's first read learns of it from the settings (`follow`), which
// it calls before it reads that account's items, so no change between the two is lost.
import { FIRST_ACCOUNT, isAccountId, listAccounts } from '@/lib/accounts/accounts';
import { MAX_ACCOUNTS, type Settings } from '@/lib/settings/settings';
import { settingsItem } from '@/lib/storage/items';

/** The extension pages' localStorage key that holds the accounts they last saw listed. */
const SEEN_ACCOUNTS = 'accountIds';

/**
 * The accounts after the first that the settings listed when a page last read them. A page reads
 * their items in the call that reads the settings, not in a second one once the settings are
 * known: that second storage round trip was most of what several accounts added to the popup's
 * first row. A hint only: the settings decide, and an account the hint lacks is read after them.
 * localStorage because it answers at once; it holds nothing but these ids.
 */
export function expectedAccounts(): string[] {
  try {
    const ids = (localStorage.getItem(SEEN_ACCOUNTS) ?? '').split(' ');
    return ids.filter((id) => isAccountId(id) && id !== FIRST_ACCOUNT).slice(0, MAX_ACCOUNTS);
  } catch {
    return [];
  }
}

/** Remembers the accounts these settings list, for the next page's first read. */
export function rememberAccounts(settings: Settings): void {
  const ids = listAccounts(settings)
    .map(({ id }) => id)
    .filter((id) => id !== FIRST_ACCOUNT);
  try {
    if (localStorage.getItem(SEEN_ACCOUNTS) !== ids.join(' ')) {
      localStorage.setItem(SEEN_ACCOUNTS, ids.join(' '));
    }
  } catch {
    // Without the hint the next page reads the other accounts one call later, nothing worse.
  }
}

interface AccountWatcher<C> {
  /** Watches the items of every account these settings list that is not watched yet. */
  follow(settings: Settings): void;
  /**
   * Starts watching (the settings, and the first and `expected` accounts' items); returns what
   * stops it all.
   */
  watch(onChange: (change: C) => void): () => void;
}

export function accountWatcher<C>(
  watchAccount: (id: string, onChange: (change: C) => void) => () => void,
  settingsChange: (settings: Settings) => C,
  expected: readonly string[] = [],
): AccountWatcher<C> {
  const watched = new Map<string, () => void>();
  let tell: ((change: C) => void) | null = null;
  let named: Settings | null = null;
  const follow = (settings: Settings) => {
    named = settings;
    if (!tell) return;
    for (const { id } of listAccounts(settings)) {
      if (!watched.has(id)) watched.set(id, watchAccount(id, tell));
    }
  };
  return {
    follow,
    watch(onChange) {
      tell = onChange;
      for (const id of [FIRST_ACCOUNT, ...expected]) watched.set(id, watchAccount(id, onChange));
      if (named) follow(named);
      // An account added while the page is open is followed too.
      const stopSettings = settingsItem.watch((value) => {
        const settings = settingsItem.parse(value);
        follow(settings);
        onChange(settingsChange(settings));
      });
      return () => {
        stopSettings();
        watched.forEach((stop) => stop());
      };
    },
  };
}
