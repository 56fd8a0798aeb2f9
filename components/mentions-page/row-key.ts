// A result row's key (keyString of its mention's key), made once per mention object: the list
// asks for the keys of the rows it renders on every keystroke, and the page's objects stay the
// same from one keystroke to the next.
import { keyOf, keyString, type StoredMention } from '@/lib/mentions/store';

const keys = new WeakMap<StoredMention, string>();

export function rowKey(mention: StoredMention): string {
  let key = keys.get(mention);
  if (key === undefined) {
    key = keyString(keyOf(mention));
    keys.set(mention, key);
  }
  return key;
}
