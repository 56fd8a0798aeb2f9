// Reading the stored preview back (preview.ts), as pure functions. Storage is input: a preview that
// is damaged or disagrees with itself is no preview, and the popup reads the store instead (as it
// does before the background first writes one).
import { isRecord } from '../service/envelope';
import type { MentionPreview, PreviewCounts, StoredPreview } from './preview';
import { parseRecordKey } from './shard-keys';
import { isStoredRecord } from './shards';
import type { StoredMention } from './store';

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

export function parseStoredPreview(raw: unknown): StoredPreview | null {
  const counts = parsePreviewCounts(raw);
  if (!counts || !isRecord(raw) || !Array.isArray(raw.newestUnread)) return null;
  const keys = raw.newestUnread;
  if (!keys.every((key) => typeof key === 'string' && parseRecordKey(key) !== null)) return null;
  if (keys.length > counts.unread) return null;
  return { ...counts, newestUnread: keys as string[] };
}

/**
 * The preview with its records (as fetched by their keys). A key without a whole record means the
 * store moved on since the preview was read: no preview, the store tells.
 */
export function previewWithRecords(
  preview: StoredPreview,
  records: Record<string, unknown>,
): MentionPreview | null {
  const newestUnread: StoredMention[] = [];
  for (const key of preview.newestUnread) {
    const record = records[key];
    const named = parseRecordKey(key);
    if (!named || !isStoredRecord(record)) return null;
    if (record.project_id !== named.projectId || record.id !== named.id) return null;
    // Listed in the preview means unread when it was written, in the same call as the records.
    newestUnread.push({ ...record, read: false });
  }
  return { ...preview, newestUnread };
}
