// Mentions of several accounts in one page. Project ids of two services collide, so a page's
// mention carries its account (`account`; a mention without one is the first account's, as a
// command without `accountId` is), and its key in the page (`pageKey`) is the key in the account
// with that account's storage prefix: the first account's is its plain keyString, so a page of
// one account keys, selects and marks exactly as it always did. The page's lists merge the
// accounts' own (lists.ts) newest first, and every command goes to the account of its mentions.
import {
  FIRST_ACCOUNT,
  accountNames,
  accountPrefix,
  hasSeveralAccounts,
  listAccounts,
} from '@/lib/accounts/accounts';
import { t } from '@/lib/i18n';
import type { Settings } from '@/lib/settings/settings';
import type { MentionPreview } from '@/lib/mentions/preview';
import {
  compareNewestFirst,
  keyOf,
  keyString,
  type MentionKey,
  type MentionStore,
  type StoredMention,
} from '@/lib/mentions/store';
import type { Mentions } from '@/lib/mention-view/lists';
import type { TriageData } from '@/lib/mention-view/popup-data';
import type { SyncStatus } from '@/lib/sync/status';

/**
 * The account a page's mention (or a saved copy's record) belongs to: a page's mention carries it
 * as `account` (absent: the first).
 */
export function mentionAccount(mention: object): string {
  return (mention as { account?: string }).account ?? FIRST_ACCOUNT;
}

/** A mention's key in a page of several accounts, for Sets and Maps. */
export function pageKey(mention: Pick<StoredMention, 'project_id' | 'id'>): string {
  return accountPrefix(mentionAccount(mention)) + keyString(keyOf(mention));
}

function tagged<T extends StoredMention>(list: readonly T[], account: string): T[] {
  return list.map((mention) => ({ ...mention, account }));
}

/** Account `account`'s store as the page holds it: each mention naming its account. */
export function storeOfAccount(store: MentionStore, account: string): MentionStore {
  if (account === FIRST_ACCOUNT) return store;
  const byProject: Record<number, StoredMention[]> = {};
  for (const [id, list] of Object.entries(store.byProject)) {
    byProject[Number(id)] = tagged(list, account);
  }
  return { ...store, byProject };
}

/** Account `account`'s preview as the page holds it. */
export function previewOfAccount(preview: MentionPreview, account: string): MentionPreview {
  if (account === FIRST_ACCOUNT) return preview;
  return {
    ...preview,
    newestUnread: tagged(preview.newestUnread, account),
    newestRead: preview.newestRead && tagged(preview.newestRead, account),
  };
}

/** Account `account`'s triage as the page holds it: saved copies and stars keyed in the page. */
export function triageOfAccount(triage: TriageData, account: string): TriageData {
  if (account === FIRST_ACCOUNT) return triage;
  const items = triage.saved.items.map((item) => ({
    ...item,
    record: { ...item.record, account },
  }));
  return {
    ...triage,
    saved: { ...triage.saved, items },
    savedKeys: new Set(items.map((item) => pageKey(item.record))),
  };
}

/**
 * One triage for the page from each account's: the first account's state (the snooze is every
 * account's at once), each mention muted by its own account's rules, every saved mention, newest
 * saved first.
 */
export function combinedTriage(triages: readonly TriageData[], accounts: string[]): TriageData {
  if (triages.length === 1) return triages[0];
  const byAccount = new Map(accounts.map((account, index) => [account, triages[index]]));
  const items = triages
    .flatMap((triage) => triage.saved.items)
    .sort((a, b) => b.savedAt - a.savedAt);
  return {
    state: triages[0].state,
    isMuted: (mention) => byAccount.get(mentionAccount(mention))?.isMuted(mention) ?? false,
    saved: { ...triages[0].saved, items },
    savedKeys: new Set(triages.flatMap((triage) => [...triage.savedKeys])),
  };
}

/**
 * The accounts' mentions as one: newest first, counted together. Where an account's list holds
 * only its newest unread, the merged list stops at the oldest row that account holds, since its
 * older unread ones (still in its store) would land between the rows after it. Project ids
 * collide, so the merged counts per project are left out: a page narrows to one account first.
 */
export function mergedMentions(parts: readonly Mentions[]): Mentions {
  if (parts.length === 1) return parts[0];
  const holdings = parts.map((part) => part.holding);
  const holding = holdings.includes('newest-unread')
    ? 'newest-unread'
    : holdings.includes('unread')
      ? 'unread'
      : 'every';
  let list = parts.flatMap((part) => part.list).sort(compareNewestFirst);
  const ends = parts
    .filter((part) => part.holding === 'newest-unread' && part.list.length > 0)
    .map((part) => part.list[part.list.length - 1]);
  if (ends.length > 0) {
    const end = ends.sort(compareNewestFirst)[0];
    list = list.filter((mention) => compareNewestFirst(mention, end) <= 0);
  }
  const unreadBySource: Record<string, number> = {};
  for (const part of parts) {
    for (const [source, count] of Object.entries(part.unreadBySource)) {
      unreadBySource[source] = (unreadBySource[source] ?? 0) + count;
    }
  }
  return {
    list,
    holding,
    total: parts.reduce((sum, part) => sum + part.total, 0),
    unread: parts.reduce((sum, part) => sum + part.unread, 0),
    unreadByProject: {},
    unreadBySource,
  };
}

/** The keys of these mentions per account, in the order of their first mention: one command each. */
export function keysByAccount(mentions: readonly StoredMention[]): Map<string, MentionKey[]> {
  const byAccount = new Map<string, MentionKey[]>();
  for (const mention of mentions) {
    const account = mentionAccount(mention);
    const keys = byAccount.get(account) ?? [];
    keys.push(keyOf(mention));
    byAccount.set(account, keys);
  }
  return byAccount;
}

/**
 * The name each account goes by on a page (its rows, its filters), or null with one account: a
 * page of one account names none.
 */
export function shownAccountNames(settings: Settings): Map<string, string> | null {
  if (!hasSeveralAccounts(settings)) return null;
  return accountNames(listAccounts(settings), (place) => t('accountNumbered', String(place)));
}

/** The status the popup speaks of: an account's that needs attention, else a checked one's. */
export function shownStatus(statuses: readonly SyncStatus[]): SyncStatus | undefined {
  return (
    statuses.find(
      (status) => status.permissionMissing || status.keyRejected || status.schedule.attention,
    ) ??
    statuses.find((status) => status.schedule.lastSuccessAt != null) ??
    statuses[0]
  );
}
