// Drives the real background (entrypoints/background.ts) in WXT's fake browser against the fake
// service over HTTP. Everything goes through the listeners the background registers: messages,
// alarms, install/startup, notification clicks, storage changes.
//
// The background's listeners fire and forget, so `idle()` waits until nothing is left to do: every
// fetch (and every hash of the key, which also leaves the main thread) goes through a counting
// wrapper, fake storage settles in microtasks, so "nothing in flight after a full macrotask turn"
// means the worker has nothing pending.

import { afterAll, afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import background from '@/entrypoints/background';
import { badgeText } from '@/lib/badge/badge-text';
import { readMentionStore } from '@/lib/mentions/mention-storage';
import { parseServiceDate } from '@/lib/mentions/service-date';
import { unreadCount } from '@/lib/mentions/selectors';
import {
  keyString,
  type MentionKey,
  type MentionStore,
  type StoredMention,
} from '@/lib/mentions/store';
import type { ProtocolMap } from '@/lib/messaging/protocol';
import type { ProjectInput } from '@/lib/projects/types';
import { createServiceClient, type ServiceClient } from '@/lib/service/client';
import { POLL_ALARM } from '@/lib/sync/poll-alarm';
import type { SyncStatus } from '@/lib/sync/status';
import { readSyncStatus } from '@/lib/sync/status-storage';
import {
  startFakeService,
  type FakeProject,
  type FakeService,
  type FakeServiceOptions,
} from '../../fake-service/server';

export { POLL_ALARM };
export const DAY_MS = 24 * 60 * 60_000;

const realNow = Date.now.bind(Date);
const realFetch = globalThis.fetch.bind(globalThis);
const realDigest = globalThis.crypto.subtle.digest.bind(globalThis.crypto.subtle);

export interface Sender {
  id?: string;
  url?: string;
}

type Reply<K extends keyof ProtocolMap> = ReturnType<ProtocolMap[K]>;

interface Gate {
  func: string;
  projectId?: number;
  waiting: number;
  release(): void;
  /** The held requests are never sent (their worker was stopped). */
  abandon(): void;
  opened: Promise<void>;
}

export interface Harness {
  readonly fake: FakeService;
  /** Added to the real clock for the background (Date.now is spied before the worker starts). */
  clockOffsetMs: number;
  /** Rewrites successful JSON replies before the client sees them (a service that changed data). */
  rewrite: ((func: string | null, body: unknown) => unknown) | undefined;
  /**
   * Answers requests itself, before they reach the fake service (which then neither sees nor logs
   * them): a Response for the requests it takes, undefined for the rest.
   */
  intercept: ((url: URL, func: string | null) => Response | undefined) | undefined;
  /** Starts the worker: the background's main, as the browser runs it. */
  start(): Promise<void>;
  /** The worker is stopped and started again: memory gone, storage (session too) kept. */
  restartWorker(): Promise<void>;
  /** A browser restart: session storage gone, a new worker, runtime.onStartup. */
  restartBrowser(): Promise<void>;
  /** Settings saved from the options page (the page obtained the host permission first). */
  connect(): Promise<void>;
  send<K extends keyof ProtocolMap>(type: K, data?: unknown, sender?: Sender): Promise<Reply<K>>;
  /** Fires the pending poll alarm the way Chrome does (a one-shot alarm is gone once it fired). */
  fireAlarm(): Promise<void>;
  /** The same, returning as soon as the listener was called (the poll runs on). */
  fireAlarmWithoutWaiting(): Promise<void>;
  idle(): Promise<void>;
  /** Spins until `condition` holds (work may be pending, e.g. a held request). */
  until(condition: () => boolean | Promise<boolean>, what: string): Promise<void>;
  /** Holds every request of `func` (for one project, if given) before it is sent, until released. */
  hold(func: string, projectId?: number): Gate;
  badge(): Promise<string>;
  title(): Promise<string>;
  store(): Promise<MentionStore>;
  status(): Promise<SyncStatus>;
  alarmTime(): Promise<number | undefined>;
  /** Requests of `func` in the fake's log. */
  count(func: string): number;
  /** A client of our own, to change the service behind the extension's back. */
  serviceClient(): Promise<{ client: ServiceClient; token: string }>;
}

/** The extension's own popup, as runtime.onMessage reports it. */
export function ownPage(): Sender {
  return { id: fakeBrowser.runtime.id, url: fakeBrowser.runtime.getURL('/popup.html') };
}

/**
 * One fake service per file, a fresh browser and fresh service state per test. Host permission
 * is granted, and giving it back succeeds (fakeBrowser does not implement permissions).
 */
export function useBackground(options: FakeServiceOptions = {}): Harness {
  let fake: FakeService | undefined;
  let inflight = 0;
  let seq = 1;
  let gates: Gate[] = [];

  async function trackedFetch(input: string | URL | Request, init?: RequestInit) {
    inflight += 1;
    try {
      const url = new URL(String(input));
      const func = url.pathname.endsWith('/login.php') ? 'login' : url.searchParams.get('func');
      const project = Number(url.searchParams.get('project_id'));
      const answer = h.intercept?.(url, func);
      if (answer) return answer;
      const gate = gates.find(
        (g) => g.func === func && (g.projectId === undefined || g.projectId === project),
      );
      if (gate) {
        // Not sent yet, so not in flight: a request held forever is a worker that died.
        gate.waiting += 1;
        inflight -= 1;
        await gate.opened;
        inflight += 1;
      }
      const response = await realFetch(input, init);
      let text = await response.text();
      if (h.rewrite && response.ok) {
        try {
          text = JSON.stringify(h.rewrite(func, JSON.parse(text)));
        } catch {
          // Not JSON: passed on as it came.
        }
      }
      const empty = [204, 205, 304].includes(response.status);
      return new Response(empty ? null : text, {
        status: response.status,
        statusText: response.statusText,
        headers: response.headers,
      });
    } finally {
      inflight -= 1;
    }
  }

  const macrotask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

  function listenersOff(): void {
    fakeBrowser.runtime.onMessage.removeAllListeners();
    fakeBrowser.runtime.onInstalled.removeAllListeners();
    fakeBrowser.runtime.onStartup.removeAllListeners();
    fakeBrowser.alarms.onAlarm.removeAllListeners();
    fakeBrowser.storage.onChanged.removeAllListeners();
    fakeBrowser.notifications.onClicked.removeAllListeners();
  }

  const h: Harness = {
    get fake() {
      if (!fake) throw new Error('the fake service is not running');
      return fake;
    },
    clockOffsetMs: 0,
    rewrite: undefined,
    intercept: undefined,

    async start() {
      listenersOff();
      background.main();
      await h.idle();
    },
    async restartWorker() {
      await h.idle();
      listenersOff();
      background.main();
      await h.idle();
    },
    async restartBrowser() {
      await h.idle();
      await fakeBrowser.storage.session.clear();
      listenersOff();
      background.main();
      await fakeBrowser.runtime.onStartup.trigger();
      await h.idle();
    },
    async connect() {
      const reply = await h.send('saveConnection', {
        serviceUrl: h.fake.url,
        apiKey: h.fake.apiKey,
      });
      if (!reply.ok) throw new Error(`saveConnection failed: ${reply.error.message}`);
      await h.idle();
    },

    send(type, data, sender = ownPage()) {
      return new Promise((resolve, reject) => {
        const message = { id: seq++, type, data, timestamp: Date.now() };
        const respond = (reply: { res?: unknown; err?: unknown }) => {
          if (reply && 'res' in reply) resolve(reply.res as never);
          else reject(new Error(`the background threw: ${JSON.stringify(reply?.err)}`));
        };
        const trigger = fakeBrowser.runtime.onMessage.trigger as unknown as (
          ...args: unknown[]
        ) => Promise<unknown[]>;
        void trigger(message, sender, respond).then((answers) => {
          if (!answers.includes(true)) reject(new Error(`no listener answered ${type}`));
        });
      });
    },

    async fireAlarm() {
      await h.fireAlarmWithoutWaiting();
      await h.idle();
    },
    async fireAlarmWithoutWaiting() {
      await h.idle();
      const alarm = await fakeBrowser.alarms.get(POLL_ALARM);
      if (!alarm) throw new Error('no poll alarm is pending: nothing would ever wake the worker');
      await fakeBrowser.alarms.clear(POLL_ALARM);
      await fakeBrowser.alarms.onAlarm.trigger(alarm);
    },

    async idle() {
      const deadline = realNow() + 15_000;
      let quiet = 0;
      while (quiet < 3) {
        await macrotask();
        quiet = inflight === 0 ? quiet + 1 : 0;
        if (realNow() > deadline) throw new Error(`still busy: ${inflight} request(s) in flight`);
      }
    },

    async until(condition, what) {
      const deadline = realNow() + 15_000;
      while (!(await condition())) {
        if (realNow() > deadline) throw new Error(`gave up waiting for ${what}`);
        await macrotask();
      }
    },

    hold(func, projectId) {
      let release = () => {};
      const opened = new Promise<void>((resolve) => (release = resolve));
      const gate: Gate = {
        func,
        projectId,
        waiting: 0,
        opened,
        release: () => {
          gates = gates.filter((g) => g !== gate);
          release();
        },
        abandon: () => {
          gates = gates.filter((g) => g !== gate);
        },
      };
      gates.push(gate);
      return gate;
    },

    badge: () => fakeBrowser.action.getBadgeText({}),
    title: () => fakeBrowser.action.getTitle({}),
    store: () => readMentionStore(),
    status: () => readSyncStatus(),
    async alarmTime() {
      return (await fakeBrowser.alarms.get(POLL_ALARM))?.scheduledTime;
    },
    count: (func) => h.fake.log.filter((entry) => entry.func === func).length,
    async serviceClient() {
      const client = createServiceClient({ baseUrl: h.fake.url, fetch: realFetch });
      return { client, token: await client.login(h.fake.apiKey) };
    },
  };

  beforeAll(async () => {
    fake = await startFakeService(options);
  });
  afterAll(async () => {
    await fake?.close();
  });
  beforeEach(() => {
    fakeBrowser.reset();
    h.fake.reset();
    h.clockOffsetMs = 0;
    h.rewrite = undefined;
    h.intercept = undefined;
    gates = [];
    vi.spyOn(Date, 'now').mockImplementation(() => realNow() + h.clockOffsetMs);
    vi.spyOn(globalThis, 'fetch').mockImplementation(trackedFetch);
    // The session hashes the API key (its token's account): that runs off the main thread and
    // can outlast a few macrotasks, so it counts as work in flight too.
    vi.spyOn(globalThis.crypto.subtle, 'digest').mockImplementation(async (...args) => {
      inflight += 1;
      try {
        return await realDigest(...args);
      } finally {
        inflight -= 1;
      }
    });
    vi.spyOn(fakeBrowser.permissions, 'contains').mockResolvedValue(true);
    // Giving a host permission back (after a disconnect or an origin change).
    vi.spyOn(fakeBrowser.permissions, 'remove').mockResolvedValue(true);
    vi.spyOn(fakeBrowser.permissions.onAdded, 'addListener').mockImplementation(() => {});
    vi.spyOn(fakeBrowser.permissions.onRemoved, 'addListener').mockImplementation(() => {});
    // Not implemented by fakeBrowser either; the menu has tests of its own.
    vi.spyOn(fakeBrowser.contextMenus, 'removeAll').mockResolvedValue(undefined);
    vi.spyOn(fakeBrowser.contextMenus, 'create').mockReturnValue('');
    vi.spyOn(fakeBrowser.contextMenus.onClicked, 'addListener').mockImplementation(() => {});
  });
  afterEach(async () => {
    for (const gate of gates) gate.release();
    await h.idle();
    listenersOff();
  });
  return h;
}

/** Unread mentions a first sync should leave: those the service found within the last 7 days. */
export function expectedFirstSyncUnread(fake: FakeService, now = Date.now()): number {
  return fake
    .projects()
    .flatMap((p) => fake.mentions(p.project_id))
    .filter((m) => (parseServiceDate(m.date_added) ?? now) >= now - 7 * DAY_MS).length;
}

/** The badge text the store calls for (no attention state). */
export function badgeFor(store: MentionStore): string {
  return badgeText(unreadCount(store));
}

/**
 * A project's records without `addedAt`: that moves whenever the service's clock is learned better
 * (a later poll's fresh arrivals), so "kept as it was" compares everything else.
 */
export function apartFromTimes(list: readonly StoredMention[] = []) {
  return list.map(({ addedAt: _addedAt, ...rest }) => rest);
}

export function allKeys(store: MentionStore): string[] {
  return Object.values(store.byProject)
    .flat()
    .map((m) => keyString({ projectId: m.project_id, id: m.id }));
}

export function keysOf(store: MentionStore, projectId: number): MentionKey[] {
  return (store.byProject[projectId] ?? []).map((m) => ({ projectId, id: m.id }));
}

/** Switches navigator.onLine (Node 20 has no navigator); returns the undo. */
export function goOffline(): () => void {
  const had = Object.getOwnPropertyDescriptor(globalThis, 'navigator');
  Object.defineProperty(globalThis, 'navigator', {
    value: { onLine: false },
    configurable: true,
    writable: true,
  });
  return () => {
    if (had) Object.defineProperty(globalThis, 'navigator', had);
    else delete (globalThis as { navigator?: unknown }).navigator;
  };
}

/** The form input that reproduces a project of the fake (to edit it through a message). */
export function inputFrom(project: FakeProject, changes: Partial<ProjectInput> = {}): ProjectInput {
  const common = [
    'project_id',
    'name',
    'type',
    'language',
    'source',
    'location',
    'email_notification',
    'browser_notification',
  ];
  const fields = Object.entries(project).filter(([key]) => !common.includes(key));
  return {
    name: project.name,
    type: project.type as ProjectInput['type'],
    language: project.language,
    source: project.source.split(',') as ProjectInput['source'],
    location: project.location,
    email_notification: project.email_notification === 1 ? 1 : 0,
    browser_notification: project.browser_notification === 1 ? 1 : 0,
    fields: Object.fromEntries(fields.map(([k, v]) => [k, String(v)])),
    ...changes,
  };
}
