// The session's calls (lib/sync/session.ts), against the fake service over HTTP with two accounts:
// no call carries a token the settings no longer name; calls share one login and retry once each;
// secrets are scrubbed from every error. Tokens, logins and adopt: session.account.test.ts.

import { FIRST_ACCOUNT } from '@/lib/accounts/accounts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createServiceClient } from '@/lib/service/client';
import { sessionTokenItem } from '@/lib/storage/items';
import { createSession } from '@/lib/sync/session';
import { expectKind, rejection, getMentions } from '../support/service-client';
import {
  KEY_B,
  changeSettings,
  fake,
  listProjects,
  makeSession,
  settings,
  traffic,
  useTwoAccounts,
} from '../support/session-accounts';

useTwoAccounts();

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
    expect(await sessionTokenItem(FIRST_ACCOUNT).getValue()).toBeNull();
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
      projects.map((p) => session.call((c, t) => getMentions(c, t, p.project_id))),
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
      session.call((c, t) => getMentions(c, t, first.project_id)),
      session.call((c, t) => getMentions(c, t, second.project_id)),
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
    expect(await sessionTokenItem(FIRST_ACCOUNT).getValue()).toBeNull();
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
          changeSettings({ serviceUrl: BASE, apiKey: key });
          await sessionTokenItem(FIRST_ACCOUNT).removeValue();
          const makeClient = echoingClient(key, form, status);
          const session = createSession({
            account: FIRST_ACCOUNT,
            readSettings: async () => ({ ...settings }),
            // Also with a makeClient of the old kind, which passes no secrets on: the session's
            // own scrub must be enough.
            makeClient: clientKnowsKey ? makeClient : (origin) => makeClient(origin),
          });
          const error = await rejection(session.call((c, t) => getMentions(c, t, 7)));
          const text = JSON.stringify({ ...error, message: error.message });
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
    changeSettings({ serviceUrl: BASE, apiKey: 'key_fixed_0123456789' });
    const session = createSession({
      account: FIRST_ACCOUNT,
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
