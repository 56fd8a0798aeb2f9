// What the popup needs for its first paint, kept small and of fixed size whatever the store holds:
// the counts and the first page of the default view (unread, newest first). The background writes
// it in the same storage call as the store, so the two never disagree; the popup paints from it at
// once and reads the whole store after.
//
// The first page is stored as record keys, not records: the records are in storage already
// (shards.ts), and a preview that copied them would rewrite ~50 records whenever a count moved.
// The popup fetches those keys in one call.
import { browser } from 'wxt/browser';
import { defineLazyItem } from '../lazy-storage-item';
import { newestFirst } from './order';
import { parsePreviewCounts } from './parse-preview';
import { mentionCount, unreadByProject, unreadCount } from './selectors';
import { recordKey } from './shard-keys';
import { emptyMentionStore, type MentionStore, type StoredMention } from './store';

/** One popup page: the first screen and some scrolling. */
export const PREVIEW_MENTIONS = 50;

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
  /** The newest unread mentions, newest first, at most PREVIEW_MENTIONS. */
  newestUnread: StoredMention[];
}

/** The preview as stored: the newest unread as record keys (`mention:<project>:<id>`). */
export interface StoredPreview extends PreviewCounts {
  newestUnread: string[];
}

export const PREVIEW_KEY = 'mentionPreview';

export const mentionPreviewItem = defineLazyItem<StoredPreview | null>(`local:${PREVIEW_KEY}`, {
  fallback: null,
});

export function previewOf(store: MentionStore): MentionPreview {
  const unread: StoredMention[] = [];
  const unreadBySource: Record<string, number> = {};
  for (const list of Object.values(store.byProject)) {
    for (const mention of list) {
      if (mention.read) continue;
      unread.push(mention);
      unreadBySource[mention.source] = (unreadBySource[mention.source] ?? 0) + 1;
    }
  }
  return {
    unread: unreadCount(store),
    mentions: mentionCount(store),
    unreadByProject: unreadByProject(store),
    unreadBySource,
    newestUnread: newestFirst(unread).slice(0, PREVIEW_MENTIONS),
  };
}

export function storedPreviewOf(store: MentionStore): StoredPreview {
  const preview = previewOf(store);
  return {
    ...preview,
    newestUnread: preview.newestUnread.map((m) => recordKey(m.project_id, m.id)),
  };
}

/** The records a stored preview names, in one storage call (nothing to fetch: no call). */
export async function fetchPreviewRecords(
  preview: Pick<StoredPreview, 'newestUnread'>,
): Promise<Record<string, unknown>> {
  if (preview.newestUnread.length === 0) return {};
  return browser.storage.local.get(preview.newestUnread);
}

/** The counts alone (the options page), empty before the background first writes a preview. */
export async function readPreviewCounts(): Promise<PreviewCounts> {
  return parsePreviewCounts(await mentionPreviewItem.getValue()) ?? previewOf(emptyMentionStore());
}
