// Reading the stored preview back (preview.ts), as pure functions. Storage is input: a preview that
// is damaged or disagrees with itself is no preview, and the popup reads the store instead (as it
// does before the background first writes one).
import type { MentionPreview, PreviewCounts } from '@/lib/mentions/preview';
import { storedRecord } from '@/lib/mentions/mention-record';
import { lazySchema, z } from '@/lib/zod';

/** The counts: of each, how many; never more unread than mentions. */
const previewCountsSchema = lazySchema(() => {
  const count = z.int().check(z.nonnegative());
  return z
    .object({
      unread: count,
      mentions: count,
      unreadByProject: z.record(z.string(), count),
      unreadBySource: z.record(z.string(), count),
    })
    .check(z.refine((counts) => counts.unread <= counts.mentions));
});

export const parsePreviewCounts = (raw: unknown): PreviewCounts | null =>
  previewCountsSchema().safeParse(raw).data ?? null;

/**
 * The counts and the records: a record that is damaged, or more of them than the unread count,
 * makes it no preview. Listed in the preview means unread (or read) when it was written, in the
 * same call as the records.
 */
const storedPreviewSchema = lazySchema(() =>
  z.pipe(
    z
      .extend(previewCountsSchema(), {
        newestUnread: z.array(storedRecord()),
        // Absent from a preview written before they were kept; damaged, they alone are dropped.
        newestRead: z.catch(z.nullable(z.array(storedRecord())), null),
      })
      .check(z.refine((preview) => preview.newestUnread.length <= preview.unread)),
    z.transform(({ newestUnread, newestRead, ...counts }): MentionPreview => ({
      ...counts,
      newestUnread: newestUnread.map((record) => ({ ...record, read: false })),
      newestRead:
        newestRead && newestRead.length <= counts.mentions - counts.unread
          ? newestRead.map((record) => ({ ...record, read: true }))
          : null,
    })),
  ),
);

/** The stored preview as the popup uses it, or null. */
export const parseStoredPreview = (raw: unknown): MentionPreview | null =>
  storedPreviewSchema().safeParse(raw).data ?? null;
