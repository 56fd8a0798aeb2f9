// Real-looking websites for "monitor this site": with Chromium's `--host-resolver-rules` mapping
// `*.test` to 127.0.0.1, http://acme.test:PORT/ reaches this server, which answers any `.test` host
// outside /api/ with a small page of that site. The demo and the e2e tests browse to them.
import type { IncomingMessage, ServerResponse } from 'node:http';

const KNOWN_SITES: Record<string, { title: string; tagline: string }> = {
  'acme.test': {
    title: 'Acme — cargo e-bikes for the city',
    tagline: 'Bikes that carry the shopping.',
  },
  'globex.test': { title: 'Globex Volt e-bikes', tagline: 'Fast, light and electric.' },
  'initech.test': { title: 'Initech fleet services', tagline: 'Delivery fleets, managed.' },
};

function hostOf(req: IncomingMessage): string {
  return (req.headers.host ?? '').replace(/:\d+$/, '').toLowerCase();
}

export function isSampleSiteRequest(req: IncomingMessage, path: string): boolean {
  return (
    req.method === 'GET' &&
    hostOf(req).endsWith('.test') &&
    !path.startsWith('/api/') &&
    !path.startsWith('/__control')
  );
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export function sendSampleSite(req: IncomingMessage, res: ServerResponse): void {
  const host = hostOf(req);
  const name = host.replace(/\.test$/, '');
  const site = KNOWN_SITES[host] ?? {
    title: `${name[0]?.toUpperCase() ?? ''}${name.slice(1)} — a sample site`,
    tagline: 'A page to try "Monitor this site" on.',
  };
  const body = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(site.title)}</title></head>
<body><main><h1>${escapeHtml(site.title)}</h1><p>${escapeHtml(site.tagline)}</p>
<p>Open Mention Monitor from the toolbar to monitor this site.</p></main></body></html>`;
  res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
  res.end(body);
}
