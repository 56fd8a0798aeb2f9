// Reading the stored preview back (preview.ts), as pure functions. Storage is input: a preview that
// is damaged or disagrees with itself is no preview, and the popup reads the store instead (as it
// does before the background first writes one).
import { isRecord } from '@/lib/service/envelope';
import type { MentionPreview, PreviewCounts } from '@/lib/mentions/preview';
import { isStoredRecord } from '@/lib/mentions/stored-record';

function isCount(value: unknown): value is number {
  return Number.isSafeInteger(value) && (value as number) >= 0;
}

function isCounts(value: unknown): value is Record<string, number> {
  return isRecord(value) && Object.values(value).every(isCount);
}

export function parsePreviewCounts(raw: unknown): PreviewCounts | null {
  if (
    !isRecord(raw) ||
    !isCount(raw.unread) ||
    !isCount(raw.mentions) ||
    !isCounts(raw.unreadByProject) ||
    !isCounts(raw.unreadBySource) ||
    raw.unread > raw.mentions
  ) {
    return null;
  }
  return {
    unread: raw.unread,
    mentions: raw.mentions,
    unreadByProject: raw.unreadByProject,
    unreadBySource: raw.unreadBySource,
  };
}

/**
 * The stored preview as the popup uses it, or null. A record that is damaged, or more of them than
 * the unread count, makes it no preview: the popup reads the store instead.
 */
export function parseStoredPreview(raw: unknown): MentionPreview | null {
  const counts = parsePreviewCounts(raw);
  if (!counts || !isRecord(raw) || !Array.isArray(raw.newestUnread)) return null;
  const records = raw.newestUnread as unknown[];
  if (records.length > counts.unread || !records.every(isStoredRecord)) return null;
  // Absent from a preview written before they were kept; damaged, they alone are dropped.
  const readRecords = Array.isArray(raw.newestRead) ? (raw.newestRead as unknown[]) : null;
  const readKept =
    readRecords !== null &&
    readRecords.length <= counts.mentions - counts.unread &&
    readRecords.every(isStoredRecord);
  // Listed in the preview means unread (or read) when it was written, in the same call as the records.
  return {
    ...counts,
    newestUnread: records.map((record) => ({ ...record, read: false })),
    newestRead: readKept ? readRecords.map((record) => ({ ...record, read: true })) : null,
  };
}
