// The session rule from service-notes.md, in one place: when the service rejects the token, log
// in again once and retry the call once. A second rejection is final (no loops). The client does
// not do this itself: the background's session layer owns the token and single-flights logins,
// and calls this helper around each request.

import { isServiceError } from '@/lib/service/errors';

/**
 * `call` with the current token; on an 'auth' error, `relogin` once for a fresh token and `call`
 * once more. Errors of other kinds pass straight through, as does any error of the retry (a second
 * 'auth' included) and of `getToken`/`relogin` themselves (a rejected API key is final).
 */
export async function withReauth<T>(
  getToken: () => Promise<string>,
  relogin: () => Promise<string>,
  call: (token: string) => Promise<T>,
): Promise<T> {
  const token = await getToken();
  try {
    return await call(token);
  } catch (error) {
    if (!isServiceError(error, 'auth')) throw error;
  }
  const fresh = await relogin();
  return call(fresh);
}
