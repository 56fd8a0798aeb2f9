// The poller against stub effects: the branches the fake service cannot reach on its own, each
// pinned exactly. The account check right before writing (settings changed after the last call),
// a 'superseded' session, the secret backstop on stored errors, a failing store write, and the
// notifications that travel in the same write as the mentions.

import { DEFAULT_LIMITS } from '@/lib/mentions/caps';
import { FIRST_ACCOUNT } from '@/lib/accounts/accounts';
import { initialServiceClock } from '@/lib/time/service-clock';
import { describe, expect, it, vi } from 'vitest';
import { emptyMentionStore, type MentionStore } from '@/lib/mentions/store';
import { OUTBOX_KEY } from '@/lib/storage/keys';
import type { ServiceProject } from '@/lib/projects/types';
import type { ServiceClient } from '@/lib/service/client';
import { ServiceError } from '@/lib/service/errors';
import type { LargeReply } from '@/lib/service/reply-body';
import type { Mention } from '@/lib/service/values';
import { DEFAULT_SETTINGS, type Settings } from '@/lib/settings/settings';
import { createPoller } from '@/lib/sync/poller';
import { createSerialQueue } from '@/lib/sync/locks';
import type { Session } from '@/lib/sync/session';
import { initialSyncStatus, type SyncStatus } from '@/lib/sync/status';
import { POLL_LEASE_MS } from '../support/limits';
import { mention, serviceDate } from '../support/mention-factory';

type PollerDeps = Parameters<typeof createPoller>[0];

const NOW = Date.UTC(2025, 0, 10, 12, 0, 0);
const KEY = 'key-0123456789abcdef';
const SETTINGS: Settings = {
  ...DEFAULT_SETTINGS,
  serviceUrl: 'https://service.example',
  apiKey: KEY,
};
const PROJECTS: ServiceProject[] = [1, 2, 3].map((id) => ({
  project_id: id,
  name: `Project ${id}`,
  type: 'brandMonitoring',
  fields: {},
}));

function fresh(projectId: number, id: number): Mention {
  return mention({ id, project_id: projectId, date_added: serviceDate(NOW - 60_000) });
}

interface World {
  settings: Settings;
  store: MentionStore;
  projects: ServiceProject[];
  status: SyncStatus;
  alarms: number[];
  writes: { extra?: Record<string, unknown> }[];
}

/**
 * A poller over memory: `replies` answers getMentions per project (or throws), as records; a large
 * reply asks for its turn as the HTTP layer does (`large`).
 */
function setUp(
  replies: (projectId: number, large?: LargeReply) => Promise<Mention[]>,
  overrides: Partial<PollerDeps> = {},
) {
  const world: World = {
    settings: { ...SETTINGS },
    store: emptyMentionStore(),
    projects: [],
    status: initialSyncStatus(),
    alarms: [],
    writes: [],
  };
  const client = {
    listProjects: async () => ({ projects: PROJECTS, skipped: 0 }),
    // A decoded mention is a record the decode reads as itself.
    getMentionRecords: (_token: string, projectId: number, large?: LargeReply) =>
      replies(projectId, large),
  } as unknown as ServiceClient;
  const session: Session = {
    call: (call) => call(client, 'token-xyz'),
    adopt: async () => {},
    forget: async () => {},
  };
  let lease: unknown = null;
  const deps: PollerDeps = {
    session,
    storeQueue: createSerialQueue(),
    now: () => NOW,
    random: () => 0.5,
    isOnline: () => true,
    hasHostPermission: async () => true,
    readLease: async () => lease,
    writeLease: async (next) => {
      lease = next;
    },
    scheduleAt: async (when) => {
      world.alarms.push(when);
    },
    flushNotifications: vi.fn(async () => {}),
    account: FIRST_ACCOUNT,
    readSettings: async () => world.settings,
    writeSettings: async (settings) => {
      world.settings = settings;
    },
    readStore: async () => world.store,
    writeStore: async (store, _before, extra) => {
      world.writes.push({ extra });
      world.store = store;
      return store;
    },
    readProjects: async () => world.projects,
    writeProjects: async (projects) => {
      world.projects = projects;
    },
    readStatus: async () => world.status,
    writeStatus: async (status) => {
      world.status = status;
    },
    readServiceClock: async () => initialServiceClock(),
    readLimits: async () => DEFAULT_LIMITS,
    ...overrides,
  };
  return { world, deps, poller: createPoller(deps) };
}

describe('the account a poll started with', () => {
  it('writes nothing when the settings name another account by the time it would write', async () => {
    let changeKey = () => {};
    const { world, poller } = setUp(async (projectId) => {
      // The key changes while the last project's mentions are on their way.
      if (projectId === 3) changeKey();
      return [fresh(projectId, projectId * 10)];
    });
    changeKey = () => {
      world.settings = { ...world.settings, apiKey: 'another-key' };
    };
    const before = { ...world.status };
    world.projects = PROJECTS;

    const result = await poller.poll();
    expect(result).toEqual({ polled: false, reason: 'superseded' });
    expect(world.writes).toEqual([]);
    expect(world.store).toEqual(emptyMentionStore());
    expect(world.status).toEqual(before);
  });

  it('ends silently on a superseded call: no write, no status', async () => {
    const { world, poller } = setUp(async (projectId) => {
      if (projectId === 1) throw new ServiceError('superseded', 'changed');
      return [fresh(projectId, projectId * 10)];
    });
    world.projects = PROJECTS;
    const before = world.status;

    expect(await poller.poll()).toEqual({ polled: false, reason: 'superseded' });
    expect(world.writes).toEqual([]);
    expect(world.status).toBe(before);
  });
});

describe('stored errors', () => {
  it('never carry the API key, even when the service layer let it through', async () => {
    const { world, poller } = setUp(async (projectId) => {
      if (projectId === 2) throw new ServiceError('server', `Failure for key ${KEY} here`);
      return [];
    });
    await poller.poll();
    const stored = JSON.stringify(world.status);
    expect(world.status.projectErrors['2']?.kind).toBe('server');
    expect(stored).not.toContain(KEY);
    expect(stored).toContain('[redacted]');
  });
});

describe('a store write that fails', () => {
  it('is a recorded storage failure with backoff and attention, and nothing is notified', async () => {
    const { world, poller } = setUp(async (projectId) => [fresh(projectId, projectId * 10)], {
      writeStore: async () => {
        throw new Error('QUOTA_BYTES quota exceeded');
      },
    });
    const result = await poller.poll();
    expect(result).toEqual({ polled: false, reason: 'failed' });
    expect(world.status.lastError).toMatchObject({ kind: 'storage', at: NOW });
    expect(world.status.lastError?.message).toMatch(/could not be saved/);
    expect(world.status.schedule.consecutiveFailures).toBe(1);
    expect(world.status.schedule.attention).toBe(true);
    expect(world.alarms.at(-1)).toBe(world.status.schedule.nextPollAt);
    expect(world.status.schedule.nextPollAt).toBeGreaterThan(NOW);
  });
});

describe('notifications', () => {
  it('travel in the same write as the mentions they announce, then are shown', async () => {
    const { world, deps, poller } = setUp(async (projectId) => [fresh(projectId, projectId * 10)]);
    // Projects on their second sync, a minute after the last: news, not a backlog to sum up.
    world.store = { ...emptyMentionStore(), syncedProjects: [1, 2, 3] };
    world.status = {
      ...world.status,
      schedule: { ...world.status.schedule, lastSuccessAt: NOW - 60_000 },
    };
    const result = await poller.poll();
    expect(result).toMatchObject({ polled: true, added: 3 });
    expect(world.writes).toHaveLength(1);
    const outbox = world.writes[0].extra?.[OUTBOX_KEY] as { id: string }[];
    expect(outbox.map((n) => n.id).sort()).toEqual([
      'mm:mention:1:10',
      'mm:mention:2:20',
      'mm:mention:3:30',
    ]);
    // Once before the poll (left-overs), once after the write.
    expect(deps.flushNotifications).toHaveBeenCalledTimes(2);
  });

  it('are not written at all with the switch off', async () => {
    const { world, poller } = setUp(async (projectId) => [fresh(projectId, projectId * 10)]);
    world.settings = { ...world.settings, notificationsEnabled: false };
    world.store = { ...emptyMentionStore(), syncedProjects: [1, 2, 3] };
    await poller.poll();
    expect(world.writes).toHaveLength(1);
    expect(world.writes[0].extra?.[OUTBOX_KEY]).toBeUndefined();
  });
});

describe('the alarm', () => {
  it.each([
    ['a listing that fails', () => new ServiceError('server', 'down', { status: 503 })],
    ['a refused key', () => new ServiceError('key-rejected', 'refused', { status: 401 })],
    ['a session refused after the re-login', () => new ServiceError('auth', 'no', { status: 401 })],
    ['a 429', () => new ServiceError('rate-limited', 'slow', { status: 429, retryAfterMs: 1 })],
  ])('is set in the future after %s', async (_what, error) => {
    const { world, poller } = setUp(async () => [], {
      session: {
        call: async () => {
          throw error();
        },
        adopt: async () => {},
        forget: async () => {},
      },
    });
    await poller.poll();
    expect(world.alarms.at(-1)).toBe(world.status.schedule.nextPollAt);
    expect(world.status.schedule.nextPollAt).toBeGreaterThan(NOW);
    expect(world.status.keyRejected).toBe(error().kind === 'key-rejected');
  });
});

describe('a worker that stopped mid-poll', () => {
  it('makes the next poll ask one project at a time, and one that stopped it twice is skipped while the others merge', async () => {
    // Each poll is a new worker, started once the lease of the one before has run out.
    let poll = 0;
    const calls = [{ now: 0, most: 0, asked: [] as number[] }];
    let stopped = () => {};
    const { world, deps } = setUp(async (projectId, large) => {
      const seen = calls[poll];
      seen.asked.push(projectId);
      seen.most = Math.max(seen.most, ++seen.now);
      await new Promise((resolve) => setTimeout(resolve, 0));
      // Project 2's reply is large, and in the first two polls the worker dies reading it.
      if (projectId === 2) await large?.admit();
      if (projectId === 2 && poll < 2) {
        stopped();
        return new Promise<Mention[]>(() => {});
      }
      seen.now -= 1;
      return [fresh(projectId, projectId * 10)];
    });
    const worker = () => {
      const startedAt = NOW + poll * (POLL_LEASE_MS + 1);
      const stop = new Promise<void>((resolve) => (stopped = resolve));
      const result = createPoller({ ...deps, now: () => startedAt }).poll();
      return { stop, result };
    };

    await worker().stop;
    poll = 1;
    calls.push({ now: 0, most: 0, asked: [] });
    await worker().stop;
    expect(calls[0].most).toBe(3);
    // Careful: one project at a time.
    expect(calls[1]).toMatchObject({ most: 1, asked: [1, 2] });

    poll = 2;
    calls.push({ now: 0, most: 0, asked: [] });
    const result = await worker().result;
    expect(calls[2].asked).toEqual([1, 3]);
    expect(result).toEqual({ polled: true, added: 2, failedProjects: 1 });
    expect(world.status.projectErrors['2']).toMatchObject({
      kind: 'bad-reply',
      message:
        "Reading this project's mentions stopped the extension twice (too large for its memory); they are not asked for again until the browser restarts.",
    });
    expect(Object.keys(world.store.byProject).sort()).toEqual(['1', '3']);

    // Still skipped by the polls after it, which ask the others as usual again.
    poll = 3;
    calls.push({ now: 0, most: 0, asked: [] });
    await worker().result;
    expect(calls[3]).toMatchObject({ most: 2, asked: [1, 3] });
  });

  it('stays careful through a poll that ended before it fetched', async () => {
    let online = true;
    let most = 0;
    let now = 0;
    let stopped = () => {};
    const { deps } = setUp(async (projectId, large) => {
      most = Math.max(most, ++now);
      await new Promise((resolve) => setTimeout(resolve, 0));
      if (projectId === 2) await large?.admit();
      if (projectId === 2 && online) {
        stopped();
        return new Promise<Mention[]>(() => {});
      }
      now -= 1;
      return [];
    });
    const worker = (startedAt: number) =>
      createPoller({ ...deps, now: () => startedAt, isOnline: () => online }).poll();

    const stop = new Promise<void>((resolve) => (stopped = resolve));
    void worker(NOW);
    await stop;
    online = false;
    expect(await worker(NOW + POLL_LEASE_MS + 1)).toEqual({ polled: false, reason: 'offline' });
    online = true;
    most = 0;
    now = 0;
    const again = new Promise<void>((resolve) => (stopped = resolve));
    void worker(NOW + 2 * (POLL_LEASE_MS + 1));
    await again;
    expect(most).toBe(1);
  });
});
