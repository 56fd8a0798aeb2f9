// Small helpers over node:http. Replies carry no CORS headers on purpose: with
// Access-Control-Allow-Origin a fetch from the extension would succeed without host permission
// and hide permission bugs.

import type { IncomingMessage, ServerResponse } from 'node:http';

export const MAX_BODY_BYTES = 1024 * 1024;

export interface ParsedTarget {
  path: string;
  rawQuery: string;
  /** Last value wins for a repeated name, as in PHP's $_GET. */
  query: Record<string, string>;
}

export function parseTarget(url: string | undefined): ParsedTarget {
  const target = url ?? '/';
  const mark = target.indexOf('?');
  const path = mark === -1 ? target : target.slice(0, mark);
  const rawQuery = mark === -1 ? '' : target.slice(mark + 1);
  return { path, rawQuery, query: parseFields(rawQuery) };
}

/** application/x-www-form-urlencoded (or a query string) into fields, last value winning. */
export function parseFields(text: string): Record<string, string> {
  // A null-prototype object: a field named __proto__ or constructor stays a plain field.
  const fields: Record<string, string> = Object.create(null);
  for (const [name, value] of new URLSearchParams(text)) fields[name] = value;
  return { ...fields };
}

export function isFormContentType(contentType: string | null): boolean {
  return (
    contentType !== null &&
    contentType.split(';')[0].trim().toLowerCase() === 'application/x-www-form-urlencoded'
  );
}

/** The body as text; `tooLarge` when it passed the limit (the rest is read and dropped). */
export function readBody(req: IncomingMessage): Promise<{ text: string; tooLarge: boolean }> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let tooLarge = false;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) tooLarge = true;
      else chunks.push(chunk);
    });
    const done = (): void => resolve({ text: Buffer.concat(chunks).toString('utf8'), tooLarge });
    req.on('end', done);
    req.on('error', done);
    req.on('aborted', done);
  });
}

export function headersOf(req: IncomingMessage): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return headers;
}

/** Writes a reply unless the client has gone (an aborted fetch must not crash the server). */
export function send(
  res: ServerResponse,
  status: number,
  contentType: string,
  body: string,
  headers: Record<string, string> = {},
): void {
  if (res.headersSent || res.destroyed) return;
  res.writeHead(status, {
    'Content-Type': contentType,
    'Content-Length': Buffer.byteLength(body),
    ...headers,
  });
  res.end(body);
}

export const JSON_TYPE = 'application/json';
export const HTML_TYPE = 'text/html; charset=UTF-8';

export function sendJson(
  res: ServerResponse,
  status: number,
  value: unknown,
  headers?: Record<string, string>,
): void {
  send(res, status, JSON_TYPE, JSON.stringify(value), headers);
}
