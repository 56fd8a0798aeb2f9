// One API request from socket to reply: parse, log, apply the fault switches around the real
// handler, send. The order of the faults models where each goes wrong in a real stack: a slow
// network first, then the web server (HTML 500, rate limit), then the app (token, data), then the
// output on its way out (wrapping, number types, truncation). html500 and rateLimit answer for the
// web server and end the request: the script never runs and no later fault applies.

import type { IncomingMessage, ServerResponse } from 'node:http';
import { authError, funcOf, keyError, LOGIN_PATH, routeApi, type ApiReply } from './api';
import {
  containsNumber,
  FaultSwitches,
  FORBIDDEN_BODY,
  HTML_500_BODY,
  UNAVAILABLE_BODY,
  numbersToStrings,
  truncateJson,
  withBadRecords,
  wrapArray,
} from './faults';
import {
  HTML_TYPE,
  headersOf,
  isFormContentType,
  JSON_TYPE,
  parseFields,
  parseTarget,
  readBody,
  send,
} from './http-util';
import type { ServiceState } from './state';
import type { RequestLogEntry } from './types';

export interface PipelineContext {
  state: ServiceState;
  faults: FaultSwitches;
  log: RequestLogEntry[];
  now: () => Date;
  /** Resolves after ms, or early when the service closes. */
  sleep: (ms: number) => Promise<void>;
}

export async function handleApiRequest(
  req: IncomingMessage,
  res: ServerResponse,
  ctx: PipelineContext,
): Promise<void> {
  const { path, rawQuery, query } = parseTarget(req.url);
  const { text: rawBody, tooLarge } = await readBody(req);
  const contentType = req.headers['content-type'] ?? null;
  const form = isFormContentType(contentType) && rawBody !== '' ? parseFields(rawBody) : null;
  const method = req.method ?? 'GET';
  const func = funcOf(path, query);

  const entry: RequestLogEntry = {
    time: new Date().toISOString(),
    method,
    path,
    func,
    query,
    body: form,
    contentType,
    status: 0,
    rawQuery,
    rawBody,
    headers: headersOf(req),
    faults: [],
  };
  ctx.log.push(entry);
  const finish = (status: number, type: string, body: string, headers?: Record<string, string>) => {
    entry.status = status;
    send(res, status, type, body, headers);
  };

  if (tooLarge) {
    finish(413, JSON_TYPE, JSON.stringify({ status: 'error', message: 'body: too large' }));
    return;
  }

  const { faults } = ctx;
  const slow = faults.take('slow', func);
  if (slow) {
    entry.faults.push('slow');
    await ctx.sleep(slow.delayMs);
  }
  if (faults.take('html500', func)) {
    entry.faults.push('html500');
    finish(500, HTML_TYPE, HTML_500_BODY);
    return;
  }
  // No Retry-After: an outage of the app behind a healthy web server says nothing about its end.
  if (faults.take('unavailable', func, query.project_id)) {
    entry.faults.push('unavailable');
    finish(503, JSON_TYPE, JSON.stringify(UNAVAILABLE_BODY));
    return;
  }
  if (faults.take('forbidden', func, query.project_id)) {
    entry.faults.push('forbidden');
    finish(403, JSON_TYPE, JSON.stringify(FORBIDDEN_BODY));
    return;
  }
  const rateLimit = faults.take('rateLimit', func);
  if (rateLimit) {
    entry.faults.push('rateLimit');
    const body = JSON.stringify({ status: 'error', message: 'Too many requests' });
    finish(429, JSON_TYPE, body, { 'Retry-After': rateLimit.retryAfter });
    return;
  }

  const reply =
    rejectToken(path, query, form, ctx, entry) ??
    routeApi({ method, path, query, form, rawBody }, ctx.state, ctx.now());
  const { status, body, headers } = transformReply(reply, func, ctx.faults, entry);

  let text = JSON.stringify(body);
  if (faults.take('malformedJson', func)) {
    entry.faults.push('malformedJson');
    text = truncateJson(text);
  }
  finish(status, JSON_TYPE, text, headers);
}

/**
 * rejectToken: a valid token refused, as when the server drops sessions early. Unscoped, it acts
 * on requests that carry a valid token; login (which has none) is only affected when the fault is
 * scoped to func "login", and then a valid key is refused.
 */
function rejectToken(
  path: string,
  query: Record<string, string>,
  form: Record<string, string> | null,
  ctx: PipelineContext,
  entry: RequestLogEntry,
): ApiReply | undefined {
  if (path === LOGIN_PATH) {
    const fault = ctx.faults.find('rejectToken', 'login');
    if (!fault || fault.func !== 'login' || !form?.key || !ctx.state.hasAccount(form.key)) return;
    ctx.faults.spend(fault);
    entry.faults.push('rejectToken');
    return keyError();
  }
  if (!Object.hasOwn(query, 'token') || ctx.state.accountOf(query.token) === undefined) return;
  if (!ctx.faults.take('rejectToken', entry.func)) return;
  entry.faults.push('rejectToken');
  return authError();
}

/** The faults that change the reply's content; each spends its count only if it changed it. */
function transformReply(
  reply: ApiReply,
  func: string | null,
  faults: FaultSwitches,
  entry: RequestLogEntry,
): ApiReply {
  let { status, body } = reply;
  const apply = (kind: Parameters<FaultSwitches['take']>[0], applicable: boolean): boolean => {
    if (!applicable || !faults.take(kind, func)) return false;
    entry.faults.push(kind);
    return true;
  };

  if (func === 'listProjects' && status === 200 && Array.isArray(body)) {
    for (const fault of faults.takeAll('shrunkList', func)) {
      entry.faults.push('shrunkList');
      const gone = fault.projectId;
      body = (body as unknown[]).filter(
        (project) =>
          gone !== undefined && (project as { project_id?: unknown }).project_id !== gone,
      );
    }
  }
  // On the project list only when asked for by name: most tests mean the mentions.
  const badList = func === 'listProjects' && faults.find('badRecords', func)?.func === func;
  if (
    apply(
      'badRecords',
      (func === 'getMentions' || badList) && status === 200 && Array.isArray(body),
    )
  ) {
    body = withBadRecords(body as unknown[]);
  }
  if (apply('errorAs200', status >= 400)) {
    const value = body as { message?: unknown; error?: unknown };
    body = { status: 'error', message: value.message ?? value.error };
    status = 200;
  }
  if (apply('wrapped', Array.isArray(body))) body = wrapArray(func, body as unknown[]);
  if (apply('numbersAsStrings', containsNumber(body))) body = numbersToStrings(body);
  return { status, body, headers: reply.headers };
}
