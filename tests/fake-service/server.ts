// The fake mention-monitoring service: a real, stateful HTTP server on loopback that the client's
// unit tests, the e2e tests and the demo talk to. This file is the public API and the wiring; the
// rules live in state.ts (data), api.ts (the scripts), faults.ts and pipeline.ts (misbehaviour),
// control.ts (remote control).

import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { CONTROL_PREFIX, handleControl } from './control';
import { isSampleSiteRequest, sendSampleSite } from './sample-site';
import { FaultSwitches } from './faults';
import { parseTarget, readBody, sendJson } from './http-util';
import { handleApiRequest } from './pipeline';
import { DEMO_API_KEY } from './seed';
import { ServiceState, type AddMentionsOptions } from './state';
import type { FakeMention, FakeProject, FaultKind, FaultOptions, RequestLogEntry } from './types';

export type { FakeMention, FakeProject, FaultKind, FaultOptions, RequestLogEntry } from './types';
export { FAULT_KINDS } from './faults';
export { DEMO_API_KEY } from './seed';

export interface FakeServiceOptions {
  /** 0 (default) = a free port. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** Seed of the generated data; same seed, same data. Default 1. */
  seed?: number;
  /** Seed the demo account with projects and mentions. Default true. */
  seedData?: boolean;
  /** The service's clock for timestamps (seeded ages, new mentions, statistics). */
  now?: () => Date;
  /** Demo mode: a few new mentions across the demo account's projects every this many ms. */
  demoEveryMs?: number;
  /**
   * The server's time zone as a UTC offset in minutes (e.g. -300 for UTC−5): timestamps are its
   * wall time there. Default: the machine's own zone.
   */
  utcOffsetMinutes?: number;
}

export interface FakeService {
  /** Origin, e.g. http://127.0.0.1:41234; the API is under /api/. */
  url: string;
  /** The seeded demo account's API key. */
  apiKey: string;
  /** A further account; empty unless seedData is true. */
  addAccount(apiKey: string, opts?: { seedData?: boolean }): void;
  /** Every issued token stops working (the next call gets 401). */
  expireTokens(): void;
  /** The API key a session token was issued for (expired or not), since the last reset. */
  accountOfToken(token: string): string | undefined;
  setFault(kind: FaultKind, opts?: FaultOptions): void;
  clearFaults(): void;
  /**
   * New mentions found now for a project (of any account); returns them. `overrides` replaces
   * generated fields of each (not id or project_id), for records a test needs exactly, such as a
   * hostile title or a javascript: URL.
   */
  addMentions(
    projectId: number,
    count: number,
    overrides?: Partial<Omit<FakeMention, 'id' | 'project_id'>>,
    options?: AddMentionsOptions,
  ): FakeMention[];
  /** The server moves to another zone (undefined: the machine's); new timestamps use it. */
  setUtcOffset(minutes: number | undefined): void;
  /** Current projects of an account (default: the demo account). */
  projects(apiKey?: string): FakeProject[];
  /** Current mentions of a project, newest first ([] for an unknown project). */
  mentions(projectId: number): FakeMention[];
  /** API requests, oldest first. A live array: it is cleared in place. */
  log: RequestLogEntry[];
  clearLog(): void;
  /** Back to the seed state: added accounts, tokens, faults and log gone. */
  reset(): void;
  close(): Promise<void>;
}

export async function startFakeService(opts: FakeServiceOptions = {}): Promise<FakeService> {
  const now = opts.now ?? (() => new Date());
  const host = opts.host ?? '127.0.0.1';
  const state = new ServiceState({
    seed: opts.seed ?? 1,
    seedData: opts.seedData ?? true,
    now,
    utcOffsetMinutes: opts.utcOffsetMinutes,
  });
  const faults = new FaultSwitches();
  const log: RequestLogEntry[] = [];

  // Pending `slow` delays, so close() does not wait for them.
  const sleepers = new Set<() => void>();
  const sleep = (ms: number): Promise<void> =>
    new Promise((resolve) => {
      const wake = (): void => {
        clearTimeout(timer);
        sleepers.delete(wake);
        resolve();
      };
      const timer = setTimeout(wake, ms);
      sleepers.add(wake);
    });

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const { path } = parseTarget(req.url);
    if (isSampleSiteRequest(req, path)) {
      sendSampleSite(req, res);
      return;
    }
    if (path.startsWith(CONTROL_PREFIX)) {
      const { text } = await readBody(req);
      const reply = handleControl(req.method ?? 'GET', path, text, { ...service, snapshot });
      sendJson(res, reply.status, reply.body, reply.headers);
      return;
    }
    await handleApiRequest(req, res, { state, faults, log, now, sleep });
  };

  const server = createServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      // A bug in the fake: say so loudly, but keep serving.
      console.error('fake-service: internal error', err);
      sendJson(res, 500, { status: 'error', message: 'internal error in the fake service' });
    });
  });
  // Requests node cannot even parse get a plain 400 instead of a dropped socket.
  server.on('clientError', (_err, socket) => {
    if (socket.writable) {
      const body = '{"status":"error","message":"bad request"}';
      socket.end(
        `HTTP/1.1 400 Bad Request\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n${body}`,
      );
    } else {
      socket.destroy();
    }
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;

  const demo =
    opts.demoEveryMs && opts.demoEveryMs > 0
      ? setInterval(() => state.demoTick(), opts.demoEveryMs)
      : undefined;
  // A forgotten close() must not keep a test runner alive.
  demo?.unref();

  const snapshot = () => ({
    url: service.url,
    apiKey: DEMO_API_KEY,
    accounts: state.apiKeys().map((apiKey) => ({ apiKey, projects: state.listProjects(apiKey) })),
    mentions: Object.fromEntries(
      state
        .apiKeys()
        .flatMap((apiKey) => state.listProjects(apiKey))
        .map((project) => [project.project_id, state.mentions(project.project_id)]),
    ),
    faults: faults.list(),
    tokens: state.tokenCount(),
    logLength: log.length,
  });

  const service: FakeService = {
    url: `http://${host.includes(':') ? `[${host}]` : host}:${port}`,
    apiKey: DEMO_API_KEY,
    addAccount: (apiKey, accountOpts) => state.addAccount(apiKey, accountOpts?.seedData ?? false),
    expireTokens: () => state.expireTokens(),
    accountOfToken: (token) => state.issuedFor(token),
    setFault: (kind, faultOpts) => faults.set(kind, faultOpts),
    clearFaults: () => faults.clear(),
    addMentions: (projectId, count, overrides, options) =>
      state.addMentions(projectId, count, overrides, options),
    setUtcOffset: (minutes) => state.setUtcOffset(minutes),
    projects: (apiKey = DEMO_API_KEY) => state.listProjects(apiKey),
    mentions: (projectId) => state.mentions(projectId),
    log,
    clearLog: () => {
      log.length = 0;
    },
    reset: () => {
      state.reset();
      faults.clear();
      log.length = 0;
    },
    close: () =>
      new Promise<void>((resolve) => {
        if (demo) clearInterval(demo);
        for (const wake of [...sleepers]) wake();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
  return service;
}
