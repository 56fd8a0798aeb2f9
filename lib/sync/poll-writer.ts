// What one poll writes, and how: every write in the store queue right after checking the settings
// still name the account the poll started with (poller.ts, "A poll belongs to the account"), the
// outcome recorded with the next alarm, and the ways a poll fails as the status keeps them.
import { t } from '@/lib/i18n';
import { isServiceError, ServiceError, scrubSecrets } from '@/lib/service/errors';
import type { Settings } from '@/lib/settings/settings';
import { onPollOutcome, type PollOutcome } from '@/lib/sync/schedule';
import type { SerialQueue } from '@/lib/sync/locks';
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
export function asSyncError(error: unknown, at: number, secrets: readonly string[]): SyncError {
  if (isServiceError(error)) {
    return { kind: error.kind, message: scrubSecrets(error.message, secrets), at };
  }
  return { kind: 'bad-reply', message: t('bgCheckFailedUnexpectedly'), at };
}

export function storageError(at: number): SyncError {
  return { kind: 'storage', message: t('bgStoreWriteFailed'), at };
}

export function retryAfterOf(error: unknown): number | undefined {
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

  return { commit, updateStatus, finish, accountFailure, storageFailure };
}

export type PollWriter = ReturnType<typeof createPollWriter>;
