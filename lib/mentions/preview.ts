// What the popup needs for its first paint, kept of fixed size whatever the store holds: the counts
// and the first page of the default view (unread, newest first); and, for the mentions page's first
// screen (every mention, newest first), the newest read ones beside them. The background writes it
// in the same storage call as the store, so the two never disagree; the popup paints from it at once
// and reads the whole store after.
//
// The mentions are copied into the preview, not named by key: the popup's first paint is then one
// storage read, where fetching the records by key would be a second read after the first, on the
// popup's critical path (`npm run bench -- first`). It holds the popup's whole first page, not only
// a screen, so that nothing on screen changes when the store comes a few hundred milliseconds
// later. The price is the write: a change to the counts or the first page rewrites the whole page.
import { browser } from 'wxt/browser';
import { PREVIEW_KEY } from '@/lib/storage/keys';
import { accountPrefix, listAccounts } from '@/lib/accounts/accounts';
import type { Settings } from '@/lib/settings/settings';
import { parsePreviewCounts } from '@/lib/mentions/parse-preview';
import { recordOf, type StoredRecord } from '@/lib/mentions/mention-record';
import {
  emptyMentionStore,
  type MentionStore,
  type StoredMention,
  newestOf,
  mentionCount,
} from '@/lib/mentions/store';
import type { MuteMatcher } from '@/lib/triage/mute';

/** The popup's first page of "New" (components/MentionList.tsx PAGE_SIZE is this). */
export const PREVIEW_UNREAD = 50;
/** The read ones: with the newest unread, the mentions page's first screen of any read state. */
const PREVIEW_READ = 10;

/** How many of its newest unread and read mentions a preview holds. */
export interface PreviewRows {
  unread: number;
  read: number;
}

/**
 * The fewest unread a preview holds: the rows a first frame shows of the merge of several (the
 * popup's FIRST_SCREEN in components/long-list.tsx, the mentions page's 10; preview.test.ts holds
 * it to them), so that what a first frame shows is the newest of all accounts.
 */
const PREVIEW_FIRST_SCREEN = 15;

/**
 * The rows each account's preview holds with the accounts `settings` list. One account's holds the
 * whole first page; of several, each holds its share of the page, or a first screen if that is
 * more: a page merges them (lib/mention-view/account-mentions.ts) and reads every one before its
 * first frame, and three whole ones were most of what three accounts added to the popup's first
 * row (`npm run bench -- first-paint`). The read ones stay a screen each: the mentions page's
 * first screen of read mentions may be one account's alone.
 */
export function previewRows(settings: Settings): PreviewRows {
  const n = Math.max(1, listAccounts(settings).length);
  return {
    unread: Math.max(PREVIEW_FIRST_SCREEN, Math.ceil(PREVIEW_UNREAD / n)),
    read: PREVIEW_READ,
  };
}

/** One account's rows: the whole first page. */
const WHOLE_PAGE: PreviewRows = { unread: PREVIEW_UNREAD, read: PREVIEW_READ };

export interface PreviewCounts {
  unread: number;
  mentions: number;
  /** Unread per project id (projects with none included, as 0). */
  unreadByProject: Record<number, number>;
  /** Unread per source, for the popup's source filter. */
  unreadBySource: Record<string, number>;
}

/** The preview as the popup uses it. */
export interface MentionPreview extends PreviewCounts {
  /** The newest unread mentions, newest first, at most PREVIEW_UNREAD (previewRows). */
  newestUnread: StoredMention[];
  /**
   * The newest read ones, the same way: with newestUnread, the first screen of any read state.
   * Null in a preview stored before they were kept (the page then waits for the store).
   */
  newestRead: StoredMention[] | null;
}

/** The preview as stored: the newest mentions as records (no read flag: the list says which). */
export interface StoredPreview extends PreviewCounts {
  newestUnread: StoredRecord[];
  newestRead: StoredRecord[];
}

/**
 * The preview of `store`, without the mentions `muted` hides (lib/triage/mute.ts): they are stored
 * but neither listed nor counted as unread. `mentions` counts every stored mention.
 */
export function previewOf(
  store: MentionStore,
  muted?: MuteMatcher,
  rows: PreviewRows = WHOLE_PAGE,
): MentionPreview {
  const unread: StoredMention[] = [];
  const read: StoredMention[] = [];
  const byProject: Record<number, number> = {};
  const unreadBySource: Record<string, number> = {};
  for (const [id, list] of Object.entries(store.byProject)) {
    let count = 0;
    for (const mention of list) {
      if (muted?.(mention)) continue;
      if (mention.read) {
        read.push(mention);
        continue;
      }
      count += 1;
      unread.push(mention);
      unreadBySource[mention.source] = (unreadBySource[mention.source] ?? 0) + 1;
    }
    byProject[Number(id)] = count;
  }
  return {
    unread: unread.length,
    mentions: mentionCount(store),
    unreadByProject: byProject,
    unreadBySource,
    newestUnread: newestOf(unread, rows.unread),
    newestRead: newestOf(read, rows.read),
  };
}

export function storedPreviewOf(
  store: MentionStore,
  muted?: MuteMatcher,
  rows?: PreviewRows,
): StoredPreview {
  const preview = previewOf(store, muted, rows);
  return {
    ...preview,
    newestUnread: preview.newestUnread.map(recordOf),
    newestRead: (preview.newestRead ?? []).map(recordOf),
  };
}

/**
 * Account `account`'s counts alone (the options page, the badge), empty before the background first writes a
 * preview. Read from the key, not through mentionPreviewItem: the item's parser of the preview's
 * records is the popup's, which the worker need not carry.
 */
export async function readPreviewCounts(account: string): Promise<PreviewCounts> {
  const key = accountPrefix(account) + PREVIEW_KEY;
  const { [key]: stored } = await browser.storage.local.get(key);
  return parsePreviewCounts(stored) ?? previewOf(emptyMentionStore());
}
