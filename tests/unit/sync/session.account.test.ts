// The session's account identity and re-login rule (lib/sync/session.ts), against the fake
// service over HTTP with two accounts: a token belongs to one (origin, API key) pair and one
// generation; a login or call that answers after the settings changed is 'superseded' and leaves
// nothing behind; one shared login, one retry per call; secrets scrubbed from every error.

import fc from 'fast-check';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { createServiceClient, type ServiceClient } from '@/lib/service/client';
import { keyFingerprint } from '@/lib/service/key-fingerprint';
import type { Settings } from '@/lib/settings/settings';
import { sessionTokenItem } from '@/lib/storage/items';
import { createSession, type SessionDeps } from '@/lib/sync/session';
import { startFakeService, type FakeService } from '../../fake-service/server';
import { expectKind, rejection } from '../support/service-client';

const KEY_B = 'key-B-0123456789abcdef';

let fake: FakeService;
let other: FakeService;

beforeAll(async () => {
  [fake, other] = await Promise.all([startFakeService({ seed: 3 }), startFakeService({ seed: 4 })]);
});
afterAll(async () => {
  await Promise.all([fake.close(), other.close()]);
});

/** Every request the session's clients sent, and every token a login answered with. */
interface Traffic {
  sent: { url: URL; token: string | null }[];
  issued: string[];
}

let settings: Settings;
let traffic: Traffic;

beforeEach(() => {
  fakeBrowser.reset();
  fake.reset();
  other.reset();
  fake.addAccount(KEY_B, { seedData: true });
  settings = {
    serviceUrl: fake.url,
    apiKey: fake.apiKey,
    pollIntervalMinutes: 5,
    notificationsEnabled: true,
  };
  traffic = { sent: [], issued: [] };
});

async function recordingFetch(input: string, init: RequestInit): Promise<Response> {
  const url = new URL(input);
  traffic.sent.push({ url, token: url.searchParams.get('token') });
  const response = await fetch(input, init);
  if (url.pathname.endsWith('/login.php') && response.ok) {
    const { token } = (await response.clone().json()) as { token: string };
    traffic.issued.push(token);
  }
  return response;
}

function makeSession(overrides: Partial<SessionDeps> = {}) {
  return createSession({
    readSettings: async () => ({ ...settings }),
    makeClient: (origin, options) =>
      createServiceClient({ baseUrl: origin, fetch: recordingFetch, secrets: options?.secrets }),
    ...overrides,
  });
}

const listProjects = (client: ServiceClient, token: string) => client.listProjects(token);

/** Resolves once a login request has reached `service` (it is logged on arrival). */
async function loginArrived(service: FakeService): Promise<void> {
  const deadline = Date.now() + 5000;
  while (!service.log.some((entry) => entry.func === 'login')) {
    if (Date.now() > deadline) throw new Error('no login arrived');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/** The tokens calls (not logins) carried, in order. */
const callTokens = () => traffic.sent.filter((r) => r.token !== null).map((r) => r.token);

describe('a token belongs to one origin and one API key', () => {
  it('is stored with the origin and a fingerprint of the key, never the key', async () => {
    const session = makeSession();
    await session.call(listProjects);
    const stored = await sessionTokenItem.getValue();
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
    expect((await sessionTokenItem.getValue())?.keyId).toBe(await keyFingerprint(KEY_B));
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
    expect(await sessionTokenItem.getValue()).toBeNull();
    expect(callTokens()).not.toContain(late);
  });

  it('forget() during the login: nothing is stored', async () => {
    const { late } = await slowLoginThen((session) => session.forget());
    expect(await sessionTokenItem.getValue()).toBeNull();
    expect(callTokens()).not.toContain(late);
  });

  it("adopt() of the new key's token during the login: the adopted token stays", async () => {
    const tokenB = await createServiceClient({ baseUrl: fake.url }).login(KEY_B);
    const { session, late } = await slowLoginThen(async (s) => {
      settings.apiKey = KEY_B;
      await s.adopt(fake.url, KEY_B, tokenB);
    });
    expect(await sessionTokenItem.getValue()).toEqual({
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
    expect((await sessionTokenItem.getValue())?.token).toBe(fresh);
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
    expect(await sessionTokenItem.getValue()).toBeNull();
  });
});

describe('no call carries a token the settings no longer name', () => {
  it('settings changed between the token and the call: no request is sent', async () => {
    const session = makeSession();
    await session.call(listProjects);
    traffic.sent.length = 0;
    let reads = 0;
    const switching = makeSession({
      // The first read (what the call is for) sees the old key; every later one the new.
      readSettings: async () => ({ ...settings, apiKey: reads++ === 0 ? fake.apiKey : KEY_B }),
    });
    await expectKind(switching.call(listProjects), 'superseded');
    expect(traffic.sent).toEqual([]);
  });

  it('a call answered after the key changed is superseded: its data is not handed out', async () => {
    const session = makeSession();
    await session.call(listProjects);
    fake.setFault('slow', { func: 'listProjects', delayMs: 300, count: 1 });
    fake.clearLog();
    const pending = session.call(listProjects);
    const deadline = Date.now() + 5000;
    while (!fake.log.some((e) => e.func === 'listProjects')) {
      if (Date.now() > deadline) throw new Error('no call arrived');
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    settings.apiKey = KEY_B;
    await expectKind(pending, 'superseded');
  });

  it('a call begun before forget() is superseded, even for the same settings', async () => {
    const session = makeSession();
    await session.call(listProjects);
    fake.setFault('slow', { func: 'listProjects', delayMs: 200, count: 1 });
    const pending = session.call(listProjects);
    await new Promise((resolve) => setTimeout(resolve, 50));
    await session.forget();
    await expectKind(pending, 'superseded');
    expect(await sessionTokenItem.getValue()).toBeNull();
  });

  it('no settings: not-configured, and nothing is sent', async () => {
    settings.apiKey = '';
    await expectKind(makeSession().call(listProjects), 'not-configured');
    expect(traffic.sent).toEqual([]);
  });
});

describe('re-login: one shared login, one retry per call', () => {
  it('calls in flight that find the token expired share one login and retry once each', async () => {
    const session = makeSession();
    await session.call(listProjects);
    fake.expireTokens();
    fake.clearLog();
    const projects = fake.projects();
    const replies = await Promise.all(
      projects.map((p) => session.call((c, t) => c.getMentions(t, p.project_id))),
    );
    expect(replies).toHaveLength(projects.length);
    expect(fake.log.filter((e) => e.func === 'login')).toHaveLength(1);
    const statuses = fake.log.filter((e) => e.func === 'getMentions').map((e) => e.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(projects.length);
    expect(statuses.filter((s) => s === 200)).toHaveLength(projects.length);
  });

  it('concurrent first calls share one login', async () => {
    const session = makeSession();
    await Promise.all([1, 2, 3, 4].map(() => session.call(listProjects)));
    expect(fake.log.filter((e) => e.func === 'login')).toHaveLength(1);
  });

  it("a project still refused after the re-login stays that call's auth error", async () => {
    const session = makeSession();
    await session.call(listProjects);
    const [first, second] = fake.projects();
    fake.setFault('forbidden', { projectId: first.project_id });
    fake.clearLog();
    const [refused, fine] = await Promise.allSettled([
      session.call((c, t) => c.getMentions(t, first.project_id)),
      session.call((c, t) => c.getMentions(t, second.project_id)),
    ]);
    expect(refused).toMatchObject({ status: 'rejected', reason: { kind: 'auth', status: 403 } });
    expect(fine).toMatchObject({ status: 'fulfilled' });
    expect(fake.log.filter((e) => e.func === 'login')).toHaveLength(1);
    expect(
      fake.log.filter((e) => e.query.project_id === String(first.project_id)).map((e) => e.status),
    ).toEqual([403, 403]);
  });

  it('a refused login is key-rejected for every caller sharing it, after one login', async () => {
    fake.setFault('rejectToken', { func: 'login' });
    const session = makeSession();
    const results = await Promise.allSettled([1, 2, 3].map(() => session.call(listProjects)));
    for (const result of results) {
      expect(result).toMatchObject({ status: 'rejected', reason: { kind: 'key-rejected' } });
    }
    expect(fake.log.filter((e) => e.func === 'login')).toHaveLength(1);
    expect(await sessionTokenItem.getValue()).toBeNull();
  });

  it('an outage with session words (503) costs no login: it is the outage', async () => {
    const session = makeSession();
    await session.call(listProjects);
    fake.setFault('unavailable', { func: 'listProjects', count: 1 });
    fake.clearLog();
    const error = await expectKind(session.call(listProjects), 'server');
    expect(error.status).toBe(503);
    expect(fake.log.map((e) => e.func)).toEqual(['listProjects']);
  });

  it('a refused re-login is key-rejected (the key itself is refused)', async () => {
    const session = makeSession();
    await session.call(listProjects);
    fake.expireTokens();
    fake.setFault('rejectToken', { func: 'login' });
    await expectKind(session.call(listProjects), 'key-rejected');
  });
});

describe('secrets are scrubbed from every error of every call', () => {
  const BASE = 'https://app.example.com';

  /** A service that logs in fine, then echoes the key in every getMentions error, in `form`. */
  function echoingClient(key: string, form: (key: string) => string, status: number) {
    return (origin: string, options?: { secrets?: readonly string[] }) =>
      createServiceClient({
        baseUrl: origin,
        secrets: options?.secrets,
        fetch: async (url: string) =>
          url.endsWith('/login.php')
            ? new Response('{"token":"tok_0123456789abcdef"}')
            : new Response(JSON.stringify({ error: `Unknown project for key ${form(key)}` }), {
                status,
              }),
      });
  }

  const forms: [string, (key: string) => string][] = [
    ['plain', (key) => key],
    ['URL-encoded', encodeURIComponent],
    ['form-encoded', (key) => new URLSearchParams({ k: key }).toString().slice(2)],
    ['JSON-escaped', (key) => JSON.stringify(key).slice(1, -1)],
  ];

  const keyArb = fc
    .string({ unit: 'grapheme-ascii', minLength: 12, maxLength: 48 })
    .filter((key) => key.trim().length >= 12);

  it('property: a getMentions error echoing the API key leaves no trace of it', async () => {
    await fc.assert(
      fc.asyncProperty(
        keyArb,
        fc.constantFrom(...forms),
        fc.constantFrom(200, 400, 404, 500),
        fc.boolean(),
        async (key, [, form], status, clientKnowsKey) => {
          settings = { ...settings, serviceUrl: BASE, apiKey: key };
          await sessionTokenItem.removeValue();
          const makeClient = echoingClient(key, form, status);
          const session = createSession({
            readSettings: async () => ({ ...settings }),
            // Also with a makeClient of the old kind, which passes no secrets on: the session's
            // own scrub must be enough.
            makeClient: clientKnowsKey ? makeClient : (origin) => makeClient(origin),
          });
          const error = await rejection(session.call((c, t) => c.getMentions(t, 7)));
          const text = JSON.stringify(error.toJSON());
          for (const secret of new Set([key, key.trim()])) {
            for (const [, encode] of forms) expect(text).not.toContain(encode(secret));
          }
          expect(text).not.toContain('tok_0123456789abcdef');
        },
      ),
      { numRuns: 200 },
    );
  });

  it('the token of the call is scrubbed too', async () => {
    settings = { ...settings, serviceUrl: BASE, apiKey: 'key_fixed_0123456789' };
    const session = createSession({
      readSettings: async () => ({ ...settings }),
      makeClient: (origin) =>
        createServiceClient({
          baseUrl: origin,
          fetch: async (url: string) =>
            url.endsWith('/login.php')
              ? new Response('{"token":"tok_echoed_0123456789"}')
              : new Response(`bad token tok_echoed_0123456789 for ${url}`, { status: 400 }),
        }),
    });
    const error = await rejection(session.call(listProjects));
    expect(error.message).not.toContain('tok_echoed_0123456789');
    expect(error.message).toContain('[redacted]');
  });
});
