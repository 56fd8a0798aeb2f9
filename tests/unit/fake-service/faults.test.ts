import { beforeEach, describe, expect, it } from 'vitest';
import {
  call,
  login,
  postForm,
  projectForm,
  reply,
  sleep,
  useFakeService,
} from '../support/fake-service';

const ctx = useFakeService();
let token = '';
beforeEach(async () => {
  token = await login(ctx.svc);
});

const list = () => call(ctx.svc, 'project', { token, func: 'listProjects' });
const mentions = (projectId = 1201) =>
  call(ctx.svc, 'mention', { token, func: 'getMentions', project_id: projectId });
const loginRes = () => postForm(`${ctx.svc.url}/api/login.php`, { key: ctx.svc.apiKey });

describe('html500', () => {
  it('answers HTTP 500 with an HTML page for `count` requests', async () => {
    ctx.svc.setFault('html500', { count: 2 });
    for (let i = 0; i < 2; i++) {
      const res = await list();
      expect(res.status).toBe(500);
      expect(res.headers.get('content-type')).toMatch(/^text\/html/);
      expect(await res.text()).toContain('<h1>Internal Server Error</h1>');
    }
    expect((await list()).status).toBe(200);
  });

  it('stays on for `forMs`, then switches off', async () => {
    ctx.svc.setFault('html500', { forMs: 150 });
    expect((await list()).status).toBe(500);
    expect((await list()).status).toBe(500);
    await sleep(200);
    expect((await list()).status).toBe(200);
  });

  it('hits only its func when scoped', async () => {
    ctx.svc.setFault('html500', { func: 'getMentions', count: 1 });
    expect((await list()).status).toBe(200);
    expect((await mentions()).status).toBe(500);
    expect((await mentions()).status).toBe(200);
  });

  it('hits login when scoped to func login, and login counts as a request unscoped', async () => {
    ctx.svc.setFault('html500', { func: 'login', count: 1 });
    expect((await list()).status).toBe(200);
    expect((await loginRes()).status).toBe(500);
    expect((await loginRes()).status).toBe(200);
    ctx.svc.setFault('html500', { count: 1 });
    expect((await loginRes()).status).toBe(500);
  });

  it('stays on until cleared with neither count nor forMs', async () => {
    ctx.svc.setFault('html500');
    for (let i = 0; i < 3; i++) expect((await list()).status).toBe(500);
    ctx.svc.clearFaults();
    expect((await list()).status).toBe(200);
  });
});

describe('malformedJson', () => {
  it('sends 200 with JSON cut short', async () => {
    ctx.svc.setFault('malformedJson', { count: 1 });
    const res = await list();
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json');
    const text = await res.text();
    expect(text.startsWith('[{"project_id":1201')).toBe(true);
    expect(() => JSON.parse(text)).toThrow();
    expect(await reply(list())).toMatchObject({ status: 200 });
  });

  it('breaks even short replies, and the request itself still happened', async () => {
    ctx.svc.setFault('malformedJson', { func: 'addProject', count: 1 });
    const res = await call(
      ctx.svc,
      'project',
      { token, func: 'addProject' },
      { form: projectForm() },
    );
    const text = await res.text();
    expect(() => JSON.parse(text)).toThrow();
    expect(ctx.svc.projects().map((p) => p.name)).toContain('Initech');
  });

  it('breaks the login reply when scoped to login', async () => {
    ctx.svc.setFault('malformedJson', { func: 'login', count: 1 });
    const text = await (await loginRes()).text();
    expect(text.startsWith('{"token"')).toBe(true);
    expect(() => JSON.parse(text)).toThrow();
  });
});

describe('rateLimit', () => {
  it('answers 429 with Retry-After: 30 by default', async () => {
    ctx.svc.setFault('rateLimit', { count: 1 });
    const res = await list();
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toBe('30');
    expect(await res.json()).toEqual({ status: 'error', message: 'Too many requests' });
    expect((await list()).status).toBe(200);
  });

  it.each(['5', 'Wed, 21 Oct 2026 07:28:00 GMT'])('sends Retry-After: %s', async (value) => {
    ctx.svc.setFault('rateLimit', { count: 1, retryAfter: value });
    const res = await mentions();
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toBe(value);
  });

  it('does not run the request', async () => {
    ctx.svc.setFault('rateLimit', { count: 1 });
    await call(ctx.svc, 'project', { token, func: 'removeProject', project_id: 1201 });
    expect(ctx.svc.projects()).toHaveLength(6);
  });
});

describe('slow', () => {
  it('delays replies by delayMs', async () => {
    ctx.svc.setFault('slow', { count: 1, delayMs: 300 });
    let start = Date.now();
    expect((await list()).status).toBe(200);
    expect(Date.now() - start).toBeGreaterThanOrEqual(280);
    start = Date.now();
    await list();
    expect(Date.now() - start).toBeLessThan(250);
  });

  it('survives a client that gives up', async () => {
    ctx.svc.setFault('slow', { count: 1, delayMs: 300 });
    await expect(
      fetch(`${ctx.svc.url}/api/project.php?token=${token}&func=listProjects`, {
        signal: AbortSignal.timeout(50),
      }),
    ).rejects.toThrow();
    await sleep(350);
    expect((await list()).status).toBe(200);
  });
});

describe('rejectToken', () => {
  it('refuses valid tokens with 401, which stay valid afterwards', async () => {
    ctx.svc.setFault('rejectToken', { count: 2 });
    for (const res of [await list(), await mentions()]) {
      expect(await reply(res)).toEqual({
        status: 401,
        type: 'application/json',
        body: { error: 'Invalid or expired token' },
      });
    }
    expect((await list()).status).toBe(200);
  });

  it('is not spent on login or on invalid tokens when unscoped', async () => {
    ctx.svc.setFault('rejectToken', { count: 1 });
    expect((await loginRes()).status).toBe(200);
    expect((await call(ctx.svc, 'project', { token: 'bad', func: 'listProjects' })).status).toBe(
      401,
    );
    expect((await list()).status).toBe(401);
    expect((await list()).status).toBe(200);
  });

  it('refuses the valid key when scoped to login', async () => {
    ctx.svc.setFault('rejectToken', { func: 'login', count: 1 });
    expect((await list()).status).toBe(200);
    expect(await reply(loginRes())).toMatchObject({
      status: 401,
      body: { error: 'Invalid API key' },
    });
    expect((await loginRes()).status).toBe(200);
  });
});

describe('numbersAsStrings', () => {
  it('sends every number in a reply as a string', async () => {
    ctx.svc.setFault('numbersAsStrings', { count: 2 });
    const projects = (await reply(list())).body as Record<string, unknown>[];
    expect(projects[0]).toMatchObject({
      project_id: '1201',
      email_notification: '1',
      name: 'Acme',
    });
    const items = (await reply(mentions())).body as Record<string, unknown>[];
    const expected = ctx.svc.mentions(1201);
    expect(items[0].id).toBe(String(expected[0].id));
    for (const item of items) {
      for (const field of [
        'id',
        'project_id',
        'sentiment',
        'relevance_score',
        'status',
        'favorites',
      ]) {
        expect(typeof item[field]).toBe('string');
      }
    }
    expect(items.some((item) => item.sentiment === '-1')).toBe(true);
    expect(items.some((item) => item.text_summary === null)).toBe(true);
    expect(((await reply(list())).body as Record<string, unknown>[])[0].project_id).toBe(1201);
  });

  it('keeps booleans, and is spent only on replies that have numbers', async () => {
    ctx.svc.setFault('numbersAsStrings', { count: 1 });
    expect((await reply(loginRes())).body).toEqual({ token: expect.any(String) });
    const { body } = await reply(
      call(ctx.svc, 'project', { token, func: 'addProject' }, { form: projectForm() }),
    );
    expect(body).toEqual({ success: true, project_id: '1207' });
  });
});

describe('wrapped', () => {
  it('wraps array replies: projects for listProjects, data for getMentions', async () => {
    ctx.svc.setFault('wrapped', { count: 2 });
    expect((await reply(list())).body).toEqual({ projects: ctx.svc.projects() });
    expect((await reply(mentions())).body).toEqual({ data: ctx.svc.mentions(1201) });
    expect(Array.isArray((await reply(list())).body)).toBe(true);
  });

  it('leaves object replies alone without spending its count', async () => {
    ctx.svc.setFault('wrapped', { count: 1 });
    const project = await reply(
      call(ctx.svc, 'project', { token, func: 'getProject', project_id: 1201 }),
    );
    expect(project.body).toEqual(ctx.svc.projects()[0]);
    expect((await reply(list())).body).toHaveProperty('projects');
  });
});

describe('errorAs200', () => {
  it('sends errors with HTTP 200 as {"status":"error","message":...}', async () => {
    ctx.svc.setFault('errorAs200', { count: 3 });
    expect(await reply(call(ctx.svc, 'project', { token: 'nope', func: 'listProjects' }))).toEqual({
      status: 200,
      type: 'application/json',
      body: { status: 'error', message: 'Invalid or expired token' },
    });
    expect(
      await reply(
        call(
          ctx.svc,
          'project',
          { token, func: 'addProject' },
          { form: projectForm({ name: '' }) },
        ),
      ),
    ).toMatchObject({
      status: 200,
      body: { status: 'error', message: expect.stringMatching(/^name: /) },
    });
    expect((await reply(postForm(`${ctx.svc.url}/api/login.php`, { key: 'wrong' }))).body).toEqual({
      status: 'error',
      message: 'Invalid API key',
    });
    expect((await call(ctx.svc, 'project', { token: 'nope', func: 'listProjects' })).status).toBe(
      401,
    );
  });

  it('is not spent on successful replies', async () => {
    ctx.svc.setFault('errorAs200', { count: 1 });
    expect((await list()).status).toBe(200);
    expect((await mentions(4040)).status).toBe(200);
    expect((await mentions(4040)).status).toBe(404);
  });

  it('turns a rejected token into a 200 error too', async () => {
    ctx.svc.setFault('rejectToken', { count: 1 });
    ctx.svc.setFault('errorAs200', { count: 1 });
    expect(await reply(list())).toMatchObject({
      status: 200,
      body: { status: 'error', message: 'Invalid or expired token' },
    });
  });
});

describe('badRecords', () => {
  it('mixes records that cannot parse into getMentions', async () => {
    ctx.svc.setFault('badRecords', { count: 1 });
    const good = ctx.svc.mentions(1201);
    const items = (await reply(mentions())).body as (Record<string, unknown> | null)[];
    expect(items).toHaveLength(good.length + 3);
    const bad = items.filter(
      (item) => item === null || !('id' in item) || typeof item.id !== 'number',
    );
    expect(bad).toHaveLength(3);
    expect(bad).toContain(null);
    expect(bad.some((item) => item !== null && !('id' in item))).toBe(true);
    expect(bad.some((item) => item !== null && item.id === 'abc')).toBe(true);
    expect(items.filter((item) => !bad.includes(item))).toEqual(good);
    expect(items[0]).not.toEqual(good[0]);
    expect((await reply(mentions())).body).toEqual(good);
  });

  it('leaves other funcs alone; an empty list gets only the bad records', async () => {
    ctx.svc.setFault('badRecords', { count: 1 });
    expect((await reply(list())).body).toEqual(ctx.svc.projects());
    const items = (await reply(mentions(1206))).body as unknown[];
    expect(items.length).toBe(3);
    expect((await reply(mentions())).body).toEqual(ctx.svc.mentions(1201));
  });
});

describe('several faults', () => {
  it('combine: bad records, wrapped and numbers as strings at once', async () => {
    ctx.svc.setFault('badRecords', { count: 1 });
    ctx.svc.setFault('wrapped', { count: 1 });
    ctx.svc.setFault('numbersAsStrings', { count: 1 });
    const { body } = await reply(mentions());
    const data = (body as { data: Record<string, unknown>[] }).data;
    expect(data).toHaveLength(ctx.svc.mentions(1201).length + 3);
    expect(data.find((item) => item?.id === 'abc')).toBeDefined();
    expect(typeof data[1].project_id).toBe('string');
    expect(ctx.svc.log.at(-1)?.faults).toEqual(['badRecords', 'wrapped', 'numbersAsStrings']);
  });

  it('of the same kind and func replace each other; other scopes add up', async () => {
    ctx.svc.setFault('html500', { count: 5 });
    ctx.svc.setFault('html500', { count: 1 });
    ctx.svc.setFault('html500', { count: 1, func: 'getMentions' });
    expect((await list()).status).toBe(500);
    expect((await list()).status).toBe(200);
    expect((await mentions()).status).toBe(500);
    expect((await mentions()).status).toBe(200);
  });

  it('reject bad settings', () => {
    // @ts-expect-error: a kind the fake does not have
    expect(() => ctx.svc.setFault('explode')).toThrow(/Unknown fault kind/);
    expect(() => ctx.svc.setFault('html500', { count: 0 })).toThrow(/count/);
    expect(() => ctx.svc.setFault('html500', { forMs: -1 })).toThrow(/forMs/);
    expect(() => ctx.svc.setFault('rateLimit', { retryAfter: '1\r\nX: y' })).toThrow(/retryAfter/);
  });

  it('are cleared by reset()', async () => {
    ctx.svc.setFault('html500');
    ctx.svc.reset();
    token = await login(ctx.svc);
    expect((await list()).status).toBe(200);
  });
});
