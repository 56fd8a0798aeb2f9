// What the popup needs for its first paint, kept small and of fixed size whatever the store holds:
// the counts and the first page of the default view (unread, newest first). The background writes
// it in the same storage call as the store, so the two never disagree; the popup paints from it at
// once and reads the whole store after.
import { storage } from 'wxt/utils/storage';
import { newestFirst } from './order';
import { mentionCount, unreadByProject, unreadCount } from './selectors';
import { emptyMentionStore, type MentionStore, type StoredMention } from './store';

/** One popup page: the first screen and some scrolling. */
export const PREVIEW_MENTIONS = 50;

export interface MentionPreview {
  unread: number;
  mentions: number;
  /** Unread per project id (projects with none included, as 0). */
  unreadByProject: Record<number, number>;
  /** Unread per source, for the popup's source filter. */
  unreadBySource: Record<string, number>;
  /** The newest unread mentions, newest first, at most PREVIEW_MENTIONS. */
  newestUnread: StoredMention[];
}

export const mentionPreviewItem = storage.defineItem<MentionPreview | null>(
  'local:mentionPreview',
  {
    fallback: null,
    version: 1,
    migrations: {},
  },
);

/** The stored preview, or an empty one before the background first wrote it. */
export async function readMentionPreview(): Promise<MentionPreview> {
  return (await mentionPreviewItem.getValue()) ?? previewOf(emptyMentionStore());
}

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
