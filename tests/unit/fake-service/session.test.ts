import { describe, expect, it } from 'vitest';
import { call, login, postForm, reply, useFakeService } from '../support/fake-service';

const ctx = useFakeService();

describe('login.php', () => {
  it('gives a random opaque alphanumeric token for the demo key', async () => {
    const { status, type, body } = await reply(
      postForm(`${ctx.svc.url}/api/login.php`, { key: ctx.svc.apiKey }),
    );
    expect(status).toBe(200);
    expect(type).toBe('application/json');
    expect(Object.keys(body as object)).toEqual(['token']);
    expect((body as { token: string }).token).toMatch(/^[A-Za-z0-9]{20,}$/);
    expect(ctx.svc.apiKey).toBe('demo-key-0123456789');
  });

  it('gives a new token on every login, and all of them work', async () => {
    const first = await login(ctx.svc);
    const second = await login(ctx.svc);
    expect(first).not.toBe(second);
    for (const token of [first, second]) {
      const res = await call(ctx.svc, 'project', { token, func: 'listProjects' });
      expect(res.status).toBe(200);
    }
  });

  it.each([
    ['a wrong key', 'key=nope'],
    ['an empty key', 'key='],
    ['no key', ''],
    ['a key under another name', 'api_key=demo-key-0123456789'],
  ])('refuses %s with 401 {"error":"Invalid API key"}', async (_what, body) => {
    const res = await fetch(`${ctx.svc.url}/api/login.php`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body,
    });
    expect(await reply(res)).toEqual({
      status: 401,
      type: 'application/json',
      body: { error: 'Invalid API key' },
    });
  });

  it('takes the key only from a form body, not from the query or a JSON body', async () => {
    const inQuery = await fetch(`${ctx.svc.url}/api/login.php?key=${ctx.svc.apiKey}`, {
      method: 'POST',
    });
    expect(inQuery.status).toBe(401);
    const asJson = await fetch(`${ctx.svc.url}/api/login.php`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ key: ctx.svc.apiKey }),
    });
    expect(asJson.status).toBe(401);
  });

  it('answers GET with 405 and Allow: POST', async () => {
    const res = await fetch(`${ctx.svc.url}/api/login.php?key=${ctx.svc.apiKey}`);
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('POST');
    expect(await res.json()).toMatchObject({ status: 'error' });
  });
});

describe('session tokens', () => {
  const listWith = (init: RequestInit, query = 'func=listProjects') =>
    fetch(`${ctx.svc.url}/api/project.php?${query}`, init);

  it('are accepted only in the token query parameter', async () => {
    const token = await login(ctx.svc);
    const invalid = { error: 'Invalid or expired token' };
    const elsewhere: RequestInit[] = [
      { headers: { Authorization: `Bearer ${token}` } },
      { headers: { Cookie: `token=${token}; PHPSESSID=${token}` } },
      { headers: { 'X-Token': token } },
    ];
    for (const init of elsewhere) {
      expect(await reply(listWith(init))).toMatchObject({ status: 401, body: invalid });
    }
    const inBody = await fetch(
      `${ctx.svc.url}/api/project.php?func=removeProject&project_id=1201`,
      {
        method: 'POST',
        body: new URLSearchParams({ token }),
      },
    );
    expect(inBody.status).toBe(401);
    expect(ctx.svc.projects().map((p) => p.project_id)).toContain(1201);
  });

  it.each([
    ['no token', 'func=listProjects'],
    ['an empty token', 'token=&func=listProjects'],
    ['a made-up token', 'token=abc123&func=listProjects'],
  ])('answer %s with 401 {"error":"Invalid or expired token"}', async (_what, query) => {
    expect(await reply(listWith({}, query))).toEqual({
      status: 401,
      type: 'application/json',
      body: { error: 'Invalid or expired token' },
    });
  });

  it('stop working after expireTokens(), and a new login works again', async () => {
    const token = await login(ctx.svc);
    ctx.svc.expireTokens();
    for (const [script, func] of [
      ['project', 'listProjects'],
      ['mention', 'getMentions'],
    ] as const) {
      const { status, body } = await reply(
        call(ctx.svc, script, { token, func, project_id: 1201 }),
      );
      expect(status).toBe(401);
      expect(body).toEqual({ error: 'Invalid or expired token' });
    }
    const fresh = await login(ctx.svc);
    expect((await call(ctx.svc, 'project', { token: fresh, func: 'listProjects' })).status).toBe(
      200,
    );
  });

  it('are checked before func and method, like a gateway script would', async () => {
    const res = await fetch(`${ctx.svc.url}/api/project.php?token=bad&func=addProject`);
    expect(res.status).toBe(401);
  });
});

describe('accounts', () => {
  it('are separate: a new account starts empty and cannot see the demo projects', async () => {
    ctx.svc.addAccount('second-key-42');
    const token = await login(ctx.svc, 'second-key-42');
    expect(await reply(call(ctx.svc, 'project', { token, func: 'listProjects' }))).toMatchObject({
      status: 200,
      body: [],
    });
    const { status, body } = await reply(
      call(ctx.svc, 'project', { token, func: 'getProject', project_id: 1201 }),
    );
    expect(status).toBe(404);
    expect((body as { message: string }).message).toMatch(/^project_id: /);
    const mentions = await call(ctx.svc, 'mention', {
      token,
      func: 'getMentions',
      project_id: 1201,
    });
    expect(mentions.status).toBe(404);
  });

  it('can be seeded, with project ids of their own', async () => {
    ctx.svc.addAccount('seeded-key', { seedData: true });
    const demoIds = ctx.svc.projects().map((p) => p.project_id);
    const seeded = ctx.svc.projects('seeded-key');
    expect(seeded.map((p) => p.name)).toEqual(ctx.svc.projects().map((p) => p.name));
    expect(seeded.some((p) => demoIds.includes(p.project_id))).toBe(false);
    const token = await login(ctx.svc, 'seeded-key');
    const { body } = await reply(call(ctx.svc, 'project', { token, func: 'listProjects' }));
    expect(body).toEqual(seeded);
  });

  it('refuses a duplicate API key', () => {
    expect(() => ctx.svc.addAccount(ctx.svc.apiKey)).toThrow(/exists/);
  });

  it('are dropped by reset(), leaving the demo account', async () => {
    ctx.svc.addAccount('temp-key');
    ctx.svc.reset();
    const res = await postForm(`${ctx.svc.url}/api/login.php`, { key: 'temp-key' });
    expect(res.status).toBe(401);
    expect((await login(ctx.svc)).length).toBeGreaterThan(0);
  });
});
