// The session token as stored (storage.session, sessionTokenItem in lib/storage/items.ts): the
// token with the account it was issued for, and the guard it is read through. Apart from
// session.ts so the item's entry can name the guard without the storage module importing the
// session (which imports the item).
import { isUsableToken } from '@/lib/service/login-reply';
import { isRecord } from '@/lib/service/envelope';

export interface StoredToken {
  token: string;
  /** The origin the token was issued by: a token never travels to another service. */
  origin: string;
  /** keyFingerprint of the API key it was issued for (never the key itself). */
  keyId: string;
}

/** The stored token, or null when there is none usable. */
export function parseStoredToken(value: unknown): StoredToken | null {
  if (!isRecord(value)) return null;
  const { token, origin, keyId } = value as Partial<StoredToken>;
  // A token stored by an older version has no keyId: unknown account, so a new login.
  if (!isUsableToken(token) || typeof origin !== 'string' || typeof keyId !== 'string') return null;
  return { token, origin, keyId };
}
