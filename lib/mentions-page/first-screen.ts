// The mentions page's first screen before the store is read: the popup's preview holds the newest
// unread and the newest read mentions (lib/mentions/preview.ts), muted ones left out, which is the
// top of any view that only chooses a read state. Reading the whole store (megabytes at 5,000
// mentions) takes several times as long as the page's first frame; this takes one small read.
import type { MentionPreview } from '@/lib/mentions/preview';
import { newestOf } from '@/lib/mentions/order';
import type { StoredMention } from '@/lib/mentions/store';
import { DEFAULT_PAGE_FILTER, type PageFilter } from '@/lib/mentions-page/page-filter';

/** How many rows the first screen shows: what fills a full-height tab. */
export const FIRST_SCREEN_ROWS = 10;

/**
 * The first rows of `filter` from the preview, or null when the preview cannot tell them: a
 * search, a project, source, sentiment, date or saved filter, muted shown (the preview leaves
 * muted out), or a preview written before it kept the read ones.
 */
export function firstScreen(
  preview: MentionPreview | null,
  filter: PageFilter,
): StoredMention[] | null {
  if (!preview) return null;
  const narrowed = (Object.keys(DEFAULT_PAGE_FILTER) as (keyof PageFilter)[]).some(
    (name) => name !== 'read' && name !== 'sort' && filter[name] !== DEFAULT_PAGE_FILTER[name],
  );
  if (narrowed) return null;
  if (filter.read === 'unread') return preview.newestUnread.slice(0, FIRST_SCREEN_ROWS);
  if (preview.newestRead === null) return null;
  if (filter.read === 'read') return preview.newestRead.slice(0, FIRST_SCREEN_ROWS);
  return newestOf([...preview.newestUnread, ...preview.newestRead], FIRST_SCREEN_ROWS);
}
