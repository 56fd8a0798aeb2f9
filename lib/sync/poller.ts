// One poll: list the projects, fetch each project's mentions (a few at a time), merge them into
// the store, notify, record the outcome and schedule the next poll. Effects come in as `deps` so
// tests can drive every branch; the background passes the real ones.
import { t } from '../i18n';
import type { StoredMention } from '../mentions/store';
import { mergeMentions } from '../mentions/merge';
import { removeProjects } from '../mentions/remove-projects';
import { isSynced } from '../mentions/selectors';
import type { ServiceProject } from '../projects/types';
import type { Mention } from '../service/mention';
import { isServiceError, ServiceError } from '../service/errors';
import { isConfigured, type Settings } from '../settings/settings';
import { mapWithConcurrency } from './concurrency';
import { leaseIsHeld, leaseIsOwnedBy, newLease, type Lease } from './lease';
import { normalizeIntervalMinutes, onPollOutcome, type PollOutcome } from './schedule';
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
      reason: 'busy' | 'not-configured' | 'key-rejected' | 'no-permission' | 'offline' | 'failed';
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
  /** Removes the poll alarm: nothing to poll until the settings change. */
  clearSchedule(): Promise<void>;
  notify(added: StoredMention[], projects: ServiceProject[], firstSyncIds: number[]): Promise<void>;
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

function asSyncError(error: unknown, at: number): SyncError {
  if (isServiceError(error)) return { kind: error.kind, message: error.message, at };
  return { kind: 'bad-reply', message: t('bgCheckFailedUnexpectedly'), at };
}

/**
 * Compared by content, not key order: chrome.storage hands objects back with their keys sorted, so
 * the stored list never stringifies like a freshly decoded one, and every poll rewrote it.
 */
function connectionOf(settings: Settings): string {
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

export function createPoller(deps: PollerDeps): Poller {
  const owner = Math.random().toString(36).slice(2);
  let running: Promise<PollResult> | null = null;

  async function updateStatus(change: (status: SyncStatus) => SyncStatus): Promise<SyncStatus> {
    const next = change(await deps.readStatus());
    await deps.writeStatus(next);
    return next;
  }

  /** Records the schedule outcome and sets the alarm for the next poll. */
  async function finish(
    outcome: PollOutcome,
    settings: Settings,
    change: (status: SyncStatus) => SyncStatus = (s) => s,
  ): Promise<void> {
    const status = await updateStatus((current) => {
      const changed = change(current);
      return {
        ...changed,
        lastPollAt: outcome.at,
        schedule: onPollOutcome(changed.schedule, outcome, {
          intervalMinutes: settings.pollIntervalMinutes,
          random: deps.random,
        }),
      };
    });
    await deps.scheduleAt(status.schedule.nextPollAt);
  }

  async function pollOnce(): Promise<PollResult> {
    const startedAt = deps.now();
    const settings = await deps.readSettings();
    startedWith = connectionOf(settings);
    if (!isConfigured(settings)) {
      // Nothing to poll yet; saving the settings polls at once. The alarm stays, at the usual
      // pace, so the worker keeps a reason to wake (cheap: it reads the settings and sleeps).
      await deps.scheduleAt(startedAt + intervalMs(settings));
      return { polled: false, reason: 'not-configured' };
    }

    const status = await deps.readStatus();
    // A rejected key stays rejected until the settings change (which clears the flag and polls).
    if (status.keyRejected) {
      await deps.clearSchedule();
      return { polled: false, reason: 'key-rejected' };
    }

    const permitted = await deps.hasHostPermission(settings.serviceUrl);
    if (permitted === status.permissionMissing) {
      await updateStatus((s) => ({ ...s, permissionMissing: !permitted }));
    }
    if (!permitted) {
      // Keep looking at the usual pace: the permission may be granted from the browser's own
      // extension settings, which no page of ours sees.
      await deps.scheduleAt(startedAt + intervalMs(settings));
      return { polled: false, reason: 'no-permission' };
    }

    if (!deps.isOnline()) {
      await finish({ kind: 'offline', at: startedAt }, settings);
      return { polled: false, reason: 'offline' };
    }

    let projects: ServiceProject[];
    try {
      projects = (await deps.session.call((client, token) => client.listProjects(token))).projects;
    } catch (error) {
      await recordFailure(error, settings, startedAt);
      return { polled: false, reason: isServiceError(error, 'auth') ? 'key-rejected' : 'failed' };
    }
    if (!sameProjects(projects, await deps.readProjects())) await deps.writeProjects(projects);

    type Fetched =
      | { project: ServiceProject; mentions: Mention[] }
      | { project: ServiceProject; error: unknown };
    const fetched = await mapWithConcurrency(
      projects,
      PROJECT_CONCURRENCY,
      async (project): Promise<Fetched> => {
        try {
          const reply = await deps.session.call((client, token) =>
            client.getMentions(token, project.project_id),
          );
          return { project, mentions: reply.mentions };
        } catch (error) {
          return { project, error };
        }
      },
    );

    const authFailure = fetched.find((f) => 'error' in f && isServiceError(f.error, 'auth'));
    if (authFailure && 'error' in authFailure) {
      await recordFailure(authFailure.error, settings, startedAt);
      return { polled: false, reason: 'key-rejected' };
    }

    const { added, firstSyncIds } = await deps.storeQueue.run(async () => {
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
      for (const result of fetched) {
        if (!('mentions' in result)) continue;
        const projectId = result.project.project_id;
        if (!current.has(projectId)) continue;
        if (!isSynced(store, projectId)) firstSync.push(projectId);
        const merged = mergeMentions(store, projectId, result.mentions, new Date(deps.now()));
        store = merged.store;
        addedNow.push(...merged.added);
      }
      // A poll that changed nothing writes nothing.
      if (store !== before) await deps.writeStore(store, before);
      return { added: addedNow, firstSyncIds: firstSync };
    });

    const finishedAt = deps.now();
    const projectErrors: Record<string, SyncError> = {};
    for (const result of fetched) {
      if ('error' in result)
        projectErrors[result.project.project_id] = asSyncError(result.error, finishedAt);
    }
    const failedProjects = Object.keys(projectErrors).length;
    const allFailed = projects.length > 0 && failedProjects === projects.length;
    const firstError = fetched.find((f) => 'error' in f);
    const outcome: PollOutcome = allFailed
      ? {
          kind: 'failure',
          at: finishedAt,
          retryAfterMs: retryAfterOf(
            firstError && 'error' in firstError ? firstError.error : undefined,
          ),
        }
      : { kind: 'success', at: finishedAt };
    await finish(outcome, settings, (s) => ({
      ...s,
      lastError:
        allFailed && firstError && 'error' in firstError
          ? asSyncError(firstError.error, finishedAt)
          : null,
      projectErrors,
    }));

    if (added.length > 0) await deps.notify(added, projects, firstSyncIds);
    return { polled: true, added: added.length, failedProjects };
  }

  function retryAfterOf(error: unknown): number | undefined {
    return error instanceof ServiceError ? error.retryAfterMs : undefined;
  }

  async function recordFailure(error: unknown, settings: Settings, at: number): Promise<void> {
    if (isServiceError(error, 'auth')) {
      // Re-login was already tried once (withReauth): the key itself is rejected. No backoff
      // loop: polling pauses until the settings change.
      await updateStatus((s) => ({ ...s, keyRejected: true, lastError: asSyncError(error, at) }));
      await deps.clearSchedule();
      return;
    }
    await finish({ kind: 'failure', at, retryAfterMs: retryAfterOf(error) }, settings, (s) => ({
      ...s,
      lastError: asSyncError(error, at),
    }));
  }

  async function pollWithLease(): Promise<PollResult> {
    const now = deps.now();
    // If this worker is stopped mid-poll, the alarm that started it has already fired: before
    // anything else, leave one that fires once the lease has expired, so polling resumes by itself.
    // Every way out of the poll replaces or clears it.
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

  let followUp: Promise<PollResult> | null = null;
  /** The service and key the running poll read at its start. */
  let startedWith: string | undefined;

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
      if (change === 'connection' && startedWith === connectionOf(await deps.readSettings())) {
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
