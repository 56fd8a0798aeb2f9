// The session with the service: the token lives in storage.session (gone after a browser restart,
// never written to disk), one login at a time, and the "log in again once, retry once" rule.
//
// Account identity: a token belongs to one (service origin, API key) pair and one
// generation of the session. It is stored with the origin and a fingerprint of the key, and used
// only while the settings still name both. forget() and adopt() start a new generation: a login
// or call begun before answers as 'superseded' and leaves nothing behind, so the old account's
// token is never stored after the new one, and no request carries another account's token.
import { sessionTokenItem } from '@/lib/storage/items';
import { t } from '@/lib/i18n';
import type { ServiceClient } from '@/lib/service/client';
import { isServiceError, ServiceError } from '@/lib/service/errors';
import {
  accountFingerprint,
  keyFingerprint,
  normalizeApiKey,
  isUsableToken,
  withReauth,
} from '@/lib/service/connection';
import { isConfigured, type Settings } from '@/lib/settings/settings';
import { createSerialQueue } from '@/lib/sync/locks';
import type { StoredToken } from '@/lib/sync/session-token';

interface SessionClientOptions {
  /** Secrets no error of this client may contain (the API key the session logs in with). */
  secrets?: readonly string[];
}

interface SessionDeps {
  /** The account whose session this is: its token is kept under its keys. */
  account: string;
  readSettings(): Promise<Settings>;
  /** A client for `origin`; `options.secrets` go to createServiceClient's `secrets`. */
  makeClient(origin: string, options?: SessionClientOptions): ServiceClient;
}

export interface Session {
  /**
   * Runs `call` with a valid token, logging in first or again (once) as needed. Rejects with the
   * call's own error, with 'key-rejected' when the login is refused, or with 'superseded' when
   * the settings changed (or forget()/adopt() ran) before it finished. Every ServiceError it
   * rejects with has the API key and every token scrubbed from its message.
   */
  call<T>(
    call: (client: ServiceClient, token: string) => Promise<T>,
    options?: CallOptions,
  ): Promise<T>;
  /**
   * Takes a token just obtained for `origin` and `apiKey` (by saving the connection) instead of
   * logging in again. Starts a new generation: logins and calls under way are superseded.
   */
  adopt(origin: string, apiKey: string, token: string): Promise<void>;
  /** Forgets the token (settings changed, disconnect); logins and calls under way are superseded. */
  forget(): Promise<void>;
}

/** The session as the account commands hold it: they alone may hold it still. */
export interface AccountSession extends Session {
  /**
   * Supersedes everything under way and refuses every login and call until the returned function
   * is called: a Disconnect holds the session from the click until the key is gone from the
   * settings, so nothing logs in with the key being removed while the Disconnect waits its turn.
   */
  suspend(): () => void;
}

interface CallOptions {
  /**
   * accountFingerprint of the account the caller's data belongs to (a page's): the call is refused
   * (accountChanged) unless the settings name that account.
   */
  account?: string;
}

/** Who a token is for: the settings a login or call was made with. */
interface Account {
  origin: string;
  /** As sent to login.php (trimmed). */
  apiKey: string;
  keyId: string;
}

const superseded = () => new ServiceError('superseded', t('errorSuperseded'));

/**
 * A page's data is another account's than the one the settings name now: superseded, in words
 * that tell the person to reload the page.
 */
const accountChanged = () => new ServiceError('superseded', t('bgAccountChanged'));

/**
 * Refuses a page's command (accountChanged) when the data it shows (`account`: accountFingerprint
 * of the settings it read with that data) is not the account `settings` name: its project ids and
 * keys would land on the other account's. A command sent without one is not checked.
 */
export async function checkPageAccount(
  settings: Pick<Settings, 'serviceUrl' | 'apiKey'>,
  account: string | undefined,
): Promise<void> {
  if (account === undefined) return;
  const now = await accountFingerprint(settings.serviceUrl, settings.apiKey);
  if (now !== account) throw accountChanged();
}

function isFor(stored: StoredToken | null, account: Account): stored is StoredToken {
  return stored !== null && stored.origin === account.origin && stored.keyId === account.keyId;
}

/** Whether `settings` still name `account` (compared as sent: origin and trimmed key). */
function names(settings: Settings, account: Account): boolean {
  return (
    isConfigured(settings) &&
    settings.serviceUrl === account.origin &&
    normalizeApiKey(settings.apiKey) === account.apiKey
  );
}

export function createSession(deps: SessionDeps): AccountSession {
  const tokenItem = sessionTokenItem(deps.account);
  // Bumped by forget() and adopt(): anything begun under an older generation is superseded.
  let generation = 0;
  // Holds of suspend() not yet released: while any is held, nothing logs in or calls.
  let holds = 0;
  // Concurrent callers of one account and generation share one login.
  let inFlight: { flightKey: string; promise: Promise<string> } | null = null;
  // Writes of the token, in the order they were asked for: a login's store cannot overtake a
  // forget() that came after it, and its generation is checked right before it writes.
  const writes = createSerialQueue();
  // The fingerprint of the last key seen, so each call does not hash it again.
  let fingerprinted: { apiKey: string; keyId: Promise<string> } | null = null;

  function fingerprintOf(apiKey: string): Promise<string> {
    if (fingerprinted?.apiKey !== apiKey) {
      fingerprinted = { apiKey, keyId: keyFingerprint(apiKey) };
    }
    return fingerprinted.keyId;
  }

  async function accountOf(origin: string, rawKey: string): Promise<Account> {
    const apiKey = normalizeApiKey(rawKey);
    return { origin, apiKey, keyId: await fingerprintOf(apiKey) };
  }

  /** Whether work begun in generation `begun` for `account` may still go on, or be kept. */
  async function isCurrent(account: Account, begun: number): Promise<boolean> {
    if (begun !== generation || holds > 0) return false;
    const settings = await deps.readSettings();
    return begun === generation && holds === 0 && names(settings, account);
  }

  function loginOnce(
    client: ServiceClient,
    account: Account,
    begun: number,
    staleToken?: string,
  ): Promise<string> {
    const flightKey = `${begun}\n${account.origin}\n${account.keyId}`;
    if (inFlight?.flightKey === flightKey) return inFlight.promise;
    const promise = (async () => {
      // Another caller may have logged in since our token was rejected: use its token.
      const stored = await tokenItem.read();
      if (isFor(stored, account) && stored.token !== staleToken) return stored.token;
      // The key goes out only while the settings still name it (a Disconnect may have begun).
      if (!(await isCurrent(account, begun))) throw superseded();
      const token = await client.login(account.apiKey);
      // The answer may come after the key or address changed, or after forget()/adopt(): then
      // it belongs to no one, and is neither stored nor handed out.
      if (!(await isCurrent(account, begun))) throw superseded();
      await writes.run(async () => {
        if (begun !== generation) throw superseded();
        await tokenItem.setValue({ token, origin: account.origin, keyId: account.keyId });
      });
      return token;
    })().finally(() => {
      if (inFlight?.promise === promise) inFlight = null;
    });
    inFlight = { flightKey, promise };
    return promise;
  }

  async function currentToken(
    client: ServiceClient,
    account: Account,
    begun: number,
  ): Promise<string> {
    const stored = await tokenItem.read();
    if (isFor(stored, account)) return stored.token;
    return loginOnce(client, account, begun);
  }

  async function configuredSettings(): Promise<Settings> {
    const settings = await deps.readSettings();
    if (!isConfigured(settings)) {
      throw new ServiceError('not-configured', t('bgNotConfigured'));
    }
    return settings;
  }

  function newGeneration(): void {
    generation += 1;
    inFlight = null;
  }

  return {
    async call<T>(
      call: (client: ServiceClient, token: string) => Promise<T>,
      options: CallOptions = {},
    ): Promise<T> {
      // Taken before anything is read: a forget()/adopt() from here on supersedes this call.
      const begun = generation;
      if (holds > 0) throw superseded();
      const settings = await configuredSettings();
      await checkPageAccount(settings, options.account);
      const account = await accountOf(settings.serviceUrl, settings.apiKey);
      const secrets = new Set([settings.apiKey, account.apiKey]);
      const client = deps.makeClient(account.origin, { secrets: [...secrets] });
      const scrubbed = (error: unknown) =>
        isServiceError(error) ? error.withoutSecrets([...secrets]) : error;

      let used: string | undefined;
      let result: T;
      try {
        result = await withReauth(
          async () => (used = await currentToken(client, account, begun)),
          () => loginOnce(client, account, begun, used),
          async (token) => {
            secrets.add(token);
            // The token goes out only while the settings still name the account it is for.
            if (!(await isCurrent(account, begun))) throw superseded();
            return call(client, token);
          },
        );
      } catch (error) {
        // A failure of the old account (its key refused, its project's 403) is not the new one's.
        if (!isServiceError(error, 'superseded') && !(await isCurrent(account, begun))) {
          throw superseded();
        }
        throw scrubbed(error);
      }
      // An answer for the old account is not shown or stored under the new one.
      if (!(await isCurrent(account, begun))) throw superseded();
      return result;
    },

    async adopt(origin: string, apiKey: string, token: string) {
      newGeneration();
      const begun = generation;
      const account = await accountOf(origin, apiKey);
      await writes.run(async () => {
        // A later forget()/adopt() has the last word.
        if (begun !== generation) return;
        if (!isUsableToken(token)) {
          await tokenItem.removeValue();
          return;
        }
        await tokenItem.setValue({
          token,
          origin: account.origin,
          keyId: account.keyId,
        });
      });
    },

    async forget() {
      newGeneration();
      await writes.run(() => tokenItem.removeValue());
    },

    suspend() {
      newGeneration();
      holds += 1;
      let held = true;
      return () => {
        if (held) holds -= 1;
        held = false;
      };
    },
  };
}
