import fc from 'fast-check';
import { createConnection } from 'node:net';
import { beforeEach, describe, expect, it } from 'vitest';
import { call, login, postForm, useFakeService } from '../support/fake-service';

const ctx = useFakeService();
let token = '';
beforeEach(async () => {
  token = await login(ctx.svc);
});

const corsHeaders = (res: Response) =>
  [...res.headers.keys()].filter((name) => name.toLowerCase().startsWith('access-control-'));

describe('CORS', () => {
  it('is never answered: no Access-Control-* header on any reply', async () => {
    const origin = { Origin: 'chrome-extension://abcdefghijklmnop' };
    ctx.svc.setFault('html500', { func: 'getProject', count: 1 });
    ctx.svc.setFault('rateLimit', { func: 'getProjectData', count: 1 });
    const replies = [
      await fetch(`${ctx.svc.url}/api/login.php`, {
        method: 'POST',
        headers: origin,
        body: new URLSearchParams({ key: ctx.svc.apiKey }),
      }),
      await fetch(`${ctx.svc.url}/api/project.php?token=${token}&func=listProjects`, {
        headers: origin,
      }),
      await fetch(`${ctx.svc.url}/api/project.php?token=x&func=listProjects`, { headers: origin }),
      await call(ctx.svc, 'project', { token, func: 'getProject', project_id: 1201 }),
      await call(ctx.svc, 'project', { token, func: 'getProjectData', project_id: 1201 }),
      await fetch(`${ctx.svc.url}/api/project.php?token=${token}&func=listProjects`, {
        method: 'OPTIONS',
        headers: {
          ...origin,
          'Access-Control-Request-Method': 'GET',
          'Access-Control-Request-Headers': 'content-type',
        },
      }),
      await fetch(`${ctx.svc.url}/__control/state`, { headers: origin }),
    ];
    expect(replies.map((res) => res.status)).toEqual([200, 200, 401, 500, 429, 405, 200]);
    for (const res of replies) expect(corsHeaders(res)).toEqual([]);
  });
});

describe('garbage input', () => {
  const allowedStatus = [200, 400, 401, 404, 405];

  it('always gets a well-formed JSON reply (property)', async () => {
    const paths = ['/api/login.php', '/api/project.php', '/api/mention.php', '/api/x.php', '/'];
    const funcs = [
      'listProjects',
      'getProject',
      'addProject',
      'editProject',
      'removeProject',
      'getProjectData',
      'getMentions',
    ];
    const part = fc.oneof(fc.string(), fc.string({ unit: 'grapheme' }), fc.constantFrom(...funcs));
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('GET', 'POST', 'PUT', 'DELETE', 'PATCH'),
        fc.constantFrom(...paths),
        fc.boolean(),
        fc.option(fc.constantFrom(...funcs), { nil: undefined }),
        fc.array(fc.tuple(part, part), { maxLength: 6 }),
        fc.oneof(
          fc.string(),
          fc.string({ unit: 'binary' }),
          fc.array(fc.tuple(part, part)).map((pairs) => new URLSearchParams(pairs).toString()),
        ),
        fc.constantFrom(
          'application/x-www-form-urlencoded',
          'application/json',
          'text/plain',
          undefined,
        ),
        async (method, path, withToken, func, pairs, body, contentType) => {
          const query = new URLSearchParams(pairs);
          if (func) query.set('func', func);
          if (withToken) query.set('token', token);
          const res = await fetch(`${ctx.svc.url}${path}?${query}`, {
            method,
            headers: contentType ? { 'Content-Type': contentType } : {},
            body: method === 'GET' ? undefined : body,
          });
          const text = await res.text();
          expect(allowedStatus).toContain(res.status);
          expect(res.headers.get('content-type')).toBe('application/json');
          expect(() => JSON.parse(text)).not.toThrow();
          expect(corsHeaders(res)).toEqual([]);
        },
      ),
      { numRuns: 200 },
    );
    expect((await call(ctx.svc, 'project', { token, func: 'listProjects' })).status).toBe(200);
  });

  it('addProject with arbitrary fields is either created or refused naming a field (property)', async () => {
    const value = fc.oneof(fc.string(), fc.constantFrom('1', '0', 'all', 'en', 'web', 'backlinks'));
    const fieldName = fc.oneof(
      fc.string({ minLength: 1 }),
      fc.constantFrom(
        'name',
        'type',
        'language',
        'source',
        'location',
        'brand_url',
        'topic_keywords',
      ),
    );
    await fc.assert(
      fc.asyncProperty(fc.dictionary(fieldName, value), async (form) => {
        const before = ctx.svc.projects().length;
        const res = await call(ctx.svc, 'project', { token, func: 'addProject' }, { form });
        const body = (await res.json()) as { status?: string; message?: string; success?: boolean };
        if (res.status === 200) {
          expect(body.success).toBe(true);
          expect(ctx.svc.projects()).toHaveLength(before + 1);
        } else {
          expect(res.status).toBe(400);
          expect(body.status).toBe('error');
          expect(body.message).toMatch(/^[^:\n]*: \S/);
          expect(ctx.svc.projects()).toHaveLength(before);
        }
      }),
      { numRuns: 200 },
    );
  });

  it('answers bytes that are not HTTP with 400 and keeps serving', async () => {
    const { port } = new URL(ctx.svc.url);
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = createConnection(Number(port), '127.0.0.1', () => {
        socket.write('\u0000\u00ffGARBAGE / NOT-HTTP\r\n\r\n');
      });
      let data = '';
      socket.on('data', (chunk) => (data += chunk.toString()));
      socket.on('end', () => resolve(data));
      socket.on('error', reject);
    });
    expect(answer.startsWith('HTTP/1.1 400')).toBe(true);
    expect((await call(ctx.svc, 'project', { token, func: 'listProjects' })).status).toBe(200);
  });

  it('refuses a body over 1 MB with 413', async () => {
    const res = await postForm(`${ctx.svc.url}/api/login.php`, { key: 'x'.repeat(1_100_000) });
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ status: 'error', message: 'body: too large' });
  });

  it('answers unknown paths with a JSON 404', async () => {
    const res = await fetch(`${ctx.svc.url}/api/../etc/passwd?token=${token}`);
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ status: 'error' });
  });

  it('treats __proto__ and friends as plain parameters', async () => {
    const res = await fetch(
      `${ctx.svc.url}/api/project.php?token=${token}&func=__proto__&__proto__=1&constructor=x`,
    );
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      status: 'error',
      message: 'func: unknown function "__proto__"',
    });
  });
});
