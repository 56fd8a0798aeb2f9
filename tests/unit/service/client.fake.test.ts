// The client against the fake service over real HTTP: request shapes as the fake logs them, every
// function, every reply variant and every fault.

import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ProjectInput } from '@/lib/projects/types';
import { createServiceClient, withReauth, type ServiceClient } from '@/lib/service/client';
import { startFakeService, type FakeService } from '../../fake-service/server';
import { expectClean, expectedProject, expectKind } from '../support/service-client';

let fake: FakeService;
let client: ServiceClient;
let token: string;
let projectId: number;

const FORM = 'application/x-www-form-urlencoded';

const COMPETITOR: ProjectInput = {
  name: 'Rival watch',
  type: 'competitiveMonitoring',
  language: 'en,de',
  source: ['twitter', 'reddit', 'web'],
  location: 'us,de',
  email_notification: 0,
  browser_notification: 1,
  fields: {
    competitor_url: 'rival.test',
    competitior_name: 'Rival\nRival Bikes',
    competitior_excluded_keywords: 'jobs',
    // Another type's field, as left over by a form that switched type: never sent.
    brand_name: 'Acme',
  },
};

beforeAll(async () => {
  fake = await startFakeService({ seed: 7 });
});
afterAll(async () => {
  await fake.close();
});
beforeEach(async () => {
  fake.reset();
  client = createServiceClient({ baseUrl: fake.url });
  token = await client.login(fake.apiKey);
  projectId = fake.projects()[0].project_id;
  fake.clearLog();
});

const secrets = () => [fake.apiKey, token];

describe('login', () => {
  it('POSTs the key form-encoded to /api/login.php and returns the token', async () => {
    fake.clearLog();
    const fresh = await client.login(fake.apiKey);
    expect(fresh).toMatch(/^[A-Za-z0-9]{40}$/);
    expect(fake.log).toHaveLength(1);
    const [entry] = fake.log;
    expect(entry).toMatchObject({
      method: 'POST',
      path: '/api/login.php',
      func: 'login',
      query: {},
      body: { key: fake.apiKey },
      contentType: FORM,
      status: 200,
    });
    expect(entry.rawBody).toBe(`key=${fake.apiKey}`);
    expect(entry.headers.cookie).toBeUndefined();
    expect(entry.headers.referer).toBeUndefined();
  });

  it('trims a pasted key', async () => {
    await expect(client.login(`  ${fake.apiKey}\n`)).resolves.toMatch(/^\w+$/);
    expect(fake.log.at(-1)?.body).toEqual({ key: fake.apiKey });
  });

  it('a wrong key is key-rejected, and the key is not in the message', async () => {
    const error = await expectKind(client.login('wrong-key-123456'), 'key-rejected');
    expect(error.status).toBe(401);
    expect(error.message).toMatch(/did not accept the API key/);
    expectClean(error, ['wrong-key-123456']);
  });

  it('a key refused by the rejectToken fault is key-rejected', async () => {
    fake.setFault('rejectToken', { func: 'login', count: 1 });
    const error = await expectKind(client.login(fake.apiKey), 'key-rejected');
    expectClean(error, secrets());
  });

  it('a key error sent as HTTP 200 (errorAs200) is still key-rejected', async () => {
    fake.setFault('errorAs200', { count: 1 });
    const error = await expectKind(client.login('nope-nope-nope'), 'key-rejected');
    expect(error.status).toBeUndefined();
  });
});

describe('getMentions', () => {
  it('GETs mention.php with token, func and project_id in the query; decodes every record', async () => {
    const result = await client.getMentions(token, projectId);
    expect(fake.log).toHaveLength(1);
    expect(fake.log[0]).toMatchObject({
      method: 'GET',
      path: '/api/mention.php',
      func: 'getMentions',
      query: { token, func: 'getMentions', project_id: String(projectId) },
      body: null,
      rawBody: '',
      status: 200,
    });
    expect(fake.log[0].rawQuery).toBe(`token=${token}&func=getMentions&project_id=${projectId}`);
    expect(result.skipped).toBe(0);
    expect(result.mentions.length).toBeGreaterThan(0);
    expect(result.mentions).toEqual(fake.mentions(projectId));
  });

  it('sees mentions the service found since', async () => {
    const before = (await client.getMentions(token, projectId)).mentions.length;
    const added = fake.addMentions(projectId, 3);
    const after = await client.getMentions(token, projectId);
    expect(after.mentions).toHaveLength(before + 3);
    expect(after.mentions).toEqual(expect.arrayContaining(added));
  });

  it('numbersAsStrings: the same mentions, numbers restored', async () => {
    fake.setFault('numbersAsStrings', { func: 'getMentions' });
    const result = await client.getMentions(token, projectId);
    expect(fake.log[0].faults).toEqual(['numbersAsStrings']);
    expect(result).toEqual({ mentions: fake.mentions(projectId), skipped: 0 });
  });

  it('wrapped: the same mentions', async () => {
    fake.setFault('wrapped', { func: 'getMentions' });
    const result = await client.getMentions(token, projectId);
    expect(fake.log[0].faults).toEqual(['wrapped']);
    expect(result).toEqual({ mentions: fake.mentions(projectId), skipped: 0 });
  });

  it('wrapped and numbersAsStrings together', async () => {
    fake.setFault('wrapped');
    fake.setFault('numbersAsStrings');
    const result = await client.getMentions(token, projectId);
    expect(result).toEqual({ mentions: fake.mentions(projectId), skipped: 0 });
  });

  it('badRecords: the good records kept, the bad ones skipped and counted', async () => {
    fake.setFault('badRecords', { count: 1 });
    const result = await client.getMentions(token, projectId);
    expect(fake.log[0].faults).toEqual(['badRecords']);
    expect(result).toEqual({ mentions: fake.mentions(projectId), skipped: 3 });
  });

  it('an unknown project is invalid-input naming project_id', async () => {
    const error = await expectKind(client.getMentions(token, 999_999), 'invalid-input');
    expect(error.status).toBe(404);
    expect(error.field).toBe('project_id');
    expectClean(error, secrets());
  });
});

describe('projects', () => {
  it('listProjects: GET with token and func only; every project decoded', async () => {
    const result = await client.listProjects(token);
    expect(fake.log[0]).toMatchObject({
      method: 'GET',
      path: '/api/project.php',
      query: { token, func: 'listProjects' },
      body: null,
    });
    expect(fake.log[0].query).not.toHaveProperty('project_id');
    expect(result).toEqual({ projects: fake.projects().map(expectedProject), skipped: 0 });
    expect(new Set(result.projects.map((p) => p.type)).size).toBe(6);
  });

  it.each([['numbersAsStrings'], ['wrapped']] as const)(
    'listProjects under %s: the same projects',
    async (fault) => {
      fake.setFault(fault, { func: 'listProjects' });
      const result = await client.listProjects(token);
      expect(fake.log[0].faults).toEqual([fault]);
      expect(result).toEqual({ projects: fake.projects().map(expectedProject), skipped: 0 });
    },
  );

  it('getProject: GET with project_id; the record decoded', async () => {
    const project = await client.getProject(token, projectId);
    expect(fake.log[0]).toMatchObject({
      method: 'GET',
      path: '/api/project.php',
      query: { token, func: 'getProject', project_id: String(projectId) },
    });
    expect(project).toEqual(expectedProject(fake.projects()[0]));
  });

  it('getProject under numbersAsStrings', async () => {
    fake.setFault('numbersAsStrings', { func: 'getProject' });
    const project = await client.getProject(token, projectId);
    expect(fake.log[0].faults).toEqual(['numbersAsStrings']);
    expect(project).toEqual(expectedProject(fake.projects()[0]));
  });

  it('getProjectData: the statistics as flat rows, names as sent', async () => {
    const { rows } = await client.getProjectData(token, projectId);
    expect(fake.log[0]).toMatchObject({
      method: 'GET',
      query: { token, func: 'getProjectData', project_id: String(projectId) },
    });
    const byKey = Object.fromEntries(rows.map((row) => [row.key, row.value]));
    expect(byKey.project_id).toBe(String(projectId));
    expect(byKey.total_mentions).toBe(String(fake.mentions(projectId).length));
    expect(byKey).toHaveProperty('sentiment.positive');
    expect(byKey).toHaveProperty('sources.reddit');
    expect(rows.every((row) => typeof row.value === 'string')).toBe(true);
  });

  it('addProject: POST form body with exactly the type fields, contract spelling', async () => {
    const { projectId: created } = await client.addProject(token, COMPETITOR);
    expect(fake.log).toHaveLength(1);
    const [entry] = fake.log;
    expect(entry).toMatchObject({
      method: 'POST',
      path: '/api/project.php',
      query: { token, func: 'addProject' },
      contentType: FORM,
      status: 200,
    });
    expect(entry.query).not.toHaveProperty('project_id');
    expect(entry.body).toEqual({
      name: 'Rival watch',
      type: 'competitiveMonitoring',
      language: 'en,de',
      source: 'twitter,reddit,web',
      location: 'us,de',
      email_notification: '0',
      browser_notification: '1',
      competitor_url: 'rival.test',
      competitior_name: 'Rival\nRival Bikes',
      competitior_excluded_keywords: 'jobs',
    });
    expect(typeof created).toBe('number');
    const stored = fake.projects().find((p) => p.project_id === created);
    expect(stored).toMatchObject({ name: 'Rival watch', competitior_name: 'Rival\nRival Bikes' });
    expect(stored).not.toHaveProperty('brand_name');
  });

  it('addProject under numbersAsStrings still yields the new id', async () => {
    fake.setFault('numbersAsStrings', { func: 'addProject' });
    const { projectId: created } = await client.addProject(token, COMPETITOR);
    expect(fake.log[0].faults).toEqual(['numbersAsStrings']);
    expect(fake.projects().some((p) => p.project_id === created)).toBe(true);
  });

  it('addProject refused by validation: invalid-input with the field named', async () => {
    const error = await expectKind(
      client.addProject(token, { ...COMPETITOR, name: '' }),
      'invalid-input',
    );
    expect(error.status).toBe(400);
    expect(error.field).toBe('name');
    expect(error.message).toMatch(/name: must be 1 to 100 characters/);
    expectClean(error, secrets());
  });

  it('a validation error sent as HTTP 200 (errorAs200) is still invalid-input', async () => {
    fake.setFault('errorAs200', { func: 'addProject' });
    const error = await expectKind(
      client.addProject(token, { ...COMPETITOR, language: 'english please' }),
      'invalid-input',
    );
    expect(fake.log[0].status).toBe(200);
    expect(error.field).toBe('language');
  });

  it('editProject: POST to the project named in the query; the service has the change', async () => {
    const edited: ProjectInput = {
      name: 'Acme renamed',
      type: 'topicMonitoring',
      language: 'all',
      source: ['blogs'],
      location: 'all',
      email_notification: 1,
      browser_notification: 0,
      fields: { topic_keywords: 'e-bikes\ncargo bikes' },
    };
    await expect(client.editProject(token, projectId, edited)).resolves.toBeUndefined();
    expect(fake.log[0]).toMatchObject({
      method: 'POST',
      query: { token, func: 'editProject', project_id: String(projectId) },
      contentType: FORM,
      body: {
        name: 'Acme renamed',
        type: 'topicMonitoring',
        language: 'all',
        source: 'blogs',
        location: 'all',
        email_notification: '1',
        browser_notification: '0',
        topic_keywords: 'e-bikes\ncargo bikes',
      },
    });
    expect(await client.getProject(token, projectId)).toMatchObject({
      name: 'Acme renamed',
      type: 'topicMonitoring',
      fields: { topic_keywords: 'e-bikes\ncargo bikes' },
    });
  });

  it('removeProject: GET with project_id; the project is gone', async () => {
    await expect(client.removeProject(token, projectId)).resolves.toBeUndefined();
    expect(fake.log[0]).toMatchObject({
      method: 'GET',
      path: '/api/project.php',
      query: { token, func: 'removeProject', project_id: String(projectId) },
      body: null,
    });
    expect(fake.projects().some((p) => p.project_id === projectId)).toBe(false);
    await expectKind(client.getProject(token, projectId), 'invalid-input');
  });
});

describe('faults', () => {
  const calls: [string, () => Promise<unknown>][] = [
    ['login', () => client.login(fake.apiKey)],
    ['getMentions', () => client.getMentions(token, projectId)],
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
    const error = await expectKind(client.getMentions(token, first.project_id), 'auth');
    expect(error.status).toBe(403);
    await expect(client.getMentions(token, second.project_id)).resolves.toMatchObject({
      skipped: 0,
    });
    // Logging in again does not lift it: the retry's 403 stays that call's (not the key's) error.
    fake.clearLog();
    await expectKind(
      withReauth(
        async () => token,
        () => client.login(fake.apiKey),
        (t) => client.getMentions(t, first.project_id),
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
    const error = await expectKind(under.getMentions(token, projectId), 'bad-reply');
    expect(error.message).toMatch(/^The service's reply is too large \(over [\d.,]+ MB\)\.$/);
    await expect(under.listProjects(token)).resolves.toMatchObject({ skipped: 0 });

    const exact = createServiceClient({ baseUrl: fake.url, maxReplyBytes: size });
    const { mentions } = await exact.getMentions(token, projectId);
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
    const error = await expectKind(hasty.getMentions(token, projectId), 'timeout');
    expect(Date.now() - started).toBeLessThan(1200);
    expectClean(error, secrets());
    await expect(hasty.getMentions(token, projectId)).resolves.toMatchObject({ skipped: 0 });
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
    const error = await expectKind(client.getMentions(token, projectId), 'auth');
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
      (t) => client.getMentions(t, projectId),
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
