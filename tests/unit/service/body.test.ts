// The byte cap on reply bodies: refused up front by Content-Length, or while streaming; exactly
// the cap is allowed; the text is the same as Response.text() would give, however it is chunked.

import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import {
  MAX_ERROR_REPLY_BYTES,
  MAX_REPLY_BYTES,
  readBodyCapped,
  ReplyTooLarge,
} from '@/lib/service/body';

const encoder = new TextEncoder();

/** A body sent in the given chunks, recording whether it was cancelled and how far it was read. */
function chunkedBody(chunks: Uint8Array[]) {
  const seen = { pulled: 0, cancelled: false };
  let next = 0;
  const stream = new ReadableStream<Uint8Array>({
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
  });
  return { stream, seen };
}

/** Splits `bytes` at the given (sorted, deduplicated) cut points. */
function cut(bytes: Uint8Array, points: number[]): Uint8Array[] {
  const edges = [0, ...points.filter((p) => p > 0 && p < bytes.length), bytes.length];
  const unique = [...new Set(edges)].sort((a, b) => a - b);
  return unique.slice(1).map((end, i) => bytes.slice(unique[i], end));
}

describe('the caps', () => {
  it('32 MiB for a reply (a whole history fits), 64 KiB for an error reply (only quoted)', () => {
    expect(MAX_REPLY_BYTES).toBe(32 * 1024 * 1024);
    expect(MAX_ERROR_REPLY_BYTES).toBe(64 * 1024);
  });
});

describe('readBodyCapped', () => {
  it('refuses a declared Content-Length over the cap without reading the body', async () => {
    const { stream, seen } = chunkedBody([encoder.encode('x'.repeat(11))]);
    const response = new Response(stream, { headers: { 'Content-Length': '11' } });
    await expect(readBodyCapped(response, 10)).rejects.toBeInstanceOf(ReplyTooLarge);
    expect(seen.pulled).toBe(0);
    expect(seen.cancelled).toBe(true);
  });

  it('refuses a body that streams past the cap, and stops reading it', async () => {
    const chunks = Array.from({ length: 100 }, () => encoder.encode('y'.repeat(4)));
    const { stream, seen } = chunkedBody(chunks);
    // No Content-Length: only the stream can tell.
    await expect(readBodyCapped(new Response(stream), 10)).rejects.toMatchObject({
      name: 'ReplyTooLarge',
      maxBytes: 10,
    });
    expect(seen.pulled).toBeLessThan(10);
    expect(seen.cancelled).toBe(true);
  });

  it('a Content-Length that lies low is caught while streaming', async () => {
    const { stream } = chunkedBody([encoder.encode('z'.repeat(8)), encoder.encode('z'.repeat(8))]);
    const response = new Response(stream, { headers: { 'Content-Length': '8' } });
    await expect(readBodyCapped(response, 10)).rejects.toBeInstanceOf(ReplyTooLarge);
  });

  it('allows exactly the cap, declared or streamed', async () => {
    const text = 'é'.repeat(5); // 10 bytes in UTF-8
    const declared = new Response(text, { headers: { 'Content-Length': '10' } });
    await expect(readBodyCapped(declared, 10)).resolves.toBe(text);
    const bytes = encoder.encode(text);
    const { stream } = chunkedBody(cut(bytes, [1, 3, 7]));
    await expect(readBodyCapped(new Response(stream), 10)).resolves.toBe(text);
    await expect(readBodyCapped(new Response(text), 9)).rejects.toBeInstanceOf(ReplyTooLarge);
  });

  it('counts bytes, not characters', async () => {
    // 4 characters, 16 bytes.
    await expect(readBodyCapped(new Response('😀😀😀😀'), 15)).rejects.toBeInstanceOf(
      ReplyTooLarge,
    );
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
    await expect(readBodyCapped(new Response(stream), 1000)).rejects.toThrow('terminated');
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
            expect('error' in outcome && outcome.error instanceof ReplyTooLarge).toBe(true);
            // Never read further than the chunk that passed the cap.
            expect(seen.cancelled).toBe(true);
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});
