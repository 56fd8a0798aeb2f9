// The wire under callBackground (call-background.ts), which is what pages call. Pages send in
// @webext-core/messaging's wire format, `{ id, type, data, timestamp }` out and `{ res }` or
// `{ err }` back, which the background answers (listen.ts), and as that library's sendMessage does:
// through the callback form of chrome.runtime.sendMessage, so a message that cannot be delivered (the
// worker failed to start) rejects with the browser's own words. The library itself cost the pages' shared
// chunk about 1.3 KB gzipped, mostly for receiving, which pages never do.
import type { Command } from '@/lib/messaging/protocol';

let nextId = Math.floor(Math.random() * 1e4);

/**
 * Sends a command; resolves with the answer as it came (undefined when nothing answered), rejects
 * when it could not be delivered or the background answered with an error.
 */
export async function sendMessage(type: Command, data: unknown): Promise<unknown> {
  const message = { id: nextId++, type, data, timestamp: Date.now() };
  const reply = await new Promise<{ res?: unknown; err?: { message?: string } } | undefined>(
    (resolve, reject) =>
      chrome.runtime.sendMessage(message, (response) => {
        const failure = chrome.runtime.lastError;
        if (failure) reject(new Error(failure.message));
        else resolve(response);
      }),
  );
  if (reply?.err != null) throw new Error(reply.err.message);
  return reply?.res;
}
