// The client with an injected fetch: the options every request carries, and the failures that
// need a fetch we control (network errors, stalls, echoed secrets, odd replies).

import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ProjectInput } from '@/lib/projects/types';
import {
  createServiceClient,
  DEFAULT_TIMEOUT_MS,
  MAX_REPLY_BYTES,
  MAX_TIMEOUT_MS,
  type ServiceClient,
} from '@/lib/service/client';
import { expectClean, expectKind, rejection } from '../support/service-client';

const BASE = 'https://app.example.com';
const TOKEN = 'tok_9f8e7d6c5b4a3210';
const KEY = 'key_0123456789abcdef';

const INPUT: ProjectInput = {
  name: 'Brand',
  type: 'brandMonitoring',
  language: 'all',
  source: ['web'],
  location: 'all',
  email_notification: 1,
  browser_notification: 1,
  fields: { brand_name: 'Acme' },
};

type Call = [string, RequestInit];

/** A fetch that records its calls and answers every request with `reply()`. */
function spyFetch(reply: () => Response | Promise<Response> = () => new Response('{}')) {
  return vi.fn(async (_url: string, _init: RequestInit) => reply());
}

const everyMethod = (client: ServiceClient): [string, () => Promise<unknown>][] => [
  ['login', () => client.login(KEY)],
  ['getMentions', () => client.getMentions(TOKEN, 5)],
  ['listProjects', () => client.listProjects(TOKEN)],
  ['getProject', () => client.getProject(TOKEN, 5)],
  ['getProjectData', () => client.getProjectData(TOKEN, 5)],
  ['addProject', () => client.addProject(TOKEN, INPUT)],
  ['editProject', () => client.editProject(TOKEN, 5, INPUT)],
  ['removeProject', () => client.removeProject(TOKEN, 5)],
];

afterEach(() => {
  vi.useRealTimers();
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
      await expectKind(client.getMentions(token, 1), 'auth');
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

describe('transport failures', () => {
  it('fetch TypeError → network; the URL (with the token) is not repeated', async () => {
    const fetch = vi.fn(async (url: string) => {
      throw new TypeError(`Failed to fetch ${url}`);
    });
    const client = createServiceClient({ baseUrl: BASE, fetch });
    for (const [, run] of everyMethod(client)) {
      const error = await expectKind(run(), 'network');
      expectClean(error, [TOKEN, KEY, 'app.example.com']);
    }
  });

  it('a body that breaks off while reading → network', async () => {
    const body = new ReadableStream({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('[{"id":1'));
        controller.error(new TypeError('terminated'));
      },
    });
    const client = createServiceClient({ baseUrl: BASE, fetch: async () => new Response(body) });
    await expectKind(client.listProjects(TOKEN), 'network');
  });

  /** A fetch that never answers but honours its signal, as a real one does. */
  const stalledFetch = () =>
    vi.fn(
      (_url: string, init: RequestInit) =>
        new Promise<Response>((_resolve, reject) => {
          init.signal?.addEventListener('abort', () =>
            reject(new DOMException('The operation was aborted.', 'AbortError')),
          );
        }),
    );

  it('no answer within timeoutMs → timeout', async () => {
    const client = createServiceClient({ baseUrl: BASE, fetch: stalledFetch(), timeoutMs: 30 });
    const error = await expectKind(client.getMentions(TOKEN, 1), 'timeout');
    expect(error.message).toBe('The service did not answer in time.');
  });

  it('headers in time but the body stalls → timeout', async () => {
    const fetch = vi.fn(async (_url: string, init: RequestInit) => {
      const body = new ReadableStream({
        start(controller) {
          init.signal?.addEventListener('abort', () =>
            controller.error(new DOMException('aborted', 'AbortError')),
          );
        },
      });
      return new Response(body);
    });
    const client = createServiceClient({ baseUrl: BASE, fetch, timeoutMs: 30 });
    await expectKind(client.listProjects(TOKEN), 'timeout');
  });

  it.each([
    [undefined, DEFAULT_TIMEOUT_MS],
    [0, DEFAULT_TIMEOUT_MS],
    [-5, DEFAULT_TIMEOUT_MS],
    [Number.NaN, DEFAULT_TIMEOUT_MS],
    [5000, 5000],
    [60_000, MAX_TIMEOUT_MS],
  ])('timeoutMs %j gives up after %d ms', async (timeoutMs, expected) => {
    vi.useFakeTimers();
    const client = createServiceClient({ baseUrl: BASE, fetch: stalledFetch(), timeoutMs });
    const outcome = client.listProjects(TOKEN).then(
      () => 'resolved',
      (error: { kind?: string }) => error.kind,
    );
    await vi.advanceTimersByTimeAsync(expected - 1);
    let settled: string | undefined;
    void outcome.then((value) => (settled = value));
    await vi.advanceTimersByTimeAsync(0);
    expect(settled).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect(await outcome).toBe('timeout');
  });
});

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
      clientAnswering('<html><body><h1>Please log in</h1></body></html>').getMentions(TOKEN, 1),
      'bad-reply',
    );
    expect(error.message).toBe('The service sent a web page instead of data.');
  });

  it('PHP warnings before the JSON → bad-reply without the warning', async () => {
    const error = await expectKind(
      clientAnswering(
        '<br />\n<b>Warning</b>: Undefined index in <b>/var/www/api/mention.php</b><br />\n[]',
      ).getMentions(TOKEN, 1),
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
    await expectKind(opaque.getMentions(TOKEN, 1), 'server');
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

describe('reply size limit', () => {
  const CAP = 1000;
  const mentionsOfSize = (bytes: number) => {
    // A JSON array of exactly `bytes` bytes: `[` + one record padded + `]`.
    const head = '[{"id":1,"project_id":5,"title":"';
    const tail = '"}]';
    return head + 'x'.repeat(bytes - head.length - tail.length) + tail;
  };

  it('a Content-Length over the cap → bad-reply "too large", the body not read', async () => {
    let pulled = false;
    // No queue ahead of the reader: pull is called only when someone reads.
    const body = new ReadableStream(
      {
        pull() {
          pulled = true;
        },
      },
      { highWaterMark: 0 },
    );
    const client = createServiceClient({
      baseUrl: BASE,
      maxReplyBytes: CAP,
      fetch: async () => new Response(body, { headers: { 'Content-Length': String(CAP + 1) } }),
    });
    const error = await expectKind(client.getMentions(TOKEN, 5), 'bad-reply');
    expect(error.message).toBe("The service's reply is too large (over 1 kB).");
    expect(pulled).toBe(false);
  });

  it('a body streaming past the cap → bad-reply "too large"', async () => {
    const client = createServiceClient({
      baseUrl: BASE,
      maxReplyBytes: CAP,
      fetch: async () => {
        const text = mentionsOfSize(CAP + 1);
        // Sent in pieces without a length, as a chunked PHP reply is.
        const stream = new ReadableStream({
          start(controller) {
            for (let at = 0; at < text.length; at += 100) {
              controller.enqueue(new TextEncoder().encode(text.slice(at, at + 100)));
            }
            controller.close();
          },
        });
        return new Response(stream);
      },
    });
    await expectKind(client.getMentions(TOKEN, 5), 'bad-reply');
  });

  it('exactly at the cap is read and decoded', async () => {
    const text = mentionsOfSize(CAP);
    expect(new TextEncoder().encode(text).length).toBe(CAP);
    const client = createServiceClient({
      baseUrl: BASE,
      maxReplyBytes: CAP,
      fetch: async () => new Response(text),
    });
    const { mentions } = await client.getMentions(TOKEN, 5);
    expect(mentions).toHaveLength(1);
  });

  it('the default cap is 32 MiB, and no option raises it', async () => {
    const sizes: string[] = [];
    for (const maxReplyBytes of [undefined, 0, -1, Number.NaN, 64 * 1024 * 1024]) {
      const client = createServiceClient({
        baseUrl: BASE,
        maxReplyBytes,
        fetch: async () =>
          new Response('[]', { headers: { 'Content-Length': String(MAX_REPLY_BYTES + 1) } }),
      });
      sizes.push((await expectKind(client.listProjects(TOKEN), 'bad-reply')).message);
    }
    expect(new Set(sizes)).toEqual(new Set(["The service's reply is too large (over 32 MB)."]));
    const atCap = createServiceClient({
      baseUrl: BASE,
      fetch: async () =>
        new Response('[]', { headers: { 'Content-Length': String(MAX_REPLY_BYTES) } }),
    });
    await expect(atCap.listProjects(TOKEN)).resolves.toEqual({ projects: [], skipped: 0 });
  });

  it('an error reply too long to quote is judged by its status alone', async () => {
    const client = createServiceClient({
      baseUrl: BASE,
      fetch: async () =>
        new Response(JSON.stringify({ error: 'Invalid token '.repeat(10_000) }), {
          status: 503,
          headers: { 'Retry-After': '20' },
        }),
    });
    const error = await expectKind(client.listProjects(TOKEN), 'server');
    expect(error.message).toBe('The service had a problem (HTTP 503).');
    expect(error.retryAfterMs).toBe(20_000);
  });

  it('the time limit covers a capped read that stalls', async () => {
    const fetch = vi.fn(async (_url: string, init: RequestInit) => {
      const body = new ReadableStream({
        start(controller) {
          controller.enqueue(new TextEncoder().encode('[{"id":'));
          init.signal?.addEventListener('abort', () =>
            controller.error(new DOMException('aborted', 'AbortError')),
          );
        },
      });
      return new Response(body, { headers: { 'Content-Length': '500' } });
    });
    const client = createServiceClient({ baseUrl: BASE, fetch, timeoutMs: 30, maxReplyBytes: CAP });
    await expectKind(client.getMentions(TOKEN, 1), 'timeout');
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
