// The line at the foot of the popup while notifications are held (lib/triage/hold.ts): "Notifications
// snoozed until 14:30", or "Quiet hours until 08:00", with "Resume notifications" (which lifts
// tonight's quiet hours too). The badge still counts meanwhile. Loaded only when there may be
// something to say.
import { Icon } from '@/components/Icon';
import { t, uiLanguage } from '@/lib/i18n';
import { sendCommand, type Reporter } from '@/lib/mention-view/send-command';
import { clockTime, daysBetween } from '@/lib/mention-view/snooze';
import type { QuietHours } from '@/lib/settings/quiet-hours';
import { shortDateTime } from '@/lib/time/format';
import { holdOf } from '@/lib/triage/hold';
import type { TriageState } from '@/lib/triage/triage-state';

export interface SnoozeStatusProps {
  triage: TriageState;
  quietHours: QuietHours;
  now: number;
  report: Reporter;
}

/** The snooze's end in words: the time today, "tomorrow" and the time, or a date further on. */
function snoozedUntil(until: number, now: number): string {
  const locale = uiLanguage();
  const days = daysBetween(new Date(now), new Date(until));
  if (days === 0) return t('popupSnoozedUntil', clockTime(until, locale));
  if (days === 1) return t('popupSnoozedUntilTomorrow', clockTime(until, locale));
  return t('popupSnoozedUntil', shortDateTime(until, now, locale));
}

export function SnoozeStatus({ triage, quietHours, now, report }: SnoozeStatusProps) {
  const hold = holdOf(triage, quietHours, now);
  if (!hold) return null;
  let text: string;
  if (hold.kind === 'quiet') text = t('popupQuietUntil', clockTime(hold.until, uiLanguage()));
  else if (hold.until === null) text = t('popupSnoozedIndefinitely');
  else text = snoozedUntil(hold.until, now);
  return (
    <div class="snooze-status">
      <Icon name="bell" />
      <span class="snooze-status__text">{text}</span>
      <button
        type="button"
        class="button button--quiet"
        onClick={() => void sendCommand('resumeNotifications', {}, report)}
      >
        {t('popupResume')}
      </button>
    </div>
  );
}
