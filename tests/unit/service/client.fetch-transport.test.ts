// The client with an injected fetch, failures that need a fetch we control: network errors,
// bodies that break off, stalls and the time limit, and the reply size limit.

import { afterEach, describe, expect, it, vi } from 'vitest';
import { createServiceClient } from '@/lib/service/client';
import { MAX_REPLY_BYTES } from '@/lib/service/reply-body';
import { expectClean, expectKind, getMentions } from '../support/service-client';
import { BASE, KEY, TOKEN, everyMethod } from '../support/client-fetch';

/** The client's time limits: 20 s by default, never past 25 s (an MV3 worker's fetch may wait 30 s). */
const DEFAULT_TIMEOUT_MS = 20_000;
const MAX_TIMEOUT_MS = 25_000;

afterEach(() => {
  vi.useRealTimers();
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
    const error = await expectKind(getMentions(client, TOKEN, 1), 'timeout');
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
    const error = await expectKind(getMentions(client, TOKEN, 5), 'bad-reply');
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
    await expectKind(getMentions(client, TOKEN, 5), 'bad-reply');
  });

  it('exactly at the cap is read and decoded', async () => {
    const text = mentionsOfSize(CAP);
    expect(new TextEncoder().encode(text).length).toBe(CAP);
    const client = createServiceClient({
      baseUrl: BASE,
      maxReplyBytes: CAP,
      fetch: async () => new Response(text),
    });
    const { mentions } = await getMentions(client, TOKEN, 5);
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
    await expectKind(getMentions(client, TOKEN, 1), 'timeout');
  });
});
