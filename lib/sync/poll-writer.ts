// What one poll writes, and how: every write in the store queue right after checking the settings
// still name the account the poll started with (poller.ts, "A poll belongs to the account"), the
// outcome recorded with the next alarm, and the ways a poll fails as the status keeps them.
import { t } from '@/lib/i18n';
import { isServiceError, ServiceError, scrubSecrets } from '@/lib/service/errors';
import type { Settings } from '@/lib/settings/settings';
import { onPollOutcome, type PollOutcome } from '@/lib/sync/schedule';
import type { SerialQueue } from '@/lib/sync/locks';
import type { Fetched, FetchedMentions } from '@/lib/sync/poll-fetch';
import type { ServiceProject } from '@/lib/projects/types';
import type { SyncError, SyncStatus } from '@/lib/sync/status';
import type { StoredState } from '@/lib/sync/stored-state';

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

export interface PollWriterDeps extends Pick<
  StoredState,
  'readSettings' | 'readStatus' | 'writeStatus'
> {
  storeQueue: SerialQueue;
  random(): number;
  /** Sets the poll alarm to fire at `when` (epoch ms). */
  scheduleAt(when: number): Promise<void>;
}

/** A poll that got as far as fetching mentions, as its outcome is recorded (recordFetched). */
interface FetchedPoll extends Pick<FetchedMentions, 'ended'> {
  fetched: readonly Fetched[];
  /** Projects the service's list named (the ones asked). */
  listed: number;
  /** Projects the poll keeps (project-roster.ts): a project error stands only while kept. */
  kept: readonly ServiceProject[];
  /** Whether the merge's write went through. */
  stored: boolean;
  records: SyncStatus['records'];
  at: number;
}

/** The settings no longer name the account a poll started with: it stops and writes nothing. */
export class AccountChanged extends Error {}

/** The account settings name: a poll's writes belong to the one it started with. */
export function accountOf(settings: Settings): string {
  return `${settings.serviceUrl}\n${settings.apiKey}`;
}

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

function retryAfterOf(error: unknown): number | undefined {
  return error instanceof ServiceError ? error.retryAfterMs : undefined;
}

/** One poll's writes, all made for `account` only (see the top of poller.ts). */
export function createPollWriter(deps: PollWriterDeps, account: string) {
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

  /**
   * Records how a poll that fetched ended (inside its commit): each project's error, the poll's
   * outcome and its record counts. Returns how many projects failed.
   */
  async function recordFetched(settings: Settings, poll: FetchedPoll): Promise<number> {
    const { fetched, ended, at, records } = poll;
    const secrets = [settings.apiKey];
    const kept = new Set(poll.kept.map((p) => String(p.project_id)));
    const previous = (await deps.readStatus()).projectErrors;
    const projectErrors: Record<string, SyncError> = {};
    for (const result of fetched) {
      const id = String(result.project.project_id);
      if ('skipped' in result) {
        // Not asked this time: what was known of it stands.
        if (previous[id] && kept.has(id)) projectErrors[id] = previous[id];
      } else if ('error' in result && !isServiceError(result.error, 'key-rejected')) {
        projectErrors[id] = asSyncError(result.error, at, secrets);
      }
    }
    const firstError = fetched.find((f) => 'error' in f);
    const allFailed = poll.listed > 0 && fetched.every((f) => 'error' in f || 'skipped' in f);
    const recorded = (s: SyncStatus, lastError: SyncError | null): SyncStatus => ({
      ...s,
      lastError,
      projectErrors,
      records,
    });

    if (!poll.stored) {
      await finish({ kind: 'failure', at }, settings, (s) => recorded(s, storageError(at)), true);
    } else if (ended?.kind === 'key-rejected') {
      await finish({ kind: 'key-rejected', at }, settings, (s) => ({
        ...recorded(s, asSyncError(ended.error, at, secrets)),
        keyRejected: true,
      }));
    } else if (ended?.kind === 'rate-limited' || allFailed) {
      const cause = ended?.error ?? (firstError && 'error' in firstError ? firstError.error : null);
      await finish({ kind: 'failure', at, retryAfterMs: retryAfterOf(cause) }, settings, (s) =>
        recorded(s, asSyncError(cause, at, secrets)),
      );
    } else {
      await finish({ kind: 'success', at }, settings, (s) => ({
        ...recorded(s, null),
        keyRejected: false,
      }));
    }
    return Object.keys(projectErrors).length;
  }

  return { commit, updateStatus, finish, accountFailure, storageFailure, recordFetched };
}

export type PollWriter = ReturnType<typeof createPollWriter>;
