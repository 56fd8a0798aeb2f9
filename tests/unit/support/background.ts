// Drives the real background (entrypoints/background.ts) in WXT's fake browser against the fake
// service over HTTP. Everything goes through the listeners the background registers: messages,
// alarms, install/startup, notification clicks, storage changes.
//
// The background's listeners fire and forget, so `idle()` waits until nothing is left to do: every
// fetch (and every hash of the key, which also leaves the main thread) goes through a counting
// wrapper (./background-network.ts), fake storage settles in microtasks, so "nothing in flight
// after a full macrotask turn" means the worker has nothing pending. What the store should hold is
// in ./background-store.ts; what fakeBrowser lacks, in ./background-environment.ts.

import { FIRST_ACCOUNT } from '@/lib/accounts/accounts';
import { afterAll, afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import background from '@/entrypoints/background';
import { readMentionStore } from '@/lib/mentions/mention-storage';
import type { MentionStore } from '@/lib/mentions/store';
import type { ProtocolMap } from '@/lib/messaging/protocol';
import { createServiceClient, type ServiceClient } from '@/lib/service/client';
import type { SyncStatus } from '@/lib/sync/status';
import { readSyncStatus } from '@/lib/sync/status-storage';
import {
  startFakeService,
  type FakeService,
  type FakeServiceOptions,
} from '../../fake-service/server';
import { removeBackgroundListeners, stubMissingBrowserApis } from './background-environment';
import {
  realFetch,
  realNow,
  trackedNetwork,
  type Gate,
  type RequestHooks,
} from './background-network';

/** The first account's poll alarm: the name the single account's always had (lib/sync/poll-alarm.ts). */
export const POLL_ALARM = 'mention-monitor-poll';

export interface Sender {
  id?: string;
  url?: string;
}

type Reply<K extends keyof ProtocolMap> = ReturnType<ProtocolMap[K]>;

export interface Harness extends RequestHooks {
  readonly fake: FakeService;
  /** Added to the real clock for the background (Date.now is spied before the worker starts). */
  clockOffsetMs: number;
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
  let seq = 1;
  const h: Harness = {
    get fake() {
      if (!fake) throw new Error('the fake service is not running');
      return fake;
    },
    clockOffsetMs: 0,
    rewrite: undefined,
    intercept: undefined,

    async start() {
      removeBackgroundListeners();
      background.main();
      await h.idle();
    },
    async restartWorker() {
      await h.idle();
      removeBackgroundListeners();
      background.main();
      await h.idle();
    },
    async restartBrowser() {
      await h.idle();
      await fakeBrowser.storage.session.clear();
      removeBackgroundListeners();
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

    idle: () => net.idle(),
    until: (condition, what) => net.until(condition, what),
    hold: (func, projectId) => net.hold(func, projectId),

    badge: () => fakeBrowser.action.getBadgeText({}),
    title: () => fakeBrowser.action.getTitle({}),
    store: () => readMentionStore(FIRST_ACCOUNT),
    status: () => readSyncStatus(FIRST_ACCOUNT),
    async alarmTime() {
      return (await fakeBrowser.alarms.get(POLL_ALARM))?.scheduledTime;
    },
    count: (func) => h.fake.log.filter((entry) => entry.func === func).length,
    async serviceClient() {
      const client = createServiceClient({ baseUrl: h.fake.url, fetch: realFetch });
      return { client, token: await client.login(h.fake.apiKey) };
    },
  };

  // Reads h.rewrite and h.intercept at each request, as the test last set them.
  const net = trackedNetwork(h);

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
    net.reset();
    vi.spyOn(Date, 'now').mockImplementation(() => realNow() + h.clockOffsetMs);
    vi.spyOn(globalThis, 'fetch').mockImplementation(net.fetch);
    vi.spyOn(globalThis.crypto.subtle, 'digest').mockImplementation(net.digest);
    stubMissingBrowserApis();
  });
  afterEach(async () => {
    net.releaseAll();
    await h.idle();
    removeBackgroundListeners();
  });
  return h;
}
