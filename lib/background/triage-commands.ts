// The triage commands: mute and unmute, this computer's per-project switches, snooze and resume,
// save for later, and importing a settings backup. Every one runs in the store queue with the polls
// (lib/sync/poll-merge.ts writes the triage state's `missed` there too), so no write is lost
// between them and an account change, which clears all of it in the same queue.
import { browser } from 'wxt/browser';
import { applyBackup, type BackupImportDeps } from '@/lib/background/backup-import';
import { parsingHandlers } from '@/lib/background/command-schemas';
import {
  invalid,
  normalRequests,
  withoutRules,
  withoutSavedKeys,
  withRules,
  withSavedKeys,
  type RuleRequest,
  type SaveOptions,
} from '@/lib/background/triage-lists';
import { accountPrefix } from '@/lib/accounts/accounts';
import { accountArea } from '@/lib/mentions/mention-storage';
import { notifyingAccountName, type MentionNotification } from '@/lib/mentions/notify';
import { previewRows, storedPreviewOf } from '@/lib/mentions/preview';
import type { MentionKey } from '@/lib/mentions/store';
import { flushOutbox } from '@/lib/notifications/desktop';
import { appendToOutbox } from '@/lib/notifications/outbox';
import { isQuietAt, quietEndsAt } from '@/lib/settings/quiet-hours';
import type { Settings } from '@/lib/settings/settings';
import {
  notificationOutboxItem,
  readSettings,
  savedMentionsItem,
  triageItem,
} from '@/lib/storage/items';
import { OUTBOX_KEY, PREVIEW_KEY, SAVED_KEY, TRIAGE_KEY } from '@/lib/storage/keys';
import { checkPageAccount } from '@/lib/sync/session';
import type { StoredState } from '@/lib/sync/stored-state';
import { applyHold } from '@/lib/triage/hold';
import { muteMatcher } from '@/lib/triage/mute';
import type { SavedMentions } from '@/lib/triage/saved';
import type { TriageState } from '@/lib/triage/triage-state';

/**
 * The alarm that ends account `account`'s snooze with a time (entrypoints/background.ts routes it
 * to onSnoozeEnd).
 */
export function snoozeAlarm(account: string): string {
  return `${accountPrefix(account)}snooze-end`;
}

interface TriageCommandDeps
  extends Pick<StoredState, 'account' | 'readStore' | 'readSettings'>, BackupImportDeps {}

interface TriageWrite {
  /** The rules changed: the preview (which leaves muted mentions out) is rewritten with it. */
  preview?: boolean;
  /** Raised after the write, through the outbox (shown exactly once). */
  notifications?: readonly MentionNotification[];
}

/** Everything of the triage an account owns, gone with its data (clearAccountData). */
export async function clearTriageData(account: string): Promise<void> {
  await accountArea(account).remove([TRIAGE_KEY, SAVED_KEY]);
  await browser.alarms.clear(snoozeAlarm(account));
}

export type TriageCommands = ReturnType<typeof createTriageCommands>;

export function createTriageCommands(deps: TriageCommandDeps) {
  const area = accountArea(deps.account);
  const triageOf = triageItem(deps.account);
  const savedOf = savedMentionsItem(deps.account);
  const alarm = snoozeAlarm(deps.account);
  /**
   * Writes the triage state, with the preview when the rules changed and the notifications it
   * releases, in one storage call: the popup never sees the rules without the counts they make.
   */
  async function writeTriage(next: TriageState, write: TriageWrite = {}): Promise<void> {
    const items: Record<string, unknown> = { [TRIAGE_KEY]: next };
    if (write.preview) {
      const rows = previewRows(await readSettings());
      const store = await deps.readStore();
      items[PREVIEW_KEY] = storedPreviewOf(store, muteMatcher(next.muteRules), rows);
    }
    const notifications = write.notifications ?? [];
    if (notifications.length > 0) {
      const waiting = await notificationOutboxItem(deps.account).read();
      items[OUTBOX_KEY] = appendToOutbox(waiting, notifications);
    }
    await area.set(items);
    if (notifications.length > 0) await flushOutbox(deps.account);
  }

  /**
   * A change of the triage state in the store queue; nothing written when it returns the same.
   * `account` is the page's (checkPageAccount), checked in the same turn as the change.
   */
  function updateTriage<T>(
    change: (
      triage: TriageState,
      settings: Settings,
    ) => [TriageState, T, TriageWrite?] | Promise<[TriageState, T, TriageWrite?]>,
    account?: string,
  ): Promise<T> {
    return deps.storeQueue.run(async () => {
      const settings = await deps.readSettings();
      await checkPageAccount(settings, account);
      const triage = await triageOf.read();
      const [next, result, write] = await change(triage, settings);
      if (next !== triage) await writeTriage(next, write);
      return result;
    });
  }

  /** A change of the saved mentions in the store queue, as updateTriage. */
  function updateSaved<T>(
    change: (saved: SavedMentions) => Promise<[SavedMentions, T]>,
    account: string | undefined,
  ): Promise<T> {
    return deps.storeQueue.run(async () => {
      await checkPageAccount(await deps.readSettings(), account);
      const saved = await savedOf.read();
      const [next, result] = await change(saved);
      if (next !== saved) await savedOf.setValue(next);
      return result;
    });
  }

  /** Mute and muteMany: the rules asked for, in one write with the preview they change. */
  function addRules(requests: readonly RuleRequest[], account: string | undefined) {
    const wanted = normalRequests(requests);
    return updateTriage((triage) => {
      const result = withRules(triage, wanted, deps.now());
      return [result.triage, result, { preview: true }];
    }, account);
  }

  const removeRules = (ruleIds: readonly string[], account: string | undefined) =>
    updateTriage((triage) => [withoutRules(triage, ruleIds), null, { preview: true }], account);

  /** saveMention and saveMentions: copies of the stored mentions of `keys`, in one write. */
  function saveKeys(
    keys: readonly MentionKey[],
    overflow: SaveOptions['overflow'],
    account: string | undefined,
  ) {
    return updateSaved(async (saved) => {
      const result = withSavedKeys(saved, await deps.readStore(), keys, deps.now(), { overflow });
      return [result.saved, result];
    }, account);
  }

  const unsaveKeys = (keys: readonly MentionKey[], account: string | undefined) =>
    updateSaved(async (saved) => [withoutSavedKeys(saved, keys), null], account);

  /**
   * The hold over (or lifted): what it held back raised as one summary, unless notifications
   * are off altogether. `lift` is resume's change of the state before the hold is looked at.
   */
  function endHold(lift: (triage: TriageState, settings: Settings) => TriageState) {
    return updateTriage(async (triage, settings): Promise<[TriageState, null, TriageWrite]> => {
      const now = deps.now();
      const name = notifyingAccountName(await readSettings(), deps.account);
      const lifted = lift(triage, settings);
      const held = applyHold(lifted, settings.quietHours, now, [], deps.account, name);
      const notifications = settings.notificationsEnabled ? held.notifications : [];
      return [held.triage, null, { notifications }];
    });
  }

  async function scheduleSnoozeEnd(until: number | null): Promise<void> {
    if (until === null) await browser.alarms.clear(alarm);
    else await browser.alarms.create(alarm, { when: until });
  }

  return {
    /** The snooze alarm fired: ends the snooze if its time has come (else sets it again). */
    async onSnoozeEnd(): Promise<void> {
      const until = (await triageOf.read()).snooze?.until;
      if (typeof until === 'number' && until > deps.now()) return scheduleSnoozeEnd(until);
      await endHold((triage) => triage);
    },

    commands: parsingHandlers({
      async mute({ account, ...request }) {
        const { rules } = await addRules([request], account);
        return { rule: rules[0] };
      },

      /** Many rules at once (the mentions page): only the new ones answer, for the undo. */
      async muteMany({ rules, account }) {
        const { added } = await addRules(rules, account);
        return { added };
      },

      async unmute({ ruleId, account }) {
        await removeRules([ruleId], account);
      },

      async unmuteMany({ ruleIds, account }) {
        await removeRules(ruleIds, account);
      },

      async setProjectSwitches({ projectId, notify, badge, account }) {
        await updateTriage((triage) => {
          const id = String(projectId);
          const before = triage.projectSwitches[id] ?? { notify: true, badge: true };
          const after = { notify: notify ?? before.notify, badge: badge ?? before.badge };
          if (after.notify === before.notify && after.badge === before.badge) return [triage, null];
          // Only projects changed from the default are kept (both on is the default).
          const projectSwitches = { ...triage.projectSwitches, [id]: after };
          if (after.notify && after.badge) delete projectSwitches[id];
          return [{ ...triage, projectSwitches }, null];
        }, account);
      },

      async snooze({ until }) {
        if (until !== null && until <= deps.now()) throw invalid('bgSnoozeInPast');
        await updateTriage((triage) => [{ ...triage, snooze: { until } }, null]);
        await scheduleSnoozeEnd(until);
      },

      async resumeNotifications() {
        const now = deps.now();
        await endHold((triage, { quietHours }) => ({
          ...triage,
          // Ended now: the summary is worded after the snooze.
          snooze: triage.snooze && { until: now },
          // Quiet hours under way are lifted until they end; the next ones hold again.
          ...(isQuietAt(quietHours, new Date(now))
            ? { quietResumedUntil: quietEndsAt(quietHours, new Date(now)).getTime() }
            : {}),
        }));
        await scheduleSnoozeEnd(null);
      },

      async saveMention({ key, account }) {
        const { missing } = await saveKeys([key], 'drop-oldest', account);
        // Nothing was written: the one mention asked for has no record to copy.
        if (missing.length > 0) throw invalid('bgMentionNotStored');
      },

      /**
       * Many at once (the mentions page): those already saved, or no longer stored, are passed
       * over; refused whole, in words, when the saved list would have to let older ones go.
       */
      async saveMentions({ keys, account }) {
        const { added } = await saveKeys(keys, 'refuse', account);
        return { saved: added.length };
      },

      async unsaveMention({ key, account }) {
        await unsaveKeys([key], account);
      },

      async unsaveMentions({ keys, account }) {
        await unsaveKeys(keys, account);
      },

      async importSettings({ backup: file }) {
        // The options page read the file and listed its problems (parseBackup); the schema takes
        // only values storage reads back unchanged (command-schemas.ts), else 'malformed request'.
        return applyBackup(deps, file);
      },
    }),
  };
}
