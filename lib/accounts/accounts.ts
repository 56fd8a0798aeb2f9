// Several accounts in one browser, and where each one's data lives.
//
// The first account lives where the single account always lived: the settings' own `serviceUrl`,
// `apiKey` and `label`, and storage keys without a prefix. So an install that never adds a second
// account stores and shows exactly what it did, and an update moves nothing: moving a
// 5,000-mention store to new keys would be a rewrite of about a megabyte that a worker stop could
// cut in half. Each further account is an entry of `settings.accounts`, and every key of its data
// (its store, projects, status, token, clock, triage) carries its prefix, `account<id>/`.
//
// Each account's background (its session, poller and commands) sees the settings through
// `accountSettings`: as if that account were the only one, so the rules of one account (a
// switch, a Disconnect, a rejected key) hold for each unchanged, and one account's world never
// reads another's connection.
import type { Settings, StoredAccount } from '@/lib/settings/settings';

/** The first account's id: the account of an install that has only ever had one. */
export const FIRST_ACCOUNT = '1';

/** Whether `id` can name an account: a number of up to six digits, as text. */
export function isAccountId(id: unknown): id is string {
  return typeof id === 'string' && /^[1-9]\d{0,5}$/.test(id);
}

/** An account as pages and the background name it. */
export interface Account {
  id: string;
  /** The name the person gave it; '' for none (accountName gives the one shown). */
  label: string;
  serviceUrl: string;
  apiKey: string;
}

/** What account `id`'s storage keys start with. */
export function accountPrefix(id: string): string {
  return id === FIRST_ACCOUNT ? '' : `account${id}/`;
}

const PREFIXED = /^account(\d+)\//;

/** Whose a stored key (or alarm name) is, and its name in that account's view. */
export function splitAccountKey(key: string): { account: string; name: string } {
  const match = PREFIXED.exec(key);
  return match
    ? { account: match[1], name: key.slice(match[0].length) }
    : { account: FIRST_ACCOUNT, name: key };
}

/** Account `id`'s items among `all` (one storage area's), under their names without the prefix. */
export function accountView(all: Record<string, unknown>, id: string): Record<string, unknown> {
  const view: [string, unknown][] = [];
  for (const [key, value] of Object.entries(all)) {
    const name = nameInAccount(key, id);
    if (name !== null) view.push([name, value]);
  }
  return Object.fromEntries(view);
}

/** The name a stored key has in account `id`'s view, or null when it is another account's. */
export function nameInAccount(key: string, id: string): string | null {
  const prefix = accountPrefix(id);
  if (prefix === '') return PREFIXED.test(key) ? null : key;
  return key.startsWith(prefix) ? key.slice(prefix.length) : null;
}

/** `items` under account `id`'s keys. */
export function prefixedItems(items: Record<string, unknown>, id: string): Record<string, unknown> {
  const prefix = accountPrefix(id);
  if (prefix === '') return items;
  return Object.fromEntries(Object.entries(items).map(([key, value]) => [prefix + key, value]));
}

function isConnected(account: Pick<Account, 'serviceUrl' | 'apiKey'>): boolean {
  return account.serviceUrl !== '' && account.apiKey !== '';
}

/** The accounts connected, in the order they were added; the first one first when it is. */
export function listAccounts(settings: Settings): Account[] {
  const first: Account = {
    id: FIRST_ACCOUNT,
    label: settings.label,
    serviceUrl: settings.serviceUrl,
    apiKey: settings.apiKey,
  };
  return [...(isConnected(first) ? [first] : []), ...settings.accounts];
}

/** Whether the person has more than one account (pages then name each mention's). */
export function hasSeveralAccounts(settings: Settings): boolean {
  return listAccounts(settings).length > 1;
}

/**
 * The id a page names account `id` by in its commands: none for the first account while it is the
 * only one (a command without an id is the first account's), so a single-account install sends
 * what it always sent.
 */
export function commandAccountId(settings: Settings, id: string): string | undefined {
  return id === FIRST_ACCOUNT && !hasSeveralAccounts(settings) ? undefined : id;
}

/**
 * The settings as account `id`'s world sees them: the shared preferences, and that account's
 * connection and label as the settings' own (none once the account is gone).
 */
export function accountSettings(settings: Settings, id: string): Settings {
  if (id === FIRST_ACCOUNT) return settings;
  const account = settings.accounts.find((entry) => entry.id === id);
  return {
    ...settings,
    serviceUrl: account?.serviceUrl ?? '',
    apiKey: account?.apiKey ?? '',
    label: account?.label ?? '',
  };
}

/**
 * `settings` with what account `id`'s world wrote (`view`, a value of accountSettings changed):
 * the preferences for every account, the connection and label for that account alone. An account
 * after the first whose key is gone (its Disconnect) is gone from the list.
 */
export function withAccountSettings(settings: Settings, id: string, view: Settings): Settings {
  if (id === FIRST_ACCOUNT) return { ...view, accounts: settings.accounts };
  const { serviceUrl, apiKey, label } = settings;
  const shared = { ...view, serviceUrl, apiKey, label, accounts: settings.accounts };
  const others = settings.accounts.filter((entry) => entry.id !== id);
  if (!isConnected(view)) return { ...shared, accounts: others };
  const entry: StoredAccount = {
    id,
    label: view.label,
    serviceUrl: view.serviceUrl,
    apiKey: view.apiKey,
  };
  const at = settings.accounts.findIndex((other) => other.id === id);
  const accounts = [...settings.accounts];
  if (at === -1) accounts.push(entry);
  else accounts[at] = entry;
  return { ...shared, accounts };
}

/**
 * The id a new account takes: the first account's when it has none (its keys are empty then),
 * else one above every id in use, so a removed account's keys are never another's.
 */
export function newAccountId(settings: Settings): string {
  if (!isConnected(settings) && settings.accounts.length === 0) return FIRST_ACCOUNT;
  const highest = Math.max(1, ...settings.accounts.map((entry) => Number(entry.id)));
  return String(highest + 1);
}

function hostOf(serviceUrl: string): string {
  try {
    return new URL(serviceUrl).host;
  } catch {
    return serviceUrl;
  }
}

/**
 * The name each account goes by, in the order of `accounts`: its label, else its service's host,
 * else (a host an earlier account already goes by) `numbered(n)`, n its place in the list.
 */
export function accountNames(
  accounts: readonly Account[],
  numbered: (place: number) => string,
): Map<string, string> {
  const names = new Map<string, string>();
  const taken = new Set<string>();
  accounts.forEach((account, index) => {
    const label = account.label.trim();
    const host = hostOf(account.serviceUrl);
    const name = label !== '' ? label : taken.has(host) ? numbered(index + 1) : host;
    taken.add(name);
    names.set(account.id, name);
  });
  return names;
}
