// The fake service's faults that change a reply's shape: numbers as strings, arrays wrapped in an
// object, errors sent with HTTP 200, unparseable records; and how faults combine and are set.

import { describe, expect, it } from 'vitest';
import {
  call,
  faultCalls,
  login,
  postForm,
  projectForm,
  reply,
  useFakeServiceSession,
} from '../support/fake-service';

const ctx = useFakeServiceSession();
const { list, mentions, loginRes } = faultCalls(ctx);

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
      call(ctx.svc, 'project', { token: ctx.token, func: 'addProject' }, { form: projectForm() }),
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
      call(ctx.svc, 'project', { token: ctx.token, func: 'getProject', project_id: 1201 }),
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
          { token: ctx.token, func: 'addProject' },
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

describe('the project list misbehaving', () => {
  it('shrunkList leaves out the project named, or every project', async () => {
    const all = ctx.svc.projects();
    ctx.svc.setFault('shrunkList', { count: 1, projectId: all[0].project_id });
    expect((await reply(list())).body).toEqual(all.slice(1));
    ctx.svc.setFault('shrunkList', { count: 1 });
    expect((await reply(list())).body).toEqual([]);
    expect(ctx.svc.log.at(-1)?.faults).toEqual(['shrunkList']);
    expect((await reply(list())).body).toEqual(all);
  });

  it('badRecords reaches the list only when named for it', async () => {
    ctx.svc.setFault('badRecords', { count: 1, func: 'listProjects' });
    const items = (await reply(list())).body as unknown[];
    expect(items).toContain(null);
    expect(items.length).toBe(ctx.svc.projects().length + 3);
    expect((await reply(list())).body).toEqual(ctx.svc.projects());
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
    ctx.token = await login(ctx.svc);
    expect((await list()).status).toBe(200);
  });
});
