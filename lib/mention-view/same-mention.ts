// Whether two records of a mention would show the same row. The store is parsed afresh on every
// change (a new object per mention), so identity says nothing: marking one mention read must
// render its row alone, not the thousands beside it.
import type { StoredMention } from '@/lib/mentions/store';

/** Every field equal (Object.is), none missing on either side. */
export function sameMention(a: StoredMention, b: StoredMention): boolean {
  if (a === b) return true;
  const keys = Object.keys(a) as (keyof StoredMention)[];
  if (keys.length !== Object.keys(b).length) return false;
  return keys.every((key) => Object.hasOwn(b, key) && Object.is(a[key], b[key]));
}
