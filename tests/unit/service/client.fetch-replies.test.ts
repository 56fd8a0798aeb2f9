// The client with an injected fetch, replies the fake service does not send: echoed secrets,
// plain-text and HTML bodies, write and login reply variants, statuses; an outage in session words;
// secrets given to the client scrubbed before any login.

import { describe, expect, it } from 'vitest';
import { createServiceClient } from '@/lib/service/client';
import { expectClean, expectKind, rejection, getMentions } from '../support/service-client';
import { BASE, INPUT, KEY, TOKEN, everyMethod } from '../support/client-fetch';

describe('replies the fake does not send', () => {
  const clientAnswering = (body: string, init?: ResponseInit) =>
    createServiceClient({ baseUrl: BASE, fetch: async () => new Response(body, init) });

  it('secrets echoed by the server are scrubbed from every message', async () => {
    const echo = createServiceClient({
      baseUrl: BASE,
      fetch: async (url: string, init: RequestInit) =>
        new Response(
          JSON.stringify({ error: `bad request ${url} ${String(init.body)} ${TOKEN} ${KEY}` }),
          { status: 400 },
        ),
    });
    // The login comes first: from then on the client knows the key and scrubs it from later
    // errors too (a login cannot know a token it has not been given).
    for (const [func, run] of everyMethod(echo)) {
      const error = await rejection(run());
      const secrets = func === 'login' ? [KEY] : [TOKEN, KEY];
      expectClean(error, [...secrets, ...secrets.map(encodeURIComponent)]);
      expect(error.message).toContain('[redacted]');
    }
  });

  it('a plain-text error body is quoted briefly', async () => {
    const error = await expectKind(
      clientAnswering('Database is down', {
        status: 503,
        headers: { 'Retry-After': '10' },
      }).listProjects(TOKEN),
      'server',
    );
    expect(error.message).toBe(
      'The service had a problem (HTTP 503). The service said: "Database is down"',
    );
    expect(error.retryAfterMs).toBe(10_000);
  });

  it('an HTML page with status 200 → bad-reply, never quoted', async () => {
    const error = await expectKind(
      getMentions(clientAnswering('<html><body><h1>Please log in</h1></body></html>'), TOKEN, 1),
      'bad-reply',
    );
    expect(error.message).toBe('The service sent a web page instead of data.');
  });

  it('PHP warnings before the JSON → bad-reply without the warning', async () => {
    const error = await expectKind(
      getMentions(
        clientAnswering(
          '<br />\n<b>Warning</b>: Undefined index in <b>/var/www/api/mention.php</b><br />\n[]',
        ),
        TOKEN,
        1,
      ),
      'bad-reply',
    );
    expect(error.message).not.toMatch(/var\/www|Warning/);
  });

  it('an empty 200 is bad-reply for a read, success for a write', async () => {
    await expectKind(clientAnswering('').listProjects(TOKEN), 'bad-reply');
    await expect(clientAnswering('').addProject(TOKEN, INPUT)).resolves.toEqual({});
    await expect(clientAnswering('').editProject(TOKEN, 5, INPUT)).resolves.toBeUndefined();
    await expect(
      clientAnswering(null as unknown as string, { status: 204 }).removeProject(TOKEN, 5),
    ).resolves.toBeUndefined();
  });

  it.each([
    ['{"success":true}'],
    ['{"status":"ok"}'],
    ['{"success":true,"message":"Project updated"}'],
    ['true'],
  ])('write reply %s is success', async (body) => {
    await expect(clientAnswering(body).editProject(TOKEN, 5, INPUT)).resolves.toBeUndefined();
    await expect(clientAnswering(body).removeProject(TOKEN, 5)).resolves.toBeUndefined();
  });

  it.each([
    ['{"success":false,"message":"Project is locked"}', 'server'],
    ['{"status":"fail","message":"Session expired"}', 'auth'],
    ['{"error":"field: name is taken"}', 'invalid-input'],
  ] as const)('write reply %s is a %s error', async (body, kind) => {
    await expectKind(clientAnswering(body).removeProject(TOKEN, 5), kind);
  });

  it('a 403 is auth; a 404 without a field is server; a 405 is server', async () => {
    await expectKind(
      clientAnswering('{"error":"Forbidden"}', { status: 403 }).listProjects(TOKEN),
      'auth',
    );
    const notFound = await expectKind(
      clientAnswering('Not Found', { status: 404 }).listProjects(TOKEN),
      'server',
    );
    expect(notFound.status).toBe(404);
    await expectKind(clientAnswering('{}', { status: 405 }).listProjects(TOKEN), 'server');
  });

  it('login reply variants over HTTP', async () => {
    for (const body of [
      `{"token":"${TOKEN}"}`,
      `{"data":{"access_token":"${TOKEN}"}}`,
      `"${TOKEN}"`,
      `${TOKEN}\n`,
    ]) {
      await expect(clientAnswering(body).login(KEY)).resolves.toBe(TOKEN);
    }
    const error = await expectKind(clientAnswering('{"ok":true}').login(KEY), 'bad-reply');
    expect(error.message).toBe('Unexpected login reply: "{"ok":true}"');
  });
});

describe('an outage whose words speak of the session', () => {
  const outage = () =>
    new Response(
      JSON.stringify({ error: 'Session store unavailable, please log in again later' }),
      { status: 503, headers: { 'Retry-After': '20' } },
    );

  it('is server with its Retry-After, on the login and on every call', async () => {
    const client = createServiceClient({ baseUrl: BASE, fetch: async () => outage() });
    for (const [, run] of everyMethod(client)) {
      const error = await expectKind(run(), 'server');
      expect(error.status).toBe(503);
      expect(error.retryAfterMs).toBe(20_000);
    }
  });
});

describe('secrets given to the client', () => {
  it('are scrubbed from every error, before any login, in every encoding', async () => {
    const key = 'k3y with/odd+chars&"quotes"';
    const echo = createServiceClient({
      baseUrl: BASE,
      secrets: [key],
      fetch: async () =>
        new Response(
          JSON.stringify({
            error: `no ${key} / ${encodeURIComponent(key)} / ${new URLSearchParams({ k: key })}`,
          }),
          { status: 400 },
        ),
    });
    for (const [func, run] of everyMethod(echo)) {
      if (func === 'login') continue;
      const error = await rejection(run());
      expectClean(error, [key, encodeURIComponent(key), JSON.stringify(key).slice(1, -1)]);
      expect(error.message).toContain('[redacted]');
    }
  });
});
