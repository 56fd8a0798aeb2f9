// What a page watches of storage while open: the settings and the small items of every account
// they list. The first account's items are watched from the start, with the settings; each other
// account's from the moment the page's first read learns of it from the settings (`follow`), which
// it calls before it reads that account's items, so no change between the two is lost.
import { FIRST_ACCOUNT, listAccounts } from '@/lib/accounts/accounts';
import type { Settings } from '@/lib/settings/settings';
import { settingsItem } from '@/lib/storage/items';

interface AccountWatcher<C> {
  /** Watches the items of every account these settings list that is not watched yet. */
  follow(settings: Settings): void;
  /** Starts watching (the first account's items and the settings); returns what stops it all. */
  watch(onChange: (change: C) => void): () => void;
}

export function accountWatcher<C>(
  watchAccount: (id: string, onChange: (change: C) => void) => () => void,
  settingsChange: (settings: Settings) => C,
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
      watched.set(FIRST_ACCOUNT, watchAccount(FIRST_ACCOUNT, onChange));
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
