// Which accounts this page's data belongs to. A page reads the settings with its data and keeps
// each account's fingerprint; every command that touches an account's data carries the one of the
// account it is for (callBackground adds it), and the background refuses it once the settings name
// another account there, so a page still showing one account's mentions or projects never changes
// the next one's (docs/accounts.md, "Pages know whose data they show").
//
// The popup and the mentions page show every account and name the account of each command
// (`accountId`); the options page shows one account at a time (showAccount with its id), and a
// command it sends without naming one is for that account.
import { FIRST_ACCOUNT } from '@/lib/accounts/accounts';
import { accountFingerprint } from '@/lib/service/connection';
import type { Settings } from '@/lib/settings/settings';

type Connection = Pick<Settings, 'serviceUrl' | 'apiKey'>;

interface Shown {
  connection: Connection;
  fingerprint: Promise<string>;
}

/** By account id; a command without `accountId` is the first account's (the protocol's rule). */
let shown = new Map<string, Shown>();
/** The account a command that names none is for, when the page shows one named by its id. */
let unnamed: string | undefined;
// Counts the accounts the page has shown, so a view can tell whether its data is the current one's.
let version = 0;
const listeners = new Set<() => void>();

function sameConnection(a: Connection, b: Connection): boolean {
  return a.serviceUrl === b.serviceUrl && a.apiKey === b.apiKey;
}

function show(accounts: readonly (Connection & { id: string })[], named: string | undefined) {
  const unchanged =
    named === unnamed &&
    accounts.length === shown.size &&
    accounts.every((account) => {
      const known = shown.get(account.id);
      return known !== undefined && sameConnection(known.connection, account);
    });
  if (unchanged) return;
  const now = new Map<string, Shown>();
  for (const { id, serviceUrl, apiKey } of accounts) {
    const known = shown.get(id);
    now.set(
      id,
      known && sameConnection(known.connection, { serviceUrl, apiKey })
        ? known
        : {
            connection: { serviceUrl, apiKey },
            fingerprint: accountFingerprint(serviceUrl, apiKey),
          },
    );
  }
  shown = now;
  unnamed = named;
  version += 1;
  // Told once the fingerprints are known, so what asks again sends the new ones.
  void Promise.all([...now.values()].map((entry) => entry.fingerprint)).then(
    () => shown === now && listeners.forEach((tell) => tell()),
  );
}

/** The page now shows data of these accounts, each read with its connection. */
export function showAccounts(accounts: readonly (Connection & { id: string })[]): void {
  show(accounts, undefined);
}

/**
 * The settings now list these accounts, while the page is open: it takes in those added and lets
 * go of those removed. An account it already shows keeps the connection the page read it with: a
 * key changed meanwhile makes its data another account's, which the background still refuses.
 */
export function showAccountList(accounts: readonly (Connection & { id: string })[]): void {
  show(
    accounts.map((account) => {
      const known = shown.get(account.id);
      return known ? { id: account.id, ...known.connection } : account;
    }),
    unnamed,
  );
}

/**
 * The page now shows one account's data, read with these settings. `id` names it on the wire (a
 * page of a first account that is the only one names none, and sends what it always sent).
 */
export function showAccount(account: Connection & { id?: string }): void {
  show([{ ...account, id: account.id ?? FIRST_ACCOUNT }], account.id);
}

/** Which of the accounts this page has shown is the one now: it changes with the account. */
export function shownAccountVersion(): number {
  return version;
}

/**
 * The fingerprint of account `id` as the page's data has it (by default the account a command
 * that names none is for); undefined before it read any.
 */
export function shownAccount(id: string = unnamed ?? FIRST_ACCOUNT): Promise<string | undefined> {
  return shown.get(id)?.fingerprint ?? Promise.resolve(undefined);
}

/** The id of the one account the page shows, when the page named it (showAccount). */
export function shownAccountId(): string | undefined {
  return unnamed;
}

/** Calls `listener` whenever the page comes to show another account's data. */
export function watchShownAccount(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * What names account `id` in a command's data: nothing for the first, which a command without
 * `accountId` is for, so a page of one account sends what it always sent.
 */
export function accountData(id: string): { accountId?: string } {
  return id === FIRST_ACCOUNT ? {} : { accountId: id };
}
