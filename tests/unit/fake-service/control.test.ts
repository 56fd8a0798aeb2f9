import { beforeEach, describe, expect, it } from 'vitest';
import type { FakeMention, FakeProject, RequestLogEntry } from '../../fake-service/server';
import { call, login, projectForm, reply, useFakeService } from '../support/fake-service';

const ctx = useFakeService();
let token = '';
beforeEach(async () => {
  token = await login(ctx.svc);
  ctx.svc.clearLog();
});

function control(name: string, body?: unknown, method = body === undefined ? 'GET' : 'POST') {
  return reply(
    fetch(`${ctx.svc.url}/__control/${name}`, {
      method,
      headers: { 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    }),
  );
}

const list = () => call(ctx.svc, 'project', { token, func: 'listProjects' });

describe('control API', () => {
  it('POST fault switches a fault on, with its options', async () => {
    expect(await control('fault', { kind: 'rateLimit', count: 1, retryAfter: '7' })).toEqual({
      status: 200,
      type: 'application/json',
      body: { ok: true },
    });
    const res = await list();
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toBe('7');
    expect((await list()).status).toBe(200);
  });

  it.each([
    [{ kind: 'explode' }, /^kind: unknown fault kind/],
    [{ kind: 'html500', count: -1 }, /count/],
    [{ kind: 'html500', colour: 'red' }, /^colour: unknown fault option/],
    [{}, /^kind: /],
  ])('POST fault refuses %j with 400', async (body, error) => {
    const res = await control('fault', body);
    expect(res.status).toBe(400);
    expect((res.body as { error: string }).error).toMatch(error);
    expect((await list()).status).toBe(200);
  });

  it('refuses bodies that are not a JSON object', async () => {
    for (const body of ['{', '[1]', '"x"']) {
      const res = await reply(fetch(`${ctx.svc.url}/__control/fault`, { method: 'POST', body }));
      expect(res.status).toBe(400);
    }
  });

  it('POST clear-faults switches all faults off', async () => {
    await control('fault', { kind: 'html500' });
    await control('fault', { kind: 'slow', delayMs: 5000 });
    expect((await control('clear-faults', {})).body).toEqual({ ok: true });
    expect((await list()).status).toBe(200);
  });

  it('POST expire-tokens makes every token invalid', async () => {
    await control('expire-tokens', {});
    expect((await list()).status).toBe(401);
  });

  it('POST mentions adds mentions and replies them', async () => {
    const { status, body } = await control('mentions', { project_id: 1202, count: 2 });
    expect(status).toBe(200);
    const added = (body as { mentions: FakeMention[] }).mentions;
    expect(added).toHaveLength(2);
    expect(added.every((m) => m.project_id === 1202 && m.type === 'backlinks')).toBe(true);
    const { body: listed } = await reply(
      call(ctx.svc, 'mention', { token, func: 'getMentions', project_id: 1202 }),
    );
    expect((listed as FakeMention[]).slice(0, 2)).toEqual([...added].reverse());
    expect((await control('mentions', { project_id: 5, count: 1 })).status).toBe(400);
    expect((await control('mentions', { project_id: '1202' })).status).toBe(400);
  });

  it('GET log lists API requests with their raw fields, not control requests', async () => {
    await call(ctx.svc, 'project', { token, func: 'addProject' }, { form: projectForm() });
    await fetch(`${ctx.svc.url}/api/project.php?func=listProjects&token=nope`);
    const { body } = await control('log');
    const log = body as RequestLogEntry[];
    expect(log).toHaveLength(2);
    expect(log[0]).toMatchObject({
      method: 'POST',
      path: '/api/project.php',
      func: 'addProject',
      query: { token, func: 'addProject' },
      body: projectForm(),
      contentType: 'application/x-www-form-urlencoded;charset=UTF-8',
      status: 200,
      rawQuery: `token=${token}&func=addProject`,
      faults: [],
    });
    expect(new Date(log[0].time).getTime()).toBeLessThanOrEqual(Date.now());
    expect(log[0].rawBody).toBe(new URLSearchParams(projectForm()).toString());
    expect(log[1]).toMatchObject({
      method: 'GET',
      func: 'listProjects',
      query: { func: 'listProjects', token: 'nope' },
      body: null,
      contentType: null,
      status: 401,
    });
    expect(log).toEqual(JSON.parse(JSON.stringify(ctx.svc.log)));
  });

  it('keeps the log a live array, cleared in place', async () => {
    const log = ctx.svc.log;
    await list();
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({ func: 'listProjects', status: 200 });
    expect((await control('clear-log', {})).body).toEqual({ ok: true });
    expect(log).toHaveLength(0);
    expect(ctx.svc.log).toBe(log);
  });

  it('logs login with func "login" and the key in the body', async () => {
    await login(ctx.svc);
    expect(ctx.svc.log).toEqual([
      expect.objectContaining({
        method: 'POST',
        path: '/api/login.php',
        func: 'login',
        query: {},
        body: { key: ctx.svc.apiKey },
        status: 200,
      }),
    ]);
  });

  it('POST reset goes back to the seed state', async () => {
    const seed = ctx.svc.projects();
    const seedMentions = ctx.svc.mentions(1201);
    await call(ctx.svc, 'project', { token, func: 'addProject' }, { form: projectForm() });
    await call(ctx.svc, 'project', { token, func: 'removeProject', project_id: 1201 });
    ctx.svc.addMentions(1202, 2);
    await control('fault', { kind: 'html500' });
    expect((await control('reset', {})).body).toEqual({ ok: true });
    expect(ctx.svc.projects()).toEqual(seed);
    expect(ctx.svc.mentions(1201).map((m) => m.id)).toEqual(seedMentions.map((m) => m.id));
    expect(ctx.svc.mentions(1202)).toHaveLength(8);
    expect(ctx.svc.log).toHaveLength(0);
    // Tokens go too, and no fault is left to hit the next login.
    expect((await list()).status).toBe(401);
    token = await login(ctx.svc);
    expect((await list()).status).toBe(200);
  });

  it('GET state shows accounts, projects, mentions and faults', async () => {
    await control('fault', { kind: 'wrapped', count: 2, func: 'listProjects' });
    const { body } = await control('state');
    const state = body as {
      url: string;
      apiKey: string;
      accounts: { apiKey: string; projects: FakeProject[] }[];
      mentions: Record<string, FakeMention[]>;
      faults: { kind: string; func?: string; remaining?: number }[];
      tokens: number;
    };
    expect(state.url).toBe(ctx.svc.url);
    expect(state.apiKey).toBe(ctx.svc.apiKey);
    expect(state.accounts).toEqual([{ apiKey: ctx.svc.apiKey, projects: ctx.svc.projects() }]);
    expect(state.mentions['1201']).toEqual(ctx.svc.mentions(1201));
    expect(state.faults).toEqual([
      expect.objectContaining({ kind: 'wrapped', func: 'listProjects', remaining: 2 }),
    ]);
    expect(state.tokens).toBe(1);
  });

  it('POST account adds an account', async () => {
    expect((await control('account', { apiKey: 'other-key' })).status).toBe(200);
    expect(await login(ctx.svc, 'other-key')).toMatch(/^[A-Za-z0-9]+$/);
    expect((await control('account', { apiKey: 'other-key' })).status).toBe(400);
  });

  it('answers unknown routes with 404 and wrong methods with 405', async () => {
    expect((await control('nothing-here')).status).toBe(404);
    expect((await control('fault')).status).toBe(405);
    expect((await control('log', {})).status).toBe(405);
  });

  it('is not affected by faults', async () => {
    await control('fault', { kind: 'html500' });
    expect((await control('state')).status).toBe(200);
    expect((await control('clear-faults', {})).status).toBe(200);
  });
});
