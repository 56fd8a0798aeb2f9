import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { request } from 'node:http';
import { startFakeService, type FakeService } from '../../fake-service/server';

let svc: FakeService;
beforeAll(async () => {
  svc = await startFakeService({ port: 0 });
});
afterAll(async () => {
  await svc.close();
});

/** A GET with a Host header of our choosing, as a browser mapping *.test to loopback sends it. */
function get(host: string, path: string): Promise<{ status: number; type: string; body: string }> {
  const { port } = new URL(svc.url);
  return new Promise((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port, path, headers: { host: `${host}:${port}` } },
      (res) => {
        let body = '';
        res.on('data', (chunk) => (body += chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, type: String(res.headers['content-type']), body }),
        );
      },
    );
    req.on('error', reject);
    req.end();
  });
}

describe('the sample sites', () => {
  it('serve a page with the site title for a .test host', async () => {
    const page = await get('acme.test', '/');
    expect(page.status).toBe(200);
    expect(page.type).toMatch(/text\/html/);
    expect(page.body).toContain('<title>Acme — cargo e-bikes for the city</title>');
  });

  it('name unknown .test hosts after themselves, escaped', async () => {
    const page = await get('initrode.test', '/about');
    expect(page.body).toContain('<title>Initrode — a sample site</title>');
  });

  it('leave the API to the API on the same host', async () => {
    const reply = await get('acme.test', '/api/project.php?func=listProjects');
    expect(reply.status).toBe(401);
    expect(reply.type).toMatch(/json/);
  });
});
