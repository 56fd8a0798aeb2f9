// The toolbar's "Snooze notifications" menu: for an hour, until the next morning, or until turned
// back on. The times are the reader's local ones, in the UI language's format. Loaded the first
// time the menu opens.
import { Menu } from '@/components/Menu';
import { t, uiLanguage } from '@/lib/i18n';
import { sendCommand, type Reporter } from '@/lib/mention-view/send-command';
import { clockTime, snoozeChoices } from '@/lib/mention-view/snooze';

export interface SnoozeMenuProps {
  button: HTMLElement;
  report: Reporter;
  onClose(refocus: boolean): void;
}

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
