// The session's account identity (lib/sync/session.ts), against the fake service over HTTP with
// two accounts: a token belongs to one (origin, API key) pair and one generation; a login that
// answers after the settings changed is 'superseded' and leaves nothing behind; adopt() takes a
// token for the account given. Calls, re-login and scrubbed secrets: session.calls.test.ts.

import { FIRST_ACCOUNT } from '@/lib/accounts/accounts';
import { describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { createServiceClient } from '@/lib/service/client';
import { keyFingerprint } from '@/lib/service/connection';
import { sessionTokenItem } from '@/lib/storage/items';
import { expectKind } from '../support/service-client';
import {
  KEY_B,
  callTokens,
  fake,
  listProjects,
  loginArrived,
  makeSession,
  other,
  settings,
  traffic,
  useTwoAccounts,
} from '../support/session-accounts';

useTwoAccounts();

describe('a token belongs to one origin and one API key', () => {
  it('is stored with the origin and a fingerprint of the key, never the key', async () => {
    const session = makeSession();
    await session.call(listProjects);
    const stored = await sessionTokenItem(FIRST_ACCOUNT).getValue();
    expect(stored).toEqual({
      token: traffic.issued[0],
      origin: fake.url,
      keyId: await keyFingerprint(fake.apiKey),
    });
    expect(stored?.keyId).toMatch(/^[0-9a-f]{16}$/);
    const everything = JSON.stringify(await fakeBrowser.storage.session.get());
    expect(everything).not.toContain(fake.apiKey);
  });

  it('the fingerprint is of the key as sent: a pasted key with spaces is the same key', async () => {
    expect(await keyFingerprint(` ${fake.apiKey}\n`)).toBe(await keyFingerprint(fake.apiKey));
    expect(await keyFingerprint(KEY_B)).not.toBe(await keyFingerprint(fake.apiKey));
  });

  it('is not used once the key changes: the new key logs in, and only its token is sent', async () => {
    const session = makeSession();
    await session.call(listProjects);
    const [tokenA] = traffic.issued;
    settings.apiKey = KEY_B;
    const { projects } = await session.call(listProjects);
    expect(projects.map((p) => p.project_id)).toEqual(
      fake.projects(KEY_B).map((p) => p.project_id),
    );
    const tokenB = traffic.issued[1];
    expect(fake.accountOfToken(tokenB)).toBe(KEY_B);
    expect(callTokens()).toEqual([tokenA, tokenB]);
    expect((await sessionTokenItem(FIRST_ACCOUNT).getValue())?.keyId).toBe(
      await keyFingerprint(KEY_B),
    );
  });

  it('is not used once the address changes, even with the same key', async () => {
    // Both fakes know the demo key: the same key at another address is another account.
    expect(other.apiKey).toBe(fake.apiKey);
    const session = makeSession();
    await session.call(listProjects);
    settings.serviceUrl = other.url;
    await session.call(listProjects);
    expect(other.log.map((e) => e.func)).toEqual(['login', 'listProjects']);
    expect(other.accountOfToken(other.log[1].query.token)).toBe(fake.apiKey);
  });

  it('a token stored without a key fingerprint (an older version) is not used', async () => {
    const { client, token } = await (async () => {
      const c = createServiceClient({ baseUrl: fake.url });
      return { client: c, token: await c.login(KEY_B) };
    })();
    expect(client.origin).toBe(fake.url);
    // Of another account, as a token kept across a key change by the old version could be.
    await fakeBrowser.storage.session.set({ token: { token, origin: fake.url } });
    await makeSession().call(listProjects);
    expect(callTokens()).not.toContain(token);
    expect(fake.accountOfToken(callTokens()[0]!)).toBe(fake.apiKey);
  });
});

describe('a login that answers after the settings changed', () => {
  async function slowLoginThen(change: (session: ReturnType<typeof makeSession>) => Promise<void>) {
    const session = makeSession();
    fake.setFault('slow', { func: 'login', delayMs: 300, count: 1 });
    fake.clearLog();
    const pending = session.call(listProjects);
    await loginArrived(fake);
    await change(session);
    const error = await expectKind(pending, 'superseded');
    expect(error.message).toBe('The connection changed while this request was under way.');
    // The old account's login did answer; its token went nowhere.
    expect(traffic.issued).toHaveLength(1);
    const late = traffic.issued[0];
    expect(fake.accountOfToken(late)).toBe(fake.apiKey);
    return { session, late };
  }

  it('key changed: the late token is not stored, not used, and the caller gets superseded', async () => {
    const { session, late } = await slowLoginThen(async () => {
      settings.apiKey = KEY_B;
    });
    expect(JSON.stringify(await fakeBrowser.storage.session.get())).not.toContain(late);
    await session.call(listProjects);
    expect(callTokens()).toHaveLength(1);
    expect(callTokens()).not.toContain(late);
    expect(fake.accountOfToken(callTokens()[0]!)).toBe(KEY_B);
  });

  it('address changed: the same', async () => {
    const { late } = await slowLoginThen(async () => {
      settings.serviceUrl = other.url;
    });
    expect(await sessionTokenItem(FIRST_ACCOUNT).getValue()).toBeNull();
    expect(callTokens()).not.toContain(late);
  });

  it('forget() during the login: nothing is stored', async () => {
    const { late } = await slowLoginThen((session) => session.forget());
    expect(await sessionTokenItem(FIRST_ACCOUNT).getValue()).toBeNull();
    expect(callTokens()).not.toContain(late);
  });

  it("adopt() of the new key's token during the login: the adopted token stays", async () => {
    const tokenB = await createServiceClient({ baseUrl: fake.url }).login(KEY_B);
    const { session, late } = await slowLoginThen(async (s) => {
      settings.apiKey = KEY_B;
      await s.adopt(fake.url, KEY_B, tokenB);
    });
    expect(await sessionTokenItem(FIRST_ACCOUNT).getValue()).toEqual({
      token: tokenB,
      origin: fake.url,
      keyId: await keyFingerprint(KEY_B),
    });
    await session.call(listProjects);
    expect(callTokens()).toEqual([tokenB]);
    expect(callTokens()).not.toContain(late);
  });

  it('the same key saved again (adopt) still supersedes the older login: the adopted token wins', async () => {
    const fresh = await createServiceClient({ baseUrl: fake.url }).login(fake.apiKey);
    const { late } = await slowLoginThen((s) => s.adopt(fake.url, fake.apiKey, fresh));
    expect((await sessionTokenItem(FIRST_ACCOUNT).getValue())?.token).toBe(fresh);
    expect(late).not.toBe(fresh);
  });

  it('a refused login of the old key is superseded, not the new key rejected', async () => {
    const session = makeSession({
      readSettings: async () => ({ ...settings }),
    });
    settings.apiKey = 'wrong-key-0000000000';
    fake.setFault('slow', { func: 'login', delayMs: 300, count: 1 });
    const pending = session.call(listProjects);
    await loginArrived(fake);
    settings.apiKey = KEY_B;
    await expectKind(pending, 'superseded');
  });
});

describe('adopt', () => {
  it('takes the token for the origin and key given', async () => {
    const tokenB = await createServiceClient({ baseUrl: fake.url }).login(KEY_B);
    settings.apiKey = KEY_B;
    const session = makeSession();
    await session.adopt(fake.url, KEY_B, tokenB);
    await session.call(listProjects);
    expect(traffic.issued).toEqual([]);
    expect(callTokens()).toEqual([tokenB]);
  });

  it('drops a token that is not usable instead of storing it', async () => {
    const session = makeSession();
    await session.adopt(fake.url, fake.apiKey, 'not a token');
    expect(await sessionTokenItem(FIRST_ACCOUNT).getValue()).toBeNull();
  });
});
