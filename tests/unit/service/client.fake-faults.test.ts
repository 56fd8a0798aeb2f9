// The client against every fault of the fake service over real HTTP, on every function: each
// becomes the right ServiceError, with no secret or HTML in its message; withReauth's re-login.

import { describe, expect, it } from 'vitest';
import { createServiceClient } from '@/lib/service/client';
import { withReauth } from '@/lib/service/connection';
import { startFakeService } from '../../fake-service/server';
import { expectClean, expectKind, getMentions } from '../support/service-client';
import {
  COMPETITOR,
  client,
  fake,
  projectId,
  secrets,
  token,
  useClientOnFake,
} from '../support/client-on-fake';

useClientOnFake();

describe('faults', () => {
  const calls: [string, () => Promise<unknown>][] = [
    ['login', () => client.login(fake.apiKey)],
    ['getMentions', () => getMentions(client, token, projectId)],
    ['listProjects', () => client.listProjects(token)],
    ['getProject', () => client.getProject(token, projectId)],
    ['getProjectData', () => client.getProjectData(token, projectId)],
    ['addProject', () => client.addProject(token, COMPETITOR)],
    ['editProject', () => client.editProject(token, projectId, COMPETITOR)],
    ['removeProject', () => client.removeProject(token, projectId)],
  ];

  it.each(calls)(
    'html500 on %s → server, status 500, no HTML in the message',
    async (func, run) => {
      fake.setFault('html500', { func, count: 1 });
      const error = await expectKind(run(), 'server');
      expect(error.status).toBe(500);
      expect(error.message).toBe('The service had a problem (HTTP 500).');
      expect(error.message).not.toMatch(/Apache|Internal Server Error|DOCTYPE/);
      expectClean(error, secrets());
    },
  );

  it.each(calls.filter(([func]) => func !== 'login'))(
    'malformedJson on %s → bad-reply',
    async (func, run) => {
      fake.setFault('malformedJson', { func, count: 1 });
      const error = await expectKind(run(), 'bad-reply');
      expect(error.message).toMatch(/not valid JSON/);
      expectClean(error, secrets());
    },
  );

  it('malformedJson on login → bad-reply "unexpected login reply", no part of a token shown', async () => {
    fake.setFault('malformedJson', { func: 'login', count: 1 });
    const error = await expectKind(client.login(fake.apiKey), 'bad-reply');
    expect(error.message).toBe('Unexpected login reply: "{"token":"[redacted]"');
    expectClean(error, secrets());
  });

  it.each(calls)(
    'rateLimit on %s → rate-limited with Retry-After in seconds',
    async (func, run) => {
      fake.setFault('rateLimit', { func, count: 1, retryAfter: '42' });
      const error = await expectKind(run(), 'rate-limited');
      expect(error.status).toBe(429);
      expect(error.retryAfterMs).toBe(42_000);
    },
  );

  it.each(calls)(
    'unavailable (503, "Session store unavailable, please log in again later") on %s → server',
    async (func, run) => {
      fake.setFault('unavailable', { func, count: 1 });
      const error = await expectKind(run(), 'server');
      expect(error.status).toBe(503);
      expect(error.message).toBe(
        'The service had a problem (HTTP 503). The service said: "Session store unavailable, please log in again later"',
      );
      expectClean(error, secrets());
    },
  );

  it('withReauth: an outage with session words costs no login and no retry', async () => {
    fake.setFault('unavailable', { func: 'listProjects', count: 1 });
    fake.clearLog();
    await expectKind(
      withReauth(
        async () => token,
        () => client.login(fake.apiKey),
        (t) => client.listProjects(t),
      ),
      'server',
    );
    expect(fake.log.map((e) => `${e.func}:${e.status}`)).toEqual(['listProjects:503']);
  });

  it("forbidden on one project's getMentions is auth on that call only; the login is fine", async () => {
    const [first, second] = fake.projects();
    fake.setFault('forbidden', { projectId: first.project_id });
    const error = await expectKind(getMentions(client, token, first.project_id), 'auth');
    expect(error.status).toBe(403);
    await expect(getMentions(client, token, second.project_id)).resolves.toMatchObject({
      skipped: 0,
    });
    // Logging in again does not lift it: the retry's 403 stays that call's (not the key's) error.
    fake.clearLog();
    await expectKind(
      withReauth(
        async () => token,
        () => client.login(fake.apiKey),
        (t) => getMentions(client, t, first.project_id),
      ),
      'auth',
    );
    expect(fake.log.map((e) => `${e.func}:${e.status}`)).toEqual([
      'getMentions:403',
      'login:200',
      'getMentions:403',
    ]);
  });

  it('a whole history over the size cap → bad-reply, that call only; at the cap it is read', async () => {
    fake.addMentions(projectId, 3000, {}, { spacingMs: 60_000 });
    const reply = await fetch(
      `${fake.url}/api/mention.php?token=${token}&func=getMentions&project_id=${projectId}`,
    );
    const size = Number(
      reply.headers.get('Content-Length') ?? (await reply.arrayBuffer()).byteLength,
    );
    expect(size).toBeGreaterThan(1_000_000);

    const under = createServiceClient({ baseUrl: fake.url, maxReplyBytes: size - 1 });
    const error = await expectKind(getMentions(under, token, projectId), 'bad-reply');
    expect(error.message).toMatch(/^The service's reply is too large \(over [\d.,]+ MB\)\.$/);
    await expect(under.listProjects(token)).resolves.toMatchObject({ skipped: 0 });

    const exact = createServiceClient({ baseUrl: fake.url, maxReplyBytes: size });
    const { mentions } = await getMentions(exact, token, projectId);
    expect(mentions).toHaveLength(fake.mentions(projectId).length);
  });

  it('rateLimit with an HTTP-date Retry-After', async () => {
    const now = Date.parse('2025-06-01T08:00:00Z');
    const pinned = createServiceClient({ baseUrl: fake.url, now: () => now });
    fake.setFault('rateLimit', { retryAfter: 'Sun, 01 Jun 2025 08:02:00 GMT', count: 1 });
    const error = await expectKind(pinned.listProjects(token), 'rate-limited');
    expect(error.retryAfterMs).toBe(120_000);
  });

  it('rateLimit with a Retry-After date in the past: retry now', async () => {
    fake.setFault('rateLimit', { retryAfter: 'Thu, 01 Jan 1970 00:00:00 GMT', count: 1 });
    const error = await expectKind(client.listProjects(token), 'rate-limited');
    expect(error.retryAfterMs).toBe(0);
  });

  it('slow + small timeout → timeout; the next call works', async () => {
    const hasty = createServiceClient({ baseUrl: fake.url, timeoutMs: 150 });
    fake.setFault('slow', { delayMs: 1500, count: 1 });
    const started = Date.now();
    const error = await expectKind(getMentions(hasty, token, projectId), 'timeout');
    expect(Date.now() - started).toBeLessThan(1200);
    expectClean(error, secrets());
    await expect(getMentions(hasty, token, projectId)).resolves.toMatchObject({ skipped: 0 });
  });

  it('slow within the time limit is just slow', async () => {
    fake.setFault('slow', { delayMs: 200, count: 1 });
    await expect(client.listProjects(token)).resolves.toMatchObject({ skipped: 0 });
  });

  it.each(calls.filter(([func]) => func !== 'login'))(
    'rejectToken on %s → auth',
    async (func, run) => {
      fake.setFault('rejectToken', { func, count: 1 });
      const error = await expectKind(run(), 'auth');
      expect(error.status).toBe(401);
      expect(error.message).toMatch(/did not accept the session/);
      expectClean(error, secrets());
    },
  );

  it('an expired token → auth; with errorAs200 too', async () => {
    fake.expireTokens();
    await expectKind(client.listProjects(token), 'auth');
    fake.setFault('errorAs200', { count: 1 });
    const error = await expectKind(getMentions(client, token, projectId), 'auth');
    expect(fake.log.at(-1)?.status).toBe(200);
    expect(error.status).toBeUndefined();
  });

  it('withReauth: an expired token costs one login and one retry', async () => {
    fake.expireTokens();
    fake.clearLog();
    let current = token;
    const result = await withReauth(
      async () => current,
      async () => (current = await client.login(fake.apiKey)),
      (t) => getMentions(client, t, projectId),
    );
    expect(result.mentions).toEqual(fake.mentions(projectId));
    expect(fake.log.map((e) => `${e.func}:${e.status}`)).toEqual([
      'getMentions:401',
      'login:200',
      'getMentions:200',
    ]);
  });

  it('withReauth: a token rejected twice is auth, after exactly one login', async () => {
    fake.setFault('rejectToken', { func: 'listProjects' });
    fake.clearLog();
    await expectKind(
      withReauth(
        async () => token,
        () => client.login(fake.apiKey),
        (t) => client.listProjects(t),
      ),
      'auth',
    );
    expect(fake.log.map((e) => e.func)).toEqual(['listProjects', 'login', 'listProjects']);
  });

  it('a service that is not there → network', async () => {
    const closed = await startFakeService();
    const url = closed.url;
    await closed.close();
    const error = await expectKind(createServiceClient({ baseUrl: url }).login('k'), 'network');
    expect(error.message).not.toContain(url);
  });
});
