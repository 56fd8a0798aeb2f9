// Whether desktop notifications are held now (a snooze, or the quiet hours of the settings), and
// what a poll or the end of a hold does with them: held ones are only counted (`missed`); once the
// hold is over, what was missed comes back as ONE summary, never one by one.
import { heldSummary, type MentionNotification } from '@/lib/mentions/notify';
import { isQuietAt, quietEndsAt, type QuietHours } from '@/lib/settings/quiet-hours';
import { isSnoozed, type TriageState } from '@/lib/triage/triage-state';

type Hold = { kind: 'snooze'; until: number | null } | { kind: 'quiet'; until: number };

/**
 * What holds notifications at `now`, and until when (null: until turned back on). A snooze comes
 * first: it is what the person chose last. Quiet hours that "Resume notifications" lifted
 * (quietResumedUntil) hold nothing until they end.
 */
export function holdOf(triage: TriageState, quiet: QuietHours, now: number): Hold | null {
  if (isSnoozed(triage, now)) return { kind: 'snooze', until: triage.snooze?.until ?? null };
  const date = new Date(now);
  if (!isQuietAt(quiet, date) || (triage.quietResumedUntil ?? 0) > now) return null;
  return { kind: 'quiet', until: quietEndsAt(quiet, date).getTime() };
}

interface Held {
  triage: TriageState;
  notifications: MentionNotification[];
}

/**
 * The notifications to raise now, and the state after. While held, none: their mentions are
 * added to `missed`. Once the hold is over, what was missed and what is new make one summary,
 * worded after the snooze when one just ended, else after the quiet hours. Returns the same state
 * object when nothing changed (nothing to write). The summary is account `account`'s, named
 * `accountName` when given (one of several accounts).
 */
export function applyHold(
  triage: TriageState,
  quiet: QuietHours,
  now: number,
  notifications: readonly MentionNotification[],
  account: string,
  accountName?: string,
): Held {
  const count = notifications.reduce((n, notification) => n + notification.count, 0);
  if (holdOf(triage, quiet, now)) {
    return {
      triage: count === 0 ? triage : { ...triage, missed: triage.missed + count },
      notifications: [],
    };
  }
  if (triage.snooze === null && triage.missed === 0)
    return { triage, notifications: [...notifications] };
  const next: TriageState = { ...triage, snooze: null, missed: 0 };
  if (triage.missed === 0) return { triage: next, notifications: [...notifications] };
  const reason = triage.snooze === null ? 'quiet' : 'snooze';
  return {
    triage: next,
    notifications: [heldSummary(triage.missed + count, reason, now, account, accountName)],
  };
}
