// Snoozing notifications in the popup: the toolbar's menu that starts a hold (SnoozeMenu), and the
// line at the popup's foot while one holds (SnoozeStatus). Both are loaded with the rest of the
// triage interface (triage-ui.ts), never in the first paint.
import { Icon } from '@/components/Icon';
import { Menu } from '@/components/Menu';
import { t, uiLanguage } from '@/lib/i18n';
import { sendCommand, type Reporter } from '@/lib/mention-view/actions';
import { clockTime, daysBetween, snoozeChoices } from '@/lib/mention-view/snooze';
import type { QuietHours } from '@/lib/settings/quiet-hours';
import { shortDateTime } from '@/lib/time/format';
import { holdOf } from '@/lib/triage/hold';
import type { TriageState } from '@/lib/triage/triage-state';

export interface SnoozeMenuProps {
  button: HTMLElement;
  report: Reporter;
  onClose(refocus: boolean): void;
}

/**
 * The toolbar's "Snooze notifications" menu: for an hour, until the next morning, or until turned
 * back on. The times are the reader's local ones, in the UI language's format. Loaded the first
 * time the menu opens.
 */
export function SnoozeMenu({ button, report, onClose }: SnoozeMenuProps) {
  const choices = snoozeChoices(new Date());
  /** Until then (epoch ms), or until turned back on (null). */
  const onSnooze = (until: number | null) => void sendCommand('snooze', { until }, report);
  const morning = clockTime(choices.morning, uiLanguage());
  const items = [
    { label: t('popupSnoozeHour'), onSelect: () => onSnooze(choices.hour) },
    {
      label: choices.morningIsTomorrow
        ? t('popupSnoozeTomorrow', morning)
        : t('popupSnoozeToday', morning),
      onSelect: () => onSnooze(choices.morning),
    },
    { label: t('popupSnoozeOff'), onSelect: () => onSnooze(null) },
  ];
  return <Menu button={button} items={items} onClose={onClose} />;
}

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

/**
 * The line at the foot of the popup while notifications are held (lib/triage/hold.ts):
 * "Notifications snoozed until 14:30", or "Quiet hours until 08:00", with "Resume notifications"
 * (which lifts tonight's quiet hours too). The badge still counts meanwhile. Loaded only when
 * there may be something to say.
 */
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
