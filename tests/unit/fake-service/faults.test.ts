// The fake service's transport faults: HTML 500s, JSON cut short, rate limits, slow replies and
// refused tokens, each for a count, for a time or until cleared, and scoped to one func.

import { describe, expect, it } from 'vitest';
import {
  call,
  faultCalls,
  projectForm,
  reply,
  sleep,
  useFakeServiceSession,
} from '../support/fake-service';

const ctx = useFakeServiceSession();
const { list, mentions, loginRes } = faultCalls(ctx);

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
      { token: ctx.token, func: 'addProject' },
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
    await call(ctx.svc, 'project', { token: ctx.token, func: 'removeProject', project_id: 1201 });
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
      fetch(`${ctx.svc.url}/api/project.php?token=${ctx.token}&func=listProjects`, {
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
