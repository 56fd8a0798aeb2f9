// The typed client of the service API (docs/service/api.md). Requests are built exactly as the
// contract says: `token` and `func` in the query string, POST bodies form-urlencoded, all against
// the configured origin. Every method resolves to a decoded value or rejects with a ServiceError.
//
// The client never logs in by itself; see withReauth (connection.ts) for the session rule.

import { t } from '@/lib/i18n';
import { encodeProjectForm } from '@/lib/projects/encode';
import type { ProjectInput, ServiceProject } from '@/lib/projects/types';
import { normalizeServiceUrl, decodeLoginReply, isUsableToken } from '@/lib/service/connection';
import { send, parseJsonReply, type FetchLike, type HttpOptions } from '@/lib/service/http';
import { MAX_REPLY_BYTES, type LargeReply } from '@/lib/service/reply-body';
import { isServiceError, ServiceError } from '@/lib/service/errors';
import { flattenProjectData, type ProjectDataRow } from '@/lib/service/project-data';
import {
  decodeAddReply,
  decodeProjectList,
  mentionRecords,
  decodeProjectReply,
} from '@/lib/service/replies';

const DEFAULT_TIMEOUT_MS = 20_000;
/** Under the 30 s an MV3 service worker may wait on a fetch before it can be stopped. */
const MAX_TIMEOUT_MS = 25_000;

interface ServiceClientOptions {
  /** The service address as configured; normalized here (see normalizeServiceUrl). */
  baseUrl: string | null | undefined;
  fetch?: FetchLike | typeof fetch;
  /** Per request, body included. Default 20 s, at most 25 s. */
  timeoutMs?: number;
  /** The clock for Retry-After dates. */
  now?: () => number;
  /**
   * Secrets no error may contain, whatever the call: the session hands the API key here, so a
   * service that echoes the key in a getMentions error cannot put it into stored status. Kept for
   * the client's life (the key and tokens a call carries are added as they are used).
   */
  secrets?: readonly (string | undefined)[];
  /** The most bytes a reply may have; default (and at most) MAX_REPLY_BYTES. For tests. */
  maxReplyBytes?: number;
}

export interface ServiceClient {
  /** The origin requests go to, or undefined when the address is missing or invalid. */
  readonly origin: string | undefined;
  login(apiKey: string): Promise<string>;
  /**
   * getMentions' records as sent: the poll decodes those its store does not settle
   * (lib/mentions/merge.ts); getMentions below reads them all. `large`: how a reply past its
   * size waits for its turn (reply-body.ts, LargeReply).
   */
  getMentionRecords(token: string, projectId: number, large?: LargeReply): Promise<unknown[]>;
  listProjects(token: string): Promise<{ projects: ServiceProject[]; skipped: number }>;
  getProject(token: string, projectId: number): Promise<ServiceProject>;
  addProject(token: string, input: ProjectInput): Promise<{ projectId?: number }>;
  editProject(token: string, projectId: number, input: ProjectInput): Promise<void>;
  removeProject(token: string, projectId: number): Promise<void>;
  getProjectData(token: string, projectId: number): Promise<{ rows: ProjectDataRow[] }>;
}

type Script = 'mention.php' | 'project.php';

const MAX_REMEMBERED_SECRETS = 8;

function clampTimeout(ms: number | undefined): number {
  if (ms === undefined || !Number.isFinite(ms) || ms <= 0) return DEFAULT_TIMEOUT_MS;
  return Math.min(ms, MAX_TIMEOUT_MS);
}

function clampReplyBytes(bytes: number | undefined): number {
  if (bytes === undefined || !Number.isFinite(bytes) || bytes <= 0) return MAX_REPLY_BYTES;
  return Math.min(Math.floor(bytes), MAX_REPLY_BYTES);
}

function checkToken(token: unknown): string {
  // No token (or a damaged one) is the same situation as an expired one: the session layer logs
  // in and retries, so it is reported as 'auth' without a round trip.
  if (!isUsableToken(token)) throw new ServiceError('auth', t('errorNotLoggedIn'));
  return token;
}

function checkProjectId(projectId: unknown): string {
  if (typeof projectId !== 'number' || !Number.isSafeInteger(projectId) || projectId < 0) {
    throw new ServiceError('invalid-input', t('errorNotAProjectId'), { field: 'project_id' });
  }
  return String(projectId);
}

function encodeInput(input: ProjectInput): URLSearchParams {
  try {
    return encodeProjectForm(input);
  } catch {
    throw new ServiceError('invalid-input', t('errorProjectNotSendable'));
  }
}

/** How the worker's client calls: the browser's fetch and clock, the default limits. */
const BROWSER_HTTP: HttpOptions = {
  // Called as a plain function: window.fetch invoked as a method of another object throws
  // "Illegal invocation" in browsers.
  fetch: (url, init) => globalThis.fetch(url, init),
  timeoutMs: DEFAULT_TIMEOUT_MS,
  now: () => Date.now(),
  maxReplyBytes: MAX_REPLY_BYTES,
};

/** A client with what `options` injects (a test's fetch, clock or limits), each checked. */
export function createServiceClient(options: ServiceClientOptions): ServiceClient {
  const injected = options.fetch;
  return serviceClientAt(options.baseUrl, options.secrets, {
    fetch: injected ? (url, init) => injected(url, init) : BROWSER_HTTP.fetch,
    timeoutMs: clampTimeout(options.timeoutMs),
    now: options.now ?? Date.now,
    maxReplyBytes: clampReplyBytes(options.maxReplyBytes),
  });
}

/**
 * A client of the service at `baseUrl`, calling as `http` says (the worker's: the browser's own,
 * with nothing to check). `secrets` are kept out of every message it gives.
 */
function serviceClientAt(
  baseUrl: ServiceClientOptions['baseUrl'],
  secrets: ServiceClientOptions['secrets'],
  http = BROWSER_HTTP,
): ServiceClient {
  const base = normalizeServiceUrl(baseUrl);
  const origin = base.ok ? base.origin : undefined;

  function requireOrigin(): string {
    if (origin === undefined) {
      throw new ServiceError('not-configured', base.ok ? t('errorNoAddress') : base.message);
    }
    return origin;
  }

  /** `{origin}/api/{script}?token=..&func=..[&project_id=..]`, in the contract's order. */
  function endpoint(script: Script, token: string, func: string, projectId?: string): URL {
    const url = new URL(`/api/${script}`, requireOrigin());
    url.searchParams.set('token', token);
    url.searchParams.set('func', func);
    if (projectId !== undefined) url.searchParams.set('project_id', projectId);
    return url;
  }

  // The secrets given at creation (the API key, from the session) stay for the client's life.
  const givenSecrets = (secrets ?? []).filter(
    (secret): secret is string => typeof secret === 'string' && secret !== '',
  );
  // Every API key and token this client has handled (the latest few): a server may echo any of
  // them in any later reply (the key in a getMentions error, an old token after a new login).
  const knownSecrets: string[] = [];
  function remember(...secrets: unknown[]): void {
    for (const secret of secrets) {
      if (typeof secret !== 'string' || secret === '' || knownSecrets.includes(secret)) continue;
      knownSecrets.push(secret);
      if (knownSecrets.length > MAX_REMEMBERED_SECRETS) knownSecrets.shift();
    }
  }
  const allSecrets = () => [...givenSecrets, ...knownSecrets];

  /**
   * Runs one API call. Errors leave as ServiceErrors with every known secret scrubbed once more
   * (a backstop: messages are built scrubbed already). Anything else thrown here would be a bug
   * in decoding; it is still reported as 'bad-reply' so callers handle one error type.
   */
  async function run<T>(secrets: readonly unknown[], body: () => Promise<T>): Promise<T> {
    remember(...secrets);
    try {
      requireOrigin();
      return await body();
    } catch (error) {
      if (isServiceError(error)) throw error.withoutSecrets(allSecrets());
      throw new ServiceError('bad-reply', t('errorUnreadableReply'));
    }
  }

  /** A token-authenticated call whose 2xx body is JSON (or empty, for mutations). */
  async function call(
    token: string,
    request: {
      script: Script;
      func: string;
      projectId?: number;
      form?: URLSearchParams;
      large?: LargeReply;
    },
    allowEmpty = false,
  ): Promise<unknown> {
    const checked = checkToken(token);
    const projectId =
      request.projectId === undefined ? undefined : checkProjectId(request.projectId);
    const url = endpoint(request.script, checked, request.func, projectId);
    const text = await send(http, {
      method: request.form ? 'POST' : 'GET',
      url,
      form: request.form,
      secrets: [checked, ...givenSecrets],
      during: 'call',
      large: request.large,
    });
    return parseJsonReply(text, { allowEmpty, secrets: [checked, ...givenSecrets] });
  }

  return {
    origin,

    login: (apiKey) =>
      run([apiKey], async () => {
        // A pasted key often brings a line break or spaces with it; keys themselves have none.
        const key = typeof apiKey === 'string' ? apiKey.trim() : '';
        if (key === '') throw new ServiceError('not-configured', t('errorNoApiKey'));
        const url = new URL('/api/login.php', requireOrigin());
        const text = await send(http, {
          method: 'POST',
          url,
          form: new URLSearchParams({ key }),
          secrets: [apiKey, key, ...givenSecrets],
          during: 'login',
        });
        const token = decodeLoginReply(text, [apiKey, key, ...givenSecrets]);
        remember(token);
        return token;
      }),

    getMentionRecords: (token, projectId, large) =>
      run([token], async () =>
        mentionRecords(
          await call(token, { script: 'mention.php', func: 'getMentions', projectId, large }),
        ),
      ),

    listProjects: (token) =>
      run([token], async () => {
        const body = await call(token, { script: 'project.php', func: 'listProjects' });
        const { items, skipped } = decodeProjectList(body);
        return { projects: items, skipped };
      }),

    getProject: (token, projectId) =>
      run([token], async () => {
        const body = await call(token, { script: 'project.php', func: 'getProject', projectId });
        return decodeProjectReply(body, projectId);
      }),

    addProject: (token, input) =>
      run([token], async () => {
        const form = encodeInput(input);
        const body = await call(token, { script: 'project.php', func: 'addProject', form }, true);
        return decodeAddReply(body);
      }),

    editProject: (token, projectId, input) =>
      run([token], async () => {
        const form = encodeInput(input);
        await call(token, { script: 'project.php', func: 'editProject', projectId, form }, true);
      }),

    // The contract lists removeProject's parameters as GET parameters and no POST body, so it is
    // sent as GET like the other body-less functions (only add/edit are POST by the contract).
    removeProject: (token, projectId) =>
      run([token], async () => {
        await call(token, { script: 'project.php', func: 'removeProject', projectId }, true);
      }),

    getProjectData: (token, projectId) =>
      run([token], async () => {
        const body = await call(token, {
          script: 'project.php',
          func: 'getProjectData',
          projectId,
        });
        return flattenProjectData(body);
      }),
  };
}
