// What a mention row shows, derived from the stored record, and whether two records show the same
// row. Remote text stays text: these only pick and shorten strings; rendering puts them in text
// nodes.

import { capLength, oneLine } from '@/lib/mentions/plain-text';
import type { StoredMention } from '@/lib/mentions/store';

/** About three lines of the popup; CSS clamps visually, this bounds the DOM. */
const BODY_MAX_CHARS = 280;
const TITLE_MAX_CHARS = 300;

/** The snippet, or when it is empty the summary, on one line and shortened. */
export function mentionBody(mention: Pick<StoredMention, 'snippet' | 'text_summary'>): string {
  const snippet = oneLine(mention.snippet ?? '');
  const text = snippet !== '' ? snippet : oneLine(mention.text_summary ?? '');
  return capLength(text, BODY_MAX_CHARS);
}

export function mentionTitle(mention: Pick<StoredMention, 'title' | 'url'>): string {
  const title = oneLine(mention.title ?? '');
  return capLength(title !== '' ? title : oneLine(mention.url ?? ''), TITLE_MAX_CHARS);
}

export type Sentiment = 'positive' | 'neutral' | 'negative';

/** The service's sentiment is an opaque integer: below 0, 0, above 0 (NaN reads as neutral). */
export function sentimentOf(value: number): Sentiment {
  if (value > 0) return 'positive';
  if (value < 0) return 'negative';
  return 'neutral';
}

/**
 * Whether two records of a mention would show the same row: every field equal (Object.is), none
 * missing on either side. The store is parsed afresh on every change (a new object per mention),
 * so identity says nothing: marking one mention read must render its row alone, not the thousands
 * beside it.
 */
export function sameMention(a: StoredMention, b: StoredMention): boolean {
  if (a === b) return true;
  const keys = Object.keys(a) as (keyof StoredMention)[];
  if (keys.length !== Object.keys(b).length) return false;
  return keys.every((key) => Object.hasOwn(b, key) && Object.is(a[key], b[key]));
}
