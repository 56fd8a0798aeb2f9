// Turning a decoded Mention into its stored form, and telling whether a re-fetch changed anything.

import type { Mention } from '@/lib/service/mention';
import { capLength } from './plain-text';
import type { StoredMention } from './store';

/**
 * Upper bounds for display strings, so one odd record cannot eat the storage quota. Generous for
 * what the popup shows (title, snippet or summary, author). The URL is never cut: a shortened URL
 * is a wrong link.
 */
const MAX_LENGTH = {
  title: 300,
  snippet: 1_000,
  text_summary: 2_000,
  author: 200,
  keywords: 500,
  excluded_keywords: 500,
} as const;

/** The service's content, as stored, without our local fields. */
export type StoredContent = Omit<StoredMention, 'read' | 'firstSeen' | 'addedAt'>;

/** Fields compared to decide whether a re-fetched mention changed. */
const CONTENT_FIELDS = [
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

export function toStoredContent(mention: Mention): StoredContent {
  return {
    id: mention.id,
    project_id: mention.project_id,
    type: mention.type,
    reddit_type: mention.reddit_type,
    source: mention.source,
    relevance_score: mention.relevance_score,
    sentiment: mention.sentiment,
    title: capLength(mention.title, MAX_LENGTH.title),
    text_summary:
      mention.text_summary === null
        ? null
        : capLength(mention.text_summary, MAX_LENGTH.text_summary),
    snippet: capLength(mention.snippet, MAX_LENGTH.snippet),
    url: mention.url,
    keywords: capLength(mention.keywords, MAX_LENGTH.keywords),
    excluded_keywords: capLength(mention.excluded_keywords, MAX_LENGTH.excluded_keywords),
    status: mention.status,
    favorites: mention.favorites,
    author: capLength(mention.author, MAX_LENGTH.author),
    created: mention.created,
    date_added: mention.date_added,
  };
}

export function sameContent(stored: StoredContent, fresh: StoredContent): boolean {
  // Object.is so that NaN equals NaN: a field that is NaN every time is not a change every poll.
  return CONTENT_FIELDS.every((field) => Object.is(stored[field], fresh[field]));
}
