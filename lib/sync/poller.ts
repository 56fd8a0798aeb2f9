// One poll: list the projects, fetch each project's mentions (a few at a time), merge them into
// the store, notify, record the outcome and schedule the next poll. Effects come in as `deps` so
// tests can drive every branch; the background passes the real ones.
//
// Rules (service-notes.md, "auth failures"; issue 14):
//   - The key counts as rejected only on 'key-rejected' (the login itself refused). That pauses
//     polling, says so, and tries again by itself hours later (schedule.ts, KEY_RETRY_MS).
//   - A project's own failure ('auth' after the one re-login, 403, 404, ...) is that project's
//     error; the other projects still merge. A failure of every project, or of the list, is an
//     outage: backoff, never a rejected key.
//   - A 429 ends the poll's remaining calls; its Retry-After schedules the next poll, and what was
//     fetched before it still merges.
//   - A poll belongs to the account (service origin, API key) it started with: every write it
//     makes happens in the store queue right after checking the settings still name that account.
//     A poll of an account that was changed or disconnected meanwhile writes nothing.
//   - There is always an alarm: every way out of a poll sets the next one (a poll that learns its
//     account is gone leaves it to the change, which polls again or, on disconnect, clears it).
import { t } from '../i18n';
import { mergeMentions } from '../mentions/merge';
import { newMentionsToNotify, type MentionNotification } from '../mentions/notify';
import { removeProjects } from '../mentions/remove-projects';
import { isSynced } from '../mentions/selectors';
import type { StoredMention } from '../mentions/store';
import { outboxWrite } from '../notifications/outbox';
import type { ServiceProject } from '../projects/types';
import { isServiceError, ServiceError } from '../service/errors';
import { scrubSecrets } from '../service/safe-text';
import type { Mention } from '../service/mention';
import { normalizeIntervalMinutes } from '../settings/poll-interval';
import { isConfigured, type Settings } from '../settings/settings';
import { effectiveOffsetMinutes } from '../time/service-clock';
import { learnServiceClock } from './service-time';
import { mapWithConcurrency } from './concurrency';
import { leaseIsHeld, leaseIsOwnedBy, newLease, type Lease } from './lease';
import { onPollOutcome, type PollOutcome } from './schedule';
import type { Session } from './session';
import type { StoredState } from './stored-state';
import type { SerialQueue } from './serial';
import type { SyncError, SyncStatus } from './status';

export const PROJECT_CONCURRENCY = 3;
/** Longer than a poll can take (every request times out within 25 s). */
export const POLL_LEASE_MS = 2 * 60_000;

export type PollResult =
  | { polled: true; added: number; failedProjects: number }
  | {
      polled: false;
      reason:
        | 'busy'
        | 'not-configured'
        | 'key-rejected'
        | 'no-permission'
        | 'offline'
        | 'failed'
        /** The settings changed while it ran: it wrote nothing; the change polls again. */
        | 'superseded';
    };

export interface PollerDeps extends StoredState {
  session: Session;
  storeQueue: SerialQueue;
  now(): number;
  random(): number;
  isOnline(): boolean;
  hasHostPermission(origin: string): Promise<boolean>;
  readLease(): Promise<unknown>;
  writeLease(lease: Lease | null): Promise<void>;
  /** Sets the poll alarm to fire at `when` (epoch ms). */
  scheduleAt(when: number): Promise<void>;
  /**
   * Shows the notifications left in the outbox and empties it (lib/notifications/desktop.ts).
   * Always called inside the store queue.
   */
  flushNotifications(): Promise<void>;
}

export interface Poller {
  /** Polls now, or joins the poll already running in this worker. */
  poll(): Promise<PollResult>;
  /**
   * Polls with what is stored now. After a project change, or a connection change a running poll
   * did not start with, that poll works from the old state: this one runs after it instead of
   * joining it. A save that changed nothing joins (an alarm, "refresh" and a save make one poll).
   */
  pollAfterChange(change: 'connection' | 'projects'): Promise<PollResult>;
}

/** The settings no longer name the account a poll started with: it stops and writes nothing. */
class AccountChanged extends Error {}

/** Errors that end a poll's remaining calls at once: nothing later in the poll could succeed. */
type StopKind = 'rate-limited' | 'key-rejected' | 'superseded';
const STOP_KINDS: readonly string[] = ['rate-limited', 'key-rejected', 'superseded'];

/**
 * An error as the status keeps it. The service layer scrubs secrets from its messages; this is the
 * backstop before anything is stored, for the key of the settings the poll runs with.
 */
function asSyncError(error: unknown, at: number, secrets: readonly string[]): SyncError {
  if (isServiceError(error)) {
    return { kind: error.kind, message: scrubSecrets(error.message, secrets), at };
  }
  return { kind: 'bad-reply', message: t('bgCheckFailedUnexpectedly'), at };
}

function storageError(at: number): SyncError {
  return { kind: 'storage', message: t('bgStoreWriteFailed'), at };
}

/**
 * Compared by content, not key order: chrome.storage hands objects back with their keys sorted, so
 * the stored list never stringifies like a freshly decoded one, and every poll rewrote it.
 */
function accountOf(settings: Settings): string {
  return `${settings.serviceUrl}\n${settings.apiKey}`;
}

function intervalMs(settings: Settings): number {
  return normalizeIntervalMinutes(settings.pollIntervalMinutes) * 60_000;
}

function sameProjects(a: readonly ServiceProject[], b: readonly ServiceProject[]): boolean {
  return JSON.stringify(sortedKeys(a)) === JSON.stringify(sortedKeys(b));
}

function sortedKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortedKeys);
  if (typeof value !== 'object' || value === null) return value;
  const record = value as Record<string, unknown>;
  return Object.fromEntries(
    Object.keys(record)
      .sort()
      .map((key) => [key, sortedKeys(record[key])]),
  );
}

function retryAfterOf(error: unknown): number | undefined {
  return error instanceof ServiceError ? error.retryAfterMs : undefined;
}

type Fetched =
  | { project: ServiceProject; mentions: Mention[] }
  | { project: ServiceProject; error: unknown }
  /** Not requested: an earlier call of this poll ended it (StopKind). */
  | { project: ServiceProject; skipped: true };

export function createPoller(deps: PollerDeps): Poller {
  const owner = Math.random().toString(36).slice(2);
  let running: Promise<PollResult> | null = null;
  let followUp: Promise<PollResult> | null = null;
  /** The account the running poll read at its start. */
  let startedWith: string | undefined;

  /** One poll's writes, all made for `account` only (see the top of this file). */
  function writerFor(account: string) {
    /** Runs `work` in the store queue with the settings as they are now, if still `account`'s. */
    function commit<T>(work: (settings: Settings) => Promise<T>): Promise<T> {
      return deps.storeQueue.run(async () => {
        const settings = await deps.readSettings();
        if (accountOf(settings) !== account) throw new AccountChanged();
        return work(settings);
      });
    }

    async function updateStatus(change: (status: SyncStatus) => SyncStatus): Promise<SyncStatus> {
      const next = change(await deps.readStatus());
      await deps.writeStatus(next);
      return next;
    }

    /**
     * Records the outcome and sets the alarm for the next poll (inside a commit). `attention`
     * asks for the badge at once, not after ATTENTION_AFTER_FAILURES failures in a row.
     */
    async function finish(
      outcome: PollOutcome,
      settings: Settings,
      change: (status: SyncStatus) => SyncStatus = (s) => s,
      attention = false,
    ): Promise<void> {
      const status = await updateStatus((current) => {
        const changed = change(current);
        const schedule = onPollOutcome(changed.schedule, outcome, {
          intervalMinutes: settings.pollIntervalMinutes,
          random: deps.random,
        });
        return {
          ...changed,
          lastPollAt: outcome.at,
          schedule: attention ? { ...schedule, attention: true } : schedule,
        };
      });
      await deps.scheduleAt(status.schedule.nextPollAt);
    }

    /** A call failed for the whole account (listing the projects, or the login): record it. */
    async function accountFailure(error: unknown, at: number): Promise<PollResult> {
      if (isServiceError(error, 'superseded')) throw new AccountChanged();
      return commit(async (settings) => {
        const lastError = asSyncError(error, at, [settings.apiKey]);
        if (isServiceError(error, 'key-rejected')) {
          await finish({ kind: 'key-rejected', at }, settings, (s) => ({
            ...s,
            keyRejected: true,
            lastError,
          }));
          return { polled: false, reason: 'key-rejected' } as const;
        }
        await finish({ kind: 'failure', at, retryAfterMs: retryAfterOf(error) }, settings, (s) => ({
          ...s,
          lastError,
        }));
        return { polled: false, reason: 'failed' } as const;
      });
    }

    /**
     * Storage refused a write of the poll's results (full, or failing): recorded, backed off and
     * shown at once (not after three failures: it will not pass by itself like a network blip).
     * Nothing is lost: what was not stored is still on the service and fetched again next time.
     */
    async function storageFailure(at: number): Promise<PollResult> {
      await commit((settings) =>
        finish(
          { kind: 'failure', at },
          settings,
          (s) => ({ ...s, lastError: storageError(at) }),
          true,
        ),
      );
      return { polled: false, reason: 'failed' };
    }

    return { commit, updateStatus, finish, accountFailure, storageFailure };
  }

  async function flushOutbox(): Promise<void> {
    try {
      await deps.storeQueue.run(() => deps.flushNotifications());
    } catch {
      // Showing notifications must never stop polling; the outbox stays for the next try.
    }
  }

  async function pollOnce(): Promise<PollResult> {
    const startedAt = deps.now();
    const settings = await deps.readSettings();
    const account = accountOf(settings);
    startedWith = account;
    const writer = writerFor(account);
    try {
      return await pollAs(settings, writer, startedAt);
    } catch (error) {
      if (error instanceof AccountChanged || isServiceError(error, 'superseded')) {
        return { polled: false, reason: 'superseded' };
      }
      throw error;
    }
  }

  async function pollAs(
    settings: Settings,
    writer: ReturnType<typeof writerFor>,
    startedAt: number,
  ): Promise<PollResult> {
    const { commit, updateStatus, finish, accountFailure, storageFailure } = writer;
    if (!isConfigured(settings)) {
      // Nothing to poll yet; saving the settings polls at once. The alarm stays, at the usual
      // pace, so the worker keeps a reason to wake (cheap: it reads the settings and sleeps).
      await commit(() => deps.scheduleAt(startedAt + intervalMs(settings)));
      return { polled: false, reason: 'not-configured' };
    }

    // Notifications a stopped worker left unshown go out before anything new is fetched.
    await flushOutbox();

    const status = await deps.readStatus();
    // A rejected key waits for its retry time (or a save of the settings, which clears the flag).
    if (status.keyRejected && startedAt < status.schedule.nextPollAt) {
      await commit(() => deps.scheduleAt(status.schedule.nextPollAt));
      return { polled: false, reason: 'key-rejected' };
    }

    const permitted = await deps.hasHostPermission(settings.serviceUrl);
    if (permitted === status.permissionMissing) {
      await commit(() => updateStatus((s) => ({ ...s, permissionMissing: !permitted })));
    }
    if (!permitted) {
      // Keep looking at the usual pace: the permission may be granted from the browser's own
      // extension settings, which no page of ours sees.
      await commit(() => deps.scheduleAt(startedAt + intervalMs(settings)));
      return { polled: false, reason: 'no-permission' };
    }

    if (!deps.isOnline()) {
      await commit((current) => finish({ kind: 'offline', at: startedAt }, current));
      return { polled: false, reason: 'offline' };
    }

    let projects: ServiceProject[];
    try {
      projects = (await deps.session.call((client, token) => client.listProjects(token))).projects;
    } catch (error) {
      return accountFailure(error, startedAt);
    }
    try {
      await commit(async () => {
        if (!sameProjects(projects, await deps.readProjects())) await deps.writeProjects(projects);
      });
    } catch (error) {
      if (error instanceof AccountChanged) throw error;
      return storageFailure(startedAt);
    }

    // The first call that ends the poll (a 429, a refused key, a changed account) stops the rest:
    // calls already under way finish, none is started after it.
    let stop: { kind: StopKind; error: ServiceError } | undefined;
    const fetched = await mapWithConcurrency(
      projects,
      PROJECT_CONCURRENCY,
      async (project): Promise<Fetched> => {
        if (stop) return { project, skipped: true };
        try {
          const reply = await deps.session.call((client, token) =>
            client.getMentions(token, project.project_id),
          );
          return { project, mentions: reply.mentions };
        } catch (error) {
          if (!stop && isServiceError(error) && STOP_KINDS.includes(error.kind)) {
            stop = { kind: error.kind as StopKind, error };
          }
          return { project, error };
        }
      },
    );
    // (A narrowing the callbacks above hide from the compiler.)
    const ended = stop as { kind: StopKind; error: ServiceError } | undefined;
    if (ended?.kind === 'superseded') throw new AccountChanged();

    let notifications: MentionNotification[] = [];
    let added = 0;
    let failedProjects = 0;
    let stored = true;
    await commit(async (current) => {
      const finishedAt = deps.now();
      try {
        const merged = await mergeAndWrite(fetched, projects, current);
        notifications = merged.notifications;
        added = merged.added;
      } catch (error) {
        if (error instanceof AccountChanged) throw error;
        stored = false;
      }

      const secrets = [current.apiKey];
      const listed = new Set(projects.map((p) => String(p.project_id)));
      const previous = (await deps.readStatus()).projectErrors;
      const projectErrors: Record<string, SyncError> = {};
      for (const result of fetched) {
        const id = String(result.project.project_id);
        if ('skipped' in result) {
          // Not asked this time: what was known of it stands.
          if (previous[id] && listed.has(id)) projectErrors[id] = previous[id];
        } else if ('error' in result && !isServiceError(result.error, 'key-rejected')) {
          projectErrors[id] = asSyncError(result.error, finishedAt, secrets);
        }
      }
      failedProjects = Object.keys(projectErrors).length;
      const firstError = fetched.find((f) => 'error' in f);
      const allFailed = projects.length > 0 && fetched.every((f) => 'error' in f || 'skipped' in f);

      if (!stored) {
        await finish(
          { kind: 'failure', at: finishedAt },
          current,
          (s) => ({ ...s, lastError: storageError(finishedAt), projectErrors }),
          true,
        );
      } else if (ended?.kind === 'key-rejected') {
        await finish({ kind: 'key-rejected', at: finishedAt }, current, (s) => ({
          ...s,
          keyRejected: true,
          lastError: asSyncError(ended.error, finishedAt, secrets),
          projectErrors,
        }));
      } else if (ended?.kind === 'rate-limited' || allFailed) {
        const cause =
          ended?.error ?? (firstError && 'error' in firstError ? firstError.error : null);
        await finish(
          { kind: 'failure', at: finishedAt, retryAfterMs: retryAfterOf(cause) },
          current,
          (s) => ({ ...s, lastError: asSyncError(cause, finishedAt, secrets), projectErrors }),
        );
      } else {
        await finish({ kind: 'success', at: finishedAt }, current, (s) => ({
          ...s,
          keyRejected: false,
          lastError: null,
          projectErrors,
        }));
      }
    });

    if (notifications.length > 0) await flushOutbox();
    if (!stored) return { polled: false, reason: 'failed' };
    if (ended?.kind === 'key-rejected') return { polled: false, reason: 'key-rejected' };
    return { polled: true, added, failedProjects };
  }

  /**
   * Merges what was fetched into the store and writes it with the notifications it calls for, in
   * one storage call (inside the poll's commit). Throws what the write throws.
   */
  async function mergeAndWrite(
    fetched: readonly Fetched[],
    projects: readonly ServiceProject[],
    settings: Settings,
  ): Promise<{ added: number; notifications: MentionNotification[] }> {
    const before = await deps.readStore();
    // A project removed while this poll ran (remove, disconnect: the stored list no longer has
    // it) must not come back with the mentions fetched before.
    const current = new Set((await deps.readProjects()).map((p) => p.project_id));
    // Removed projects take their mentions along (only with a list that was fetched successfully).
    let store = removeProjects(
      before,
      projects.map((p) => p.project_id).filter((id) => current.has(id)),
    );
    const addedNow: StoredMention[] = [];
    const firstSync: number[] = [];
    const clockBefore = await deps.readServiceClock();
    const utcOffsetMinutes = effectiveOffsetMinutes(clockBefore);
    for (const result of fetched) {
      if (!('mentions' in result)) continue;
      const projectId = result.project.project_id;
      if (!current.has(projectId)) continue;
      if (!isSynced(store, projectId)) firstSync.push(projectId);
      const merged = mergeMentions(store, projectId, result.mentions, new Date(deps.now()), {
        utcOffsetMinutes,
      });
      store = merged.store;
      addedNow.push(...merged.added);
    }
    // What the arrivals tell of the service's clock; the store follows a changed offset at once.
    const learned = learnServiceClock(clockBefore, store, addedNow, deps.now());
    store = learned.store;
    // A poll that changed nothing writes nothing.
    if (store === before && !learned.write) return { added: 0, notifications: [] };
    const notifications = settings.notificationsEnabled
      ? newMentionsToNotify(addedNow, projects, { firstSyncProjectIds: firstSync })
      : [];
    await deps.writeStore(store, before, { ...outboxWrite(notifications), ...learned.write });
    return { added: addedNow.length, notifications };
  }

  async function pollWithLease(): Promise<PollResult> {
    const now = deps.now();
    // If this worker is stopped mid-poll, the alarm that started it has already fired: before
    // anything else, leave one that fires once the lease has expired, so polling resumes by itself.
    // Every way out of the poll replaces it.
    await deps.scheduleAt(now + POLL_LEASE_MS);
    // Another worker instance (this one before a restart) may hold the lease mid-poll.
    if (leaseIsHeld(await deps.readLease(), now)) return { polled: false, reason: 'busy' };
    await deps.writeLease(newLease(now, POLL_LEASE_MS, owner));
    try {
      return await pollOnce();
    } finally {
      if (leaseIsOwnedBy(await deps.readLease(), owner, deps.now())) await deps.writeLease(null);
    }
  }

  function poll(): Promise<PollResult> {
    if (!running) {
      running = pollWithLease().finally(() => {
        running = null;
      });
    }
    return running;
  }

  return {
    poll,
    async pollAfterChange(change) {
      if (!running) return poll();
      if (change === 'connection' && startedWith === accountOf(await deps.readSettings())) {
        return running ?? poll();
      }
      // Several changes during one poll share one follow-up.
      followUp ??= running
        .catch(() => undefined)
        .then(() => {
          followUp = null;
          return poll();
        });
      return followUp;
    },
  };
}
