// Which account this page's data belongs to. A page reads the settings with its data and keeps
// their account's fingerprint; every command that touches that data carries it (callBackground
// adds it), and the background refuses it once the settings name another account, so a page still
// showing one account's mentions or projects never changes the next one's (docs/accounts.md,
// "Pages know whose data they show").
import { accountFingerprint } from '@/lib/service/connection';
import type { Settings } from '@/lib/settings/settings';

// `id`: the account's id as the page names it on the wire (a page of one first account names none).
type Account = Pick<Settings, 'serviceUrl' | 'apiKey'> & { id?: string };

let shown: { account: Account; fingerprint: Promise<string> } | null = null;
// Counts the accounts the page has shown, so a view can tell whether its data is the current one's.
let version = 0;
const listeners = new Set<() => void>();

/** The page now shows data read with these settings. */
export function showAccount(account: Account): void {
  const { serviceUrl, apiKey, id } = account;
  if (
    shown?.account.serviceUrl === serviceUrl &&
    shown.account.apiKey === apiKey &&
    shown.account.id === id
  ) {
    return;
  }
  const fingerprint = accountFingerprint(serviceUrl, apiKey);
  const now = { account: { serviceUrl, apiKey, id }, fingerprint };
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

/** The id of the account the page's data belongs to, when the page named one. */
export function shownAccountId(): string | undefined {
  return shown?.account.id;
}

/** Calls `listener` whenever the page comes to show another account's data. */
export function watchShownAccount(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
