// A mention's record as the store keeps it: a decoded Mention turned into its stored form (every
// remote string cut to a byte cap), telling whether a re-fetch changed anything, and the record as
// it sits under its own storage key (everything but the read flag, which is kept per project:
// shards.ts), checked when read back. The popup's preview copies records too (preview.ts).

import type { Mention } from '@/lib/service/values';
import { capBytes, stringBytes } from '@/lib/storage/quota-bytes';
import type { StoredMention } from '@/lib/mentions/store';
import { lazySchema, z } from '@/lib/zod';

/**
 * Upper bounds of every remote string, in bytes as storage counts them (lib/storage/quota-bytes.ts:
 * UTF-8, escapes included), so that no record, however odd, costs more than a known amount. Generous for
 * what the popup shows (a title and about three lines of snippet or summary, the author); small for
 * what it does not show. Dates: a readable service date is at most 35 plain characters, so the cap
 * never changes one (they are trimmed first, as parseServiceDate reads them).
 */
export const FIELD_BYTES = {
  title: 768,
  snippet: 768,
  text_summary: 768,
  author: 160,
  keywords: 256,
  excluded_keywords: 256,
  type: 64,
  reddit_type: 32,
  source: 32,
  created: 40,
  date_added: 40,
} as const;

/**
 * The URL is never cut: a shortened URL is a wrong link. One longer than this is not kept at all
 * (stored as '', which the row shows without a link: safe-url refuses it).
 */
const URL_BYTES = 2_048;

/** The service's content, as stored, without our local fields. */
type StoredContent = Omit<StoredMention, 'read' | 'firstSeen' | 'addedAt'>;

/** Fields compared to decide whether a re-fetched mention changed. */
export const CONTENT_FIELDS = [
  'id',
  'project_id',
  'type',
  'reddit_type',
  'source',
  'relevance_score',
  'sentiment',
  'title',
  'text_summary',
  'snippet',
  'url',
  'keywords',
  'excluded_keywords',
  'status',
  'favorites',
  'author',
  'created',
  'date_added',
] as const satisfies readonly (keyof StoredContent)[];

// Compile-time guard: adding a field to Mention without listing it here is an error, so a change
// of that field can never be silently ignored by the merge.
type Missing = Exclude<keyof StoredContent, (typeof CONTENT_FIELDS)[number]>;
const allFieldsListed: [Missing] extends [never] ? true : Missing = true;
void allFieldsListed;

/** The URL as stored: whole, or '' when over URL_BYTES. */
function storedUrl(url: string): string {
  return stringBytes(url) <= URL_BYTES ? url : '';
}

/** A service date as stored (and as parsed: the merge reads the stored one). */
export function storedDate(text: string): string {
  return capBytes(text.trim(), FIELD_BYTES.date_added);
}

export function toStoredContent(mention: Mention): StoredContent {
  return {
    id: mention.id,
    project_id: mention.project_id,
    type: capBytes(mention.type, FIELD_BYTES.type),
    reddit_type: capBytes(mention.reddit_type, FIELD_BYTES.reddit_type),
    source: capBytes(mention.source, FIELD_BYTES.source),
    relevance_score: mention.relevance_score,
    sentiment: mention.sentiment,
    title: capBytes(mention.title, FIELD_BYTES.title),
    text_summary:
      mention.text_summary === null
        ? null
        : capBytes(mention.text_summary, FIELD_BYTES.text_summary),
    snippet: capBytes(mention.snippet, FIELD_BYTES.snippet),
    url: storedUrl(mention.url),
    keywords: capBytes(mention.keywords, FIELD_BYTES.keywords),
    excluded_keywords: capBytes(mention.excluded_keywords, FIELD_BYTES.excluded_keywords),
    status: mention.status,
    favorites: mention.favorites,
    author: capBytes(mention.author, FIELD_BYTES.author),
    created: capBytes(mention.created.trim(), FIELD_BYTES.created),
    date_added: storedDate(mention.date_added),
  };
}

export function sameContent(stored: StoredContent, fresh: StoredContent): boolean {
  // Object.is so that NaN equals NaN: a field that is NaN every time is not a change every poll.
  return CONTENT_FIELDS.every((field) => Object.is(stored[field], fresh[field]));
}

/** A record as stored: the mention without its read flag. */
export type StoredRecord = Omit<StoredMention, 'read'>;

export function recordOf(mention: StoredMention): StoredRecord {
  const record: Partial<StoredMention> = { ...mention };
  delete record.read;
  return record as StoredRecord;
}

/** The members the store relies on; the rest of a record is kept as stored. */
const recordMembers = lazySchema(() =>
  z.object({
    id: z.int(),
    project_id: z.int(),
    addedAt: z.number(),
    firstSeen: z.number(),
    url: z.string(),
    title: z.string(),
    date_added: z.string(),
  }),
);

/** Storage is input: a record is used only when the members the store relies on are sound. */
export const isStoredRecord = (value: unknown): value is StoredRecord =>
  recordMembers().safeParse(value).success;

/** A record as stored, kept whole: its members are checked, the record is not copied. */
export const storedRecord = lazySchema(() => z.custom<StoredRecord>(isStoredRecord));
