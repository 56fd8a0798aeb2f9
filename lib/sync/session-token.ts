// The session token as stored (storage.session, sessionTokenItem in lib/storage/items.ts): the
// token with the account it was issued for, and the schema it is read through. Apart from
// session.ts so the item's entry can name the guard without the storage module importing the
// session (which imports the item).
import { isUsableToken } from '@/lib/service/connection';
import { lazySchema, z } from '@/lib/zod';

// A token stored by an older version has no keyId: unknown account, so a new login.
const storedTokenSchema = lazySchema(() =>
  z.object({
    token: z.custom<string>(isUsableToken),
    /** The origin the token was issued by: a token never travels to another service. */
    origin: z.string(),
    /** keyFingerprint of the API key it was issued for (never the key itself). */
    keyId: z.string(),
  }),
);

export type StoredToken = z.output<ReturnType<typeof storedTokenSchema>>;

/** The stored token, or null when there is none usable. */
export const parseStoredToken = (value: unknown): StoredToken | null =>
  storedTokenSchema().safeParse(value).data ?? null;
