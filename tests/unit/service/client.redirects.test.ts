// Redirects over real HTTP: a service that answers the login (or a call) with a redirect to
// another origin never receives the key (or the token) there. Two small servers: ours, which
// redirects, and another, which records whatever reaches it.

import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createServiceClient } from '@/lib/service/client';
import { expectClean, expectKind, getMentions } from '../support/service-client';

const KEY = 'key_redirect_0123456789';
const TOKEN = 'tok_redirect_9876543210';

interface Seen {
  method: string;
  url: string;
  body: string;
}

async function listen(
  handler: (req: IncomingMessage, body: string) => [number, Record<string, string>, string],
) {
  const seen: Seen[] = [];
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      seen.push({ method: req.method ?? '', url: req.url ?? '', body });
      const [status, headers, text] = handler(req, body);
      res.writeHead(status, headers).end(text);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    seen,
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

let other: Awaited<ReturnType<typeof listen>>;
let ours: Awaited<ReturnType<typeof listen>>;
let redirectStatus = 307;

beforeAll(async () => {
  other = await listen(() => [200, { 'Content-Type': 'application/json' }, `{"token":"stolen"}`]);
  // Localhost on another port is another origin, as another host would be.
  ours = await listen((req) => [
    redirectStatus,
    // Keeps the path and query, as an http->https or moved-host redirect does.
    { Location: `${other.url}${req.url ?? '/'}` },
    '',
  ]);
});
afterAll(async () => {
  await Promise.all([ours.close(), other.close()]);
});
beforeEach(() => {
  ours.seen.length = 0;
  other.seen.length = 0;
});

describe('over HTTP', () => {
  it.each([301, 302, 303, 307, 308])(
    'a login redirected (%d) to another origin: the key reaches only ours',
    async (status) => {
      redirectStatus = status;
      const client = createServiceClient({ baseUrl: ours.url });
      const error = await expectKind(client.login(KEY), 'server');
      expect(error.message).toBe(
        'The service redirected the sign-in elsewhere; check the address.',
      );
      expect(error.status).toBe(status);
      expectClean(error, [KEY, other.url]);
      expect(ours.seen).toEqual([{ method: 'POST', url: '/api/login.php', body: `key=${KEY}` }]);
      expect(other.seen).toEqual([]);
    },
  );

  it('a call redirected to another origin: the token reaches only ours', async () => {
    redirectStatus = 308;
    const client = createServiceClient({ baseUrl: ours.url });
    const error = await expectKind(getMentions(client, TOKEN, 4), 'server');
    expect(error.message).toBe('The service redirected the request elsewhere; check the address.');
    expectClean(error, [TOKEN, other.url]);
    expect(ours.seen).toHaveLength(1);
    expect(ours.seen[0].url).toContain(`token=${TOKEN}`);
    expect(other.seen).toEqual([]);
  });
});
