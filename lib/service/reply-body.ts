// Reading a reply's body with a byte cap. docs/service/api.md shows no paging, so one project's
// getMentions reply may hold its whole history (docs/service/notes.md, "reply sizes"); a body is
// still remote input, and one without bounds could take the worker's memory down with it.

/**
 * A caller's bound on large replies held at once (lib/sync/poll-fetch.ts): once a 2xx body is known
 * to pass `bytes`, from Content-Length or while streaming, reading stops until `admit()` resolves.
 * The wait is the caller's, not the service's: the time limit stops while it lasts and starts anew.
 */
export interface LargeReply {
  bytes: number;
  admit(): Promise<void>;
}

/**
 * The most bytes of one reply we read: 32 MiB.
 *
 * Why this number: it holds tens of thousands of records, a project's whole history of years,
 * far above what anyone reads in a toolbar; and it fits a real worker: the body is decoded as it
 * streams (no second copy in bytes), and a poll holds one large reply at a time (LargeReply,
 * lib/sync/poll-fetch.ts), well within the heap of an extension service worker.
 * docs/service/notes.md, "Reply sizes", has the sizing.
 */
export const MAX_REPLY_BYTES = 32 * 1024 * 1024;

/**
 * An error reply (non-2xx) is read only for its message, of which at most 200 characters are ever
 * quoted: more than this is not read, and the failure is judged by its status alone.
 */
export const MAX_ERROR_REPLY_BYTES = 64 * 1024;

/** The body had more than `maxBytes` bytes (said so up front, or found while streaming). */
export class ReplyTooLarge extends Error {
  constructor(readonly maxBytes: number) {
    // Never shown: the client turns it into a ServiceError with the catalogue's words.
    super('reply-too-large');
    this.name = 'ReplyTooLarge';
  }
}

function cancelQuietly(cancel: (() => Promise<void>) | undefined): void {
  // Cancelling tells the network to stop sending; whether it manages to is not our concern.
  cancel?.().catch(() => undefined);
}

/**
 * The body as UTF-8 text (a leading byte order mark dropped, as Response.text() does), or
 * ReplyTooLarge as soon as it is known to pass `maxBytes`: from Content-Length before anything is
 * read, or while streaming (a missing or lying Content-Length, a compressed body, which streams
 * out larger than the length it declared). Exactly `maxBytes` is allowed. Read errors (abort on
 * timeout, a broken connection) reject as they come; the caller tells them apart.
 */
export async function readBodyCapped(
  response: Response,
  maxBytes: number,
  large?: LargeReply,
): Promise<string> {
  const declared = Number(response.headers.get('Content-Length') ?? '');
  const body = response.body;
  if (Number.isFinite(declared) && declared > maxBytes) {
    cancelQuietly(body ? () => body.cancel() : undefined);
    throw new ReplyTooLarge(maxBytes);
  }
  if (!body) return '';
  let admitted = false;
  const admitLarge = async (bytes: number) => {
    if (admitted || !large || !(bytes > large.bytes)) return;
    admitted = true;
    await large.admit();
  };
  await admitLarge(declared);

  const reader = body.getReader();
  // Decoded chunk by chunk, so the bytes are not held alongside the text (`stream` keeps a
  // character split across two chunks whole).
  const decoder = new TextDecoder('utf-8');
  const parts: string[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      cancelQuietly(() => reader.cancel());
      throw new ReplyTooLarge(maxBytes);
    }
    parts.push(decoder.decode(value, { stream: true }));
    await admitLarge(total);
  }
  parts.push(decoder.decode());
  return parts.join('');
}
