// The client with an injected fetch: the options every request carries, what is refused before
// any request, and redirects, never followed. Transport failures and the reply size limit:
// client.fetch-transport.test.ts; odd replies and scrubbed secrets: client.fetch-replies.test.ts.

import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ProjectInput } from '@/lib/projects/types';
import { createServiceClient } from '@/lib/service/client';
import { expectClean, expectKind, getMentions } from '../support/service-client';
import { BASE, INPUT, KEY, TOKEN, everyMethod, spyFetch, type Call } from '../support/client-fetch';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('request options', () => {
  it('every request: no cookies, no referrer, no cache, a signal, the configured origin', async () => {
    const fetch = spyFetch(() => new Response('[]'));
    const client = createServiceClient({ baseUrl: `${BASE}/api/login.php`, fetch });
    for (const [, run] of everyMethod(client)) await run().catch(() => undefined);
    expect(fetch).toHaveBeenCalledTimes(8);
    for (const [url, init] of fetch.mock.calls as Call[]) {
      expect(new URL(url).origin).toBe(BASE);
      expect(init.credentials).toBe('omit');
      expect(init.referrerPolicy).toBe('no-referrer');
      expect(init.cache).toBe('no-store');
      // Never followed: the key (login) or the token (calls) would go along.
      expect(init.redirect).toBe('manual');
      expect(init.signal).toBeInstanceOf(AbortSignal);
    }
  });

  it('methods, paths, queries and bodies per the contract', async () => {
    const fetch = spyFetch(() => new Response('[]'));
    const client = createServiceClient({ baseUrl: BASE, fetch });
    for (const [, run] of everyMethod(client)) await run().catch(() => undefined);
    const seen = (fetch.mock.calls as Call[]).map(([url, init]) => {
      const headers = new Headers(init.headers);
      return {
        method: init.method,
        url,
        contentType: headers.get('content-type'),
        body: init.body === undefined ? undefined : String(init.body),
      };
    });
    const q = `token=${TOKEN}`;
    const form = 'application/x-www-form-urlencoded';
    expect(seen).toEqual([
      { method: 'POST', url: `${BASE}/api/login.php`, contentType: form, body: `key=${KEY}` },
      {
        method: 'GET',
        url: `${BASE}/api/mention.php?${q}&func=getMentions&project_id=5`,
        contentType: null,
        body: undefined,
      },
      {
        method: 'GET',
        url: `${BASE}/api/project.php?${q}&func=listProjects`,
        contentType: null,
        body: undefined,
      },
      {
        method: 'GET',
        url: `${BASE}/api/project.php?${q}&func=getProject&project_id=5`,
        contentType: null,
        body: undefined,
      },
      {
        method: 'GET',
        url: `${BASE}/api/project.php?${q}&func=getProjectData&project_id=5`,
        contentType: null,
        body: undefined,
      },
      {
        method: 'POST',
        url: `${BASE}/api/project.php?${q}&func=addProject`,
        contentType: form,
        body: 'name=Brand&type=brandMonitoring&language=all&source=web&location=all&email_notification=1&browser_notification=1&brand_name=Acme',
      },
      {
        method: 'POST',
        url: `${BASE}/api/project.php?${q}&func=editProject&project_id=5`,
        contentType: form,
        body: 'name=Brand&type=brandMonitoring&language=all&source=web&location=all&email_notification=1&browser_notification=1&brand_name=Acme',
      },
      {
        method: 'GET',
        url: `${BASE}/api/project.php?${q}&func=removeProject&project_id=5`,
        contentType: null,
        body: undefined,
      },
    ]);
  });

  it('encodes a token with reserved characters in the query', async () => {
    const fetch = spyFetch(() => new Response('[]'));
    const client = createServiceClient({ baseUrl: BASE, fetch });
    await client.listProjects('a+b/c=&d');
    const url = new URL((fetch.mock.calls[0] as Call)[0]);
    expect(url.searchParams.get('token')).toBe('a+b/c=&d');
    expect(url.searchParams.get('func')).toBe('listProjects');
  });

  it('uses the global fetch, called as a plain function, when none is injected', async () => {
    const global = vi.fn(async function (this: unknown) {
      // A real window.fetch throws "Illegal invocation" when called on another object.
      if (this !== undefined && this !== globalThis) throw new TypeError('Illegal invocation');
      return new Response('[]');
    });
    vi.stubGlobal('fetch', global);
    await expect(createServiceClient({ baseUrl: BASE }).listProjects(TOKEN)).resolves.toEqual({
      projects: [],
      skipped: 0,
    });
    expect(global).toHaveBeenCalledTimes(1);
  });
});

describe('refused before any request', () => {
  it.each([
    [''],
    [undefined],
    [null],
    ['http://app.example.com'],
    ['ftp://x.example'],
    ['https://u:p@x.example'],
  ])('base URL %j → not-configured on every method', async (baseUrl) => {
    const fetch = spyFetch();
    const client = createServiceClient({ baseUrl, fetch });
    expect(client.origin).toBeUndefined();
    for (const [, run] of everyMethod(client)) await expectKind(run(), 'not-configured');
    expect(fetch).not.toHaveBeenCalled();
  });

  it('an empty API key → not-configured', async () => {
    const fetch = spyFetch();
    const client = createServiceClient({ baseUrl: BASE, fetch });
    await expectKind(client.login(''), 'not-configured');
    await expectKind(client.login('   '), 'not-configured');
    expect(fetch).not.toHaveBeenCalled();
  });

  it.each([[''], ['has space'], ['line\nbreak']])(
    'a missing or damaged token (%j) → auth, so the session layer logs in',
    async (token) => {
      const fetch = spyFetch();
      const client = createServiceClient({ baseUrl: BASE, fetch });
      await expectKind(client.listProjects(token), 'auth');
      await expectKind(getMentions(client, token, 1), 'auth');
      expect(fetch).not.toHaveBeenCalled();
    },
  );

  it.each([[-1], [1.5], [Number.NaN], [Number.MAX_SAFE_INTEGER + 2], ['5' as unknown as number]])(
    'project id %j → invalid-input',
    async (id) => {
      const fetch = spyFetch();
      const client = createServiceClient({ baseUrl: BASE, fetch });
      const error = await expectKind(client.getProject(TOKEN, id), 'invalid-input');
      expect(error.field).toBe('project_id');
      expect(fetch).not.toHaveBeenCalled();
    },
  );

  it('an input the encoder cannot handle → invalid-input', async () => {
    const fetch = spyFetch();
    const client = createServiceClient({ baseUrl: BASE, fetch });
    const broken = { ...INPUT, type: 'nonsense' } as unknown as ProjectInput;
    await expectKind(client.addProject(TOKEN, broken), 'invalid-input');
    expect(fetch).not.toHaveBeenCalled();
  });
});

describe('redirects are never followed', () => {
  const OTHER = 'https://elsewhere.example.net';

  /** What a browser's fetch gives for redirect: 'manual': an opaque redirect, status 0. */
  function opaqueRedirect(): Response {
    const response = new Response(null, { status: 200 });
    Object.defineProperty(response, 'type', { value: 'opaqueredirect' });
    Object.defineProperty(response, 'status', { value: 0 });
    return response;
  }

  it.each([301, 302, 303, 307, 308])(
    'login answered %d to another origin → server, the key sent once, to our origin only',
    async (status) => {
      const fetch = spyFetch(
        () => new Response(null, { status, headers: { Location: `${OTHER}/steal?key=${KEY}` } }),
      );
      const client = createServiceClient({ baseUrl: BASE, fetch });
      const error = await expectKind(client.login(KEY), 'server');
      expect(error.message).toBe(
        'The service redirected the sign-in elsewhere; check the address.',
      );
      expect(error.status).toBe(status);
      expectClean(error, [KEY, OTHER, 'elsewhere.example']);
      expect(fetch).toHaveBeenCalledTimes(1);
      const [[url, init]] = fetch.mock.calls as Call[];
      expect(new URL(url).origin).toBe(BASE);
      expect(init.redirect).toBe('manual');
    },
  );

  it("a browser's opaque redirect on login → the same error, without a status", async () => {
    const client = createServiceClient({ baseUrl: BASE, fetch: async () => opaqueRedirect() });
    const error = await expectKind(client.login(KEY), 'server');
    expect(error.message).toBe('The service redirected the sign-in elsewhere; check the address.');
    expect(error.status).toBeUndefined();
  });

  it('a redirect on any call → server, the token not sent on', async () => {
    const fetch = spyFetch(
      () => new Response('', { status: 302, headers: { Location: `${OTHER}/?token=${TOKEN}` } }),
    );
    const client = createServiceClient({ baseUrl: BASE, fetch });
    for (const [func, run] of everyMethod(client)) {
      if (func === 'login') continue;
      const error = await expectKind(run(), 'server');
      expect(error.message).toBe(
        'The service redirected the request elsewhere; check the address.',
      );
      expectClean(error, [TOKEN, OTHER]);
    }
    expect(fetch).toHaveBeenCalledTimes(7);
    for (const [url] of fetch.mock.calls as Call[]) expect(new URL(url).origin).toBe(BASE);
    const opaque = createServiceClient({ baseUrl: BASE, fetch: async () => opaqueRedirect() });
    await expectKind(getMentions(opaque, TOKEN, 1), 'server');
  });

  it('304 is not taken for a redirect (an unexpected status: server)', async () => {
    const client = createServiceClient({
      baseUrl: BASE,
      fetch: async () => new Response(null, { status: 304 }),
    });
    const error = await expectKind(client.listProjects(TOKEN), 'server');
    expect(error.message).toBe('The service had a problem (HTTP 304).');
  });
});
