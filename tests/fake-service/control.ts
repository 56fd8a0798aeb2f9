// The control API under /__control/: the same switches as the programmatic API, over HTTP, so the
// e2e tests and the demo (in another process) can drive the fake. JSON in, JSON out. Control
// requests are not logged and no fault touches them.

import { isFaultKind } from './faults';
import type { ApiReply } from './api';
import type { FakeService } from './server';
import type { FaultOptions } from './types';

export const CONTROL_PREFIX = '/__control/';

export type ControlTarget = Pick<
  FakeService,
  | 'setFault'
  | 'clearFaults'
  | 'expireTokens'
  | 'addMentions'
  | 'setUtcOffset'
  | 'addAccount'
  | 'log'
  | 'clearLog'
  | 'reset'
> & { snapshot(): unknown };

type Handler = (body: Record<string, unknown>, target: ControlTarget) => unknown;

const ok = { ok: true };

const ROUTES: Record<string, { method: 'GET' | 'POST'; handle: Handler }> = {
  fault: {
    method: 'POST',
    handle: (body, target) => {
      const { kind, ...options } = body;
      if (!isFaultKind(kind)) throw new Error(`kind: unknown fault kind ${JSON.stringify(kind)}`);
      const known = ['count', 'forMs', 'func', 'projectId', 'retryAfter', 'delayMs'];
      const unknown = Object.keys(options).find((key) => !known.includes(key));
      if (unknown) throw new Error(`${unknown}: unknown fault option`);
      target.setFault(kind, options as FaultOptions);
      return ok;
    },
  },
  'clear-faults': { method: 'POST', handle: (_body, target) => (target.clearFaults(), ok) },
  'expire-tokens': { method: 'POST', handle: (_body, target) => (target.expireTokens(), ok) },
  mentions: {
    method: 'POST',
    handle: (body, target) => {
      const projectId = body.project_id;
      const count = body.count ?? 1;
      const spacingMs = body.spacingMs;
      if (typeof projectId !== 'number') throw new Error('project_id: must be a number');
      if (typeof count !== 'number') throw new Error('count: must be a number');
      if (spacingMs !== undefined && typeof spacingMs !== 'number') {
        throw new Error('spacingMs: must be a number');
      }
      return { mentions: target.addMentions(projectId, count, {}, { spacingMs }) };
    },
  },
  clock: {
    method: 'POST',
    handle: (body, target) => {
      const minutes = body.utcOffsetMinutes;
      if (minutes !== null && typeof minutes !== 'number') {
        throw new Error('utcOffsetMinutes: must be a number, or null for the machine zone');
      }
      target.setUtcOffset(minutes ?? undefined);
      return ok;
    },
  },
  account: {
    method: 'POST',
    handle: (body, target) => {
      if (typeof body.apiKey !== 'string') throw new Error('apiKey: must be a string');
      target.addAccount(body.apiKey, { seedData: body.seedData === true });
      return ok;
    },
  },
  log: { method: 'GET', handle: (_body, target) => target.log },
  'clear-log': { method: 'POST', handle: (_body, target) => (target.clearLog(), ok) },
  reset: { method: 'POST', handle: (_body, target) => (target.reset(), ok) },
  state: { method: 'GET', handle: (_body, target) => target.snapshot() },
};

export function handleControl(
  method: string,
  path: string,
  rawBody: string,
  target: ControlTarget,
): ApiReply {
  const name = path.slice(CONTROL_PREFIX.length);
  const route = Object.hasOwn(ROUTES, name) ? ROUTES[name] : undefined;
  if (!route) {
    return {
      status: 404,
      body: { error: `no control route ${name}`, routes: Object.keys(ROUTES) },
    };
  }
  if (method !== route.method) {
    return {
      status: 405,
      body: { error: `${path} takes ${route.method}` },
      headers: { Allow: route.method },
    };
  }
  let body: unknown = {};
  if (rawBody.trim() !== '') {
    try {
      body = JSON.parse(rawBody);
    } catch {
      return { status: 400, body: { error: 'body: not valid JSON' } };
    }
  }
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    return { status: 400, body: { error: 'body: must be a JSON object' } };
  }
  try {
    return { status: 200, body: route.handle(body as Record<string, unknown>, target) };
  } catch (err) {
    return { status: 400, body: { error: err instanceof Error ? err.message : String(err) } };
  }
}
