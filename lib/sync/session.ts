// The session with the service: the token lives in storage.session (gone after a browser restart,
// never written to disk), one login at a time, and the "log in again once, retry once" rule.
import { defineLazyItem } from '../lazy-storage-item';
import { t } from '../i18n';
import type { ServiceClient } from '../service/client';
import { ServiceError } from '../service/errors';
import { withReauth } from '../service/reauth';
import { isConfigured, type Settings } from '../settings/settings';

interface StoredToken {
  token: string;
  /** The origin the token was issued by: a token never travels to another service. */
  origin: string;
}

export const sessionTokenItem = defineLazyItem<StoredToken | null>('session:token', {
  fallback: null,
});

export interface SessionDeps {
  readSettings(): Promise<Settings>;
  makeClient(origin: string): ServiceClient;
}

export interface Session {
  /** Runs `call` with a valid token, logging in first or again (once) as needed. */
  call<T>(call: (client: ServiceClient, token: string) => Promise<T>): Promise<T>;
  /** Takes a token just obtained for `origin` (by saving the connection) instead of logging in again. */
  adopt(origin: string, token: string): Promise<void>;
  /** Forgets the token (settings changed, disconnect). */
  forget(): Promise<void>;
}

export function createSession(deps: SessionDeps): Session {
  // Concurrent callers share one login. Keyed by origin and key so a settings change mid-login
  // never hands out a token for the old account.
  let inFlight: { settingsKey: string; promise: Promise<string> } | null = null;

  function loginOnce(client: ServiceClient, settings: Settings, staleToken?: string) {
    const settingsKey = `${settings.serviceUrl}\n${settings.apiKey}`;
    if (inFlight?.settingsKey === settingsKey) return inFlight.promise;
    const promise = (async () => {
      // Another caller may have logged in since our token was rejected: use its token.
      const stored = await sessionTokenItem.getValue();
      if (stored && stored.origin === settings.serviceUrl && stored.token !== staleToken) {
        return stored.token;
      }
      const token = await client.login(settings.apiKey);
      await sessionTokenItem.setValue({ token, origin: settings.serviceUrl });
      return token;
    })().finally(() => {
      if (inFlight?.promise === promise) inFlight = null;
    });
    inFlight = { settingsKey, promise };
    return promise;
  }

  async function currentToken(client: ServiceClient, settings: Settings): Promise<string> {
    const stored = await sessionTokenItem.getValue();
    if (stored && stored.origin === settings.serviceUrl) return stored.token;
    return loginOnce(client, settings);
  }

  async function configuredSettings(): Promise<Settings> {
    const settings = await deps.readSettings();
    if (!isConfigured(settings)) {
      throw new ServiceError('not-configured', t('bgNotConfigured'));
    }
    return settings;
  }

  return {
    async call(call) {
      const settings = await configuredSettings();
      const client = deps.makeClient(settings.serviceUrl);
      let used: string | undefined;
      return withReauth(
        async () => (used = await currentToken(client, settings)),
        () => loginOnce(client, settings, used),
        (token) => call(client, token),
      );
    },
    async adopt(origin, token) {
      inFlight = null;
      await sessionTokenItem.setValue({ token, origin });
    },
    async forget() {
      inFlight = null;
      await sessionTokenItem.removeValue();
    },
  };
}
