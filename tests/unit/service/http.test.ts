// The byte cap on reply bodies, seen through send: refused up front by Content-Length, or while
// streaming; exactly the cap is allowed; the text is the same as Response.text() would give,
// however it is chunked.

import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { isServiceError } from '@/lib/service/errors';
import { send } from '@/lib/service/http';
import { MAX_REPLY_BYTES } from '@/lib/service/reply-body';

const encoder = new TextEncoder();

/** `response`'s body as send reads it under a cap of `maxBytes` (a body over it is 'bad-reply'). */
const readBodyCapped = (response: Response, maxBytes: number) =>
  send(
    { fetch: async () => response, timeoutMs: 60_000, now: Date.now, maxReplyBytes: maxBytes },
    { method: 'GET', url: new URL('https://app.example.com/api/x'), secrets: [], during: 'call' },
  );

/** What send rejects with for a body over the cap. */
const TOO_LARGE = { name: 'ServiceError', kind: 'bad-reply' };
const isTooLarge = (error: unknown) => isServiceError(error, 'bad-reply');

/** The message of the failure a 500 reply with this body gives. */
async function errorReplyMessage(body: string): Promise<string> {
  const response = new Response(body, { status: 500 });
  const error: unknown = await readBodyCapped(response, MAX_REPLY_BYTES).catch((e) => e);
  return isServiceError(error) ? error.message : 'not a ServiceError';
}

/** A body sent in the given chunks, recording whether it was cancelled and how far it was read. */
function chunkedBody(chunks: Uint8Array[]) {
  const seen = { pulled: 0, cancelled: false };
  let next = 0;
  const stream = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (next >= chunks.length) {
          controller.close();
          return;
        }
        seen.pulled += 1;
        controller.enqueue(chunks[next++]);
      },
      cancel() {
        seen.cancelled = true;
      },
      // Nothing is pulled before the reader asks: `pulled` counts what was read.
    },
    { highWaterMark: 0 },
  );
  return { stream, seen };
}

/** Splits `bytes` at the given (sorted, deduplicated) cut points. */
function cut(bytes: Uint8Array, points: number[]): Uint8Array[] {
  const edges = [0, ...points.filter((p) => p > 0 && p < bytes.length), bytes.length];
  const unique = [...new Set(edges)].sort((a, b) => a - b);
  return unique.slice(1).map((end, i) => bytes.slice(unique[i], end));
}

describe('the caps', () => {
  it('32 MiB for a reply (a whole history fits), 64 KiB for an error reply (only quoted)', async () => {
    expect(MAX_REPLY_BYTES).toBe(32 * 1024 * 1024);
    // An error reply is read for its message up to 64 KiB; past that, its status alone speaks.
    const reply = '{"error":"Quota"}';
    const padded = (bytes: number) => reply + ' '.repeat(bytes - reply.length);
    expect(await errorReplyMessage(padded(64 * 1024))).toContain('Quota');
    expect(await errorReplyMessage(padded(64 * 1024 + 1))).not.toContain('Quota');
  });
});

describe('readBodyCapped', () => {
  it('refuses a declared Content-Length over the cap without reading the body', async () => {
    const { stream, seen } = chunkedBody([encoder.encode('x'.repeat(11))]);
    const response = new Response(stream, { headers: { 'Content-Length': '11' } });
    await expect(readBodyCapped(response, 10)).rejects.toMatchObject(TOO_LARGE);
    expect(seen.pulled).toBe(0);
    expect(seen.cancelled).toBe(true);
  });

  it('refuses a body that streams past the cap, and stops reading it', async () => {
    const chunks = Array.from({ length: 100 }, () => encoder.encode('y'.repeat(4)));
    const { stream, seen } = chunkedBody(chunks);
    // No Content-Length: only the stream can tell.
    await expect(readBodyCapped(new Response(stream), 10)).rejects.toMatchObject(TOO_LARGE);
    expect(seen.pulled).toBeLessThan(10);
    expect(seen.cancelled).toBe(true);
  });

  it('a Content-Length that lies low is caught while streaming', async () => {
    const { stream } = chunkedBody([encoder.encode('z'.repeat(8)), encoder.encode('z'.repeat(8))]);
    const response = new Response(stream, { headers: { 'Content-Length': '8' } });
    await expect(readBodyCapped(response, 10)).rejects.toMatchObject(TOO_LARGE);
  });

  it('allows exactly the cap, declared or streamed', async () => {
    const text = 'é'.repeat(5); // 10 bytes in UTF-8
    const declared = new Response(text, { headers: { 'Content-Length': '10' } });
    await expect(readBodyCapped(declared, 10)).resolves.toBe(text);
    const bytes = encoder.encode(text);
    const { stream } = chunkedBody(cut(bytes, [1, 3, 7]));
    await expect(readBodyCapped(new Response(stream), 10)).resolves.toBe(text);
    await expect(readBodyCapped(new Response(text), 9)).rejects.toMatchObject(TOO_LARGE);
  });

  it('counts bytes, not characters', async () => {
    // 4 characters, 16 bytes.
    await expect(readBodyCapped(new Response('😀😀😀😀'), 15)).rejects.toMatchObject(TOO_LARGE);
    await expect(readBodyCapped(new Response('😀😀😀😀'), 16)).resolves.toBe('😀😀😀😀');
  });

  it('no body is the empty text; a byte order mark is dropped as Response.text() does', async () => {
    await expect(readBodyCapped(new Response(null, { status: 204 }), 10)).resolves.toBe('');
    const withBom = new Uint8Array([0xef, 0xbb, 0xbf, ...encoder.encode('[]')]);
    await expect(readBodyCapped(new Response(withBom), 10)).resolves.toBe('[]');
  });

  it('passes a read error on as it came (the caller tells a timeout from a broken connection)', async () => {
    const stream = new ReadableStream({
      start(controller) {
        controller.enqueue(encoder.encode('[{"id":1'));
        controller.error(new TypeError('terminated'));
      },
    });
    // Not the time limit, so a broken connection: 'network'.
    await expect(readBodyCapped(new Response(stream), 1000)).rejects.toMatchObject({
      kind: 'network',
    });
  });

  it('ignores a Content-Length that is not a number', async () => {
    // As a server might send it (a Response made here would not let us set it so).
    const response = new Response('[]');
    vi.spyOn(response.headers, 'get').mockReturnValue('lots');
    await expect(readBodyCapped(response, 10)).resolves.toBe('[]');
  });

  it('property: any text, any chunking: the text when within the cap, ReplyTooLarge when over', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.string({ unit: 'grapheme', maxLength: 60 }),
        fc.array(fc.nat({ max: 300 }), { maxLength: 8 }),
        fc.nat({ max: 300 }),
        fc.boolean(),
        async (text, points, cap, declare) => {
          const bytes = encoder.encode(text);
          const { stream, seen } = chunkedBody(cut(bytes, points));
          const headers = declare ? { 'Content-Length': String(bytes.length) } : undefined;
          const outcome = await readBodyCapped(new Response(stream, { headers }), cap).then(
            (value) => ({ value }),
            (error: unknown) => ({ error }),
          );
          if (bytes.length <= cap) {
            expect(outcome).toEqual({ value: await new Response(bytes).text() });
          } else {
            expect('error' in outcome && isTooLarge(outcome.error)).toBe(true);
            // Never read further than the chunk that passed the cap.
            expect(seen.cancelled).toBe(true);
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('a large reply', () => {
  /** send with a caller's bound on large replies: past `bytes`, reading waits for `admit`. */
  function sendLarge(response: Response, bytes: number, timeoutMs = 60_000) {
    let admit = () => {};
    const asked = { times: 0 };
    const turn = new Promise<void>((resolve) => (admit = resolve));
    const text = send(
      { fetch: async () => response, timeoutMs, now: Date.now, maxReplyBytes: 100 },
      {
        method: 'GET',
        url: new URL('https://app.example.com/api/x'),
        secrets: [],
        during: 'call',
        large: {
          bytes,
          admit: () => {
            asked.times += 1;
            return turn;
          },
        },
      },
    );
    return { text, asked, admit: () => admit() };
  }

  /** Lets every pending step run (the stream, the reads), with no timer involved. */
  const settle = async () => {
    for (let i = 0; i < 20; i++) await Promise.resolve();
  };

  it('reads no further once it streams past the large size until its turn comes', async () => {
    const { stream, seen } = chunkedBody(['ab', 'cd', 'ef', 'gh'].map((s) => encoder.encode(s)));
    const { text, asked, admit } = sendLarge(new Response(stream), 3);
    await settle();
    // 4 bytes read (over 3): the reply waits for its turn, asked for once.
    expect(seen.pulled).toBe(2);
    expect(asked.times).toBe(1);
    admit();
    await expect(text).resolves.toBe('abcdefgh');
    expect(asked.times).toBe(1);
  });

  it('waits before reading anything when its Content-Length says it is large', async () => {
    const { stream, seen } = chunkedBody([encoder.encode('[1,2,3]')]);
    const response = new Response(stream, { headers: { 'Content-Length': '7' } });
    const { text, asked, admit } = sendLarge(response, 3);
    await settle();
    expect([seen.pulled, asked.times]).toEqual([0, 1]);
    admit();
    await expect(text).resolves.toBe('[1,2,3]');
  });

  it('does not count the wait for its turn against the time limit', async () => {
    vi.useFakeTimers();
    try {
      const { stream } = chunkedBody(['ab', 'cd'].map((s) => encoder.encode(s)));
      const { text, asked, admit } = sendLarge(new Response(stream), 1, 1_000);
      await settle();
      expect(asked.times).toBe(1);
      // Far past the limit while waiting: the service is not slow, the turn is.
      await vi.advanceTimersByTimeAsync(5_000);
      admit();
      await expect(text).resolves.toBe('abcd');
    } finally {
      vi.useRealTimers();
    }
  });

  it('is not asked of a small reply, nor of an error reply', async () => {
    const small = sendLarge(new Response('[1]'), 3);
    await expect(small.text).resolves.toBe('[1]');
    const failed = sendLarge(new Response('{"error":"a long enough message"}', { status: 500 }), 3);
    await expect(failed.text).rejects.toMatchObject({ kind: 'server' });
    expect([small.asked.times, failed.asked.times]).toEqual([0, 0]);
  });
});
