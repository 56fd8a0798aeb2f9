// Which account this page's data belongs to. A page reads the settings with its data and keeps
// their account's fingerprint; every command that touches that data carries it (callBackground
// adds it), and the background refuses it once the settings name another account, so a page still
// showing one account's mentions or projects never changes the next one's (docs/accounts.md,
// "Pages know whose data they show").
import { accountFingerprint } from '@/lib/service/connection';
import type { Settings } from '@/lib/settings/settings';

type Account = Pick<Settings, 'serviceUrl' | 'apiKey'>;

let shown: { account: Account; fingerprint: Promise<string> } | null = null;
// Counts the accounts the page has shown, so a view can tell whether its data is the current one's.
let version = 0;
const listeners = new Set<() => void>();

/** The page now shows data read with these settings. */
export function showAccount(account: Account): void {
  if (shown?.account.serviceUrl === account.serviceUrl && shown.account.apiKey === account.apiKey) {
    return;
  }
  const fingerprint = accountFingerprint(account.serviceUrl, account.apiKey);
  const now = { account: { serviceUrl: account.serviceUrl, apiKey: account.apiKey }, fingerprint };
  shown = now;
  version += 1;
  // Told once the fingerprint is known, so what asks again sends the new one.
  void fingerprint.then(() => shown === now && listeners.forEach((tell) => tell()));
}

/** Which of the accounts this page has shown is the one now: it changes with the account. */
export function shownAccountVersion(): number {
  return version;
}

/** The fingerprint of the account the page's data belongs to; undefined before it read any. */
export function shownAccount(): Promise<string | undefined> {
  return shown?.fingerprint ?? Promise.resolve(undefined);
}

/** Calls `listener` whenever the page comes to show another account's data. */
export function watchShownAccount(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
