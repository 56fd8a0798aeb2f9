// One poll: list the projects, fetch each project's mentions (a few at a time), merge them into
// the store, notify, record the outcome and schedule the next poll. Effects come in as `deps` so
// tests can drive every branch; the background passes the real ones.
//
// Rules (docs/service/notes.md, "Auth failures"):
//   - The key counts as rejected only on 'key-rejected' (the login itself refused). That pauses
//     polling, says so, and tries again by itself hours later (schedule.ts, keyRetryDelay).
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
import type { MentionNotification } from '@/lib/mentions/notify';
import type { ServiceProject } from '@/lib/projects/types';
import { isServiceError } from '@/lib/service/errors';
import { normalizeIntervalMinutes } from '@/lib/settings/settings';
import { isConfigured, type Settings } from '@/lib/settings/settings';
import {
  leaseAfter,
  leaseIsHeld,
  leaseIsOwnedBy,
  newLease,
  releasedLease,
  type Lease,
} from '@/lib/sync/locks';
import {
  createCallSlots,
  fetchMentions,
  type CallSlots,
  type FetchCare,
} from '@/lib/sync/poll-fetch';
import { mergeAndWrite, replySettler, type PollMergeDeps } from '@/lib/sync/poll-merge';
import { adoptProjectList } from '@/lib/sync/project-roster';
import {
  AccountChanged,
  accountOf,
  createPollWriter,
  type PollResult,
  type PollWriter,
  type PollWriterDeps,
} from '@/lib/sync/poll-writer';
import type { Session } from '@/lib/sync/session';
import type { StoredState } from '@/lib/sync/stored-state';

/** Longer than a poll can take (every request times out within 25 s). */
const POLL_LEASE_MS = 2 * 60_000;

interface PollerDeps extends StoredState, PollWriterDeps, PollMergeDeps {
  session: Session;
  isOnline(): boolean;
  hasHostPermission(origin: string): Promise<boolean>;
  readLease(): Promise<unknown>;
  writeLease(lease: Lease | null): Promise<void>;
  /**
   * Shows the notifications left in the outbox and empties it (lib/notifications/desktop.ts).
   * Always called inside the store queue.
   */
  flushNotifications(): Promise<void>;
  /** Shared by every account's poller (poll-fetch.ts); a poller alone when not given. */
  callSlots?: CallSlots;
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

function intervalMs(settings: Settings): number {
  return normalizeIntervalMinutes(settings.pollIntervalMinutes) * 60_000;
}

export function createPoller(deps: PollerDeps): Poller {
  const owner = Math.random().toString(36).slice(2);
  let running: Promise<PollResult> | null = null;
  let followUp: Promise<PollResult> | null = null;
  /** The account the running poll read at its start. */
  let startedWith: string | undefined;
  /** What the running poll's lease tells of the polls before it (pollWithLease). */
  let care: FetchCare | undefined;
  const slots = deps.callSlots ?? createCallSlots();

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
    const writer = createPollWriter(deps, account);
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
    writer: PollWriter,
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

    let list: { projects: ServiceProject[]; skipped: number };
    try {
      // The list (and the login it may need) takes a call slot too: accounts polled together,
      // as at a browser start, ask no more at once than one account's poll does.
      list = await slots.run(() =>
        deps.session.call((client, token) => client.listProjects(token)),
      );
    } catch (error) {
      return accountFailure(error, startedAt);
    }
    // The projects kept: the list's, and those it left out that are not gone for sure yet.
    let projects: ServiceProject[];
    try {
      projects = await commit(() => adoptProjectList(deps, list, startedAt));
    } catch (error) {
      if (error instanceof AccountChanged) throw error;
      return storageFailure(startedAt);
    }

    // Only listed projects are asked (one the list left out would answer "not found"), and only
    // those kept (the cache's cap).
    const keptIds = new Set(projects.map((p) => p.project_id));
    const { fetched, ended } = await fetchMentions(
      deps.session,
      list.projects.filter((p) => keptIds.has(p.project_id)),
      await replySettler(deps),
      care,
      slots,
    );
    if (ended?.kind === 'superseded') throw new AccountChanged();

    let notifications: MentionNotification[] = [];
    let records = { skipped: list.skipped, refused: 0, undated: 0 };
    let added = 0;
    let failedProjects = 0;
    let stored = true;
    await commit(async (current) => {
      const at = deps.now();
      try {
        const merged = await mergeAndWrite(deps, fetched, projects, current);
        notifications = merged.notifications;
        added = merged.added;
        records = { ...merged.records, skipped: records.skipped + merged.records.skipped };
      } catch (error) {
        if (error instanceof AccountChanged) throw error;
        stored = false;
      }
      failedProjects = await writer.recordFetched(current, {
        fetched,
        ended,
        listed: list.projects.length,
        kept: projects,
        stored,
        records,
        at,
      });
    });

    if (notifications.length > 0) await flushOutbox();
    if (!stored) return { polled: false, reason: 'failed' };
    if (ended?.kind === 'key-rejected') return { polled: false, reason: 'key-rejected' };
    return { polled: true, added, failedProjects };
  }

  async function pollWithLease(): Promise<PollResult> {
    const now = deps.now();
    // If this worker is stopped mid-poll, the alarm that started it has already fired: before
    // anything else, leave one that fires once the lease has expired, so polling resumes by itself.
    // Every way out of the poll replaces it.
    await deps.scheduleAt(now + POLL_LEASE_MS);
    // Another worker instance (this one before a restart) may hold the lease mid-poll.
    const previous = await deps.readLease();
    if (leaseIsHeld(previous, now)) return { polled: false, reason: 'busy' };
    // One left behind tells how the poll before ended (locks.ts, leaseAfter).
    const lease = leaseAfter(previous, newLease(now, POLL_LEASE_MS, owner));
    await deps.writeLease(lease);
    let fetched = false;
    care = {
      careful: lease.careful === true,
      tooLarge: lease.tooLarge ?? [],
      holding: (large) => deps.writeLease(large === undefined ? lease : { ...lease, large }),
      fetched: () => {
        fetched = true;
      },
    };
    try {
      return await pollOnce();
    } finally {
      if (leaseIsOwnedBy(await deps.readLease(), owner, deps.now())) {
        await deps.writeLease(releasedLease(lease, fetched));
      }
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
