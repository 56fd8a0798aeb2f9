// Quiet hours in the preferences: a switch and the span's two ends, in local time. The span's rules
// (crossing midnight, start equal to end) are lib/settings/quiet-hours.ts's; this only edits it.
import type { QuietHours } from '@/lib/settings/quiet-hours';
import { t } from '@/lib/i18n';
import { Switch } from '@/components/form/Switch';

interface QuietHoursFieldsProps {
  quiet: QuietHours;
  onChange(next: QuietHours, saved: string): void;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** Minutes after midnight as a time input's value: 1350 → "22:30". */
function timeText(minutes: number): string {
  return `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;
}

/** A time input's value as minutes after midnight, or null when it holds no whole time. */
function minutesOf(value: string): number | null {
  const match = /^(\d{2}):(\d{2})(?::\d{2}(?:\.\d+)?)?$/.exec(value);
  if (!match) return null;
  const hours = Number(match[1]);
  const minutes = Number(match[2]);
  return hours < 24 && minutes < 60 ? hours * 60 + minutes : null;
}

export function QuietHoursFields({ quiet, onChange }: QuietHoursFieldsProps) {
  const savedText = (next: QuietHours) =>
    next.enabled
      ? t('optionsSavedQuietOn', [timeText(next.start), timeText(next.end)])
      : t('optionsSavedQuietOff');

  const time = (which: 'start' | 'end', label: string) => (
    <div class="field quiet-time">
      <label for={`quiet-${which}`}>{label}</label>
      <input
        id={`quiet-${which}`}
        type="time"
        value={timeText(quiet[which])}
        aria-describedby="quiet-hours-hint"
        onChange={(event) => {
          const minutes = minutesOf(event.currentTarget.value);
          // An input cleared or half typed is not a time: the stored one stays.
          if (minutes === null || minutes === quiet[which]) return;
          const next = { ...quiet, [which]: minutes };
          onChange(next, savedText(next));
        }}
      />
    </div>
  );

  return (
    <div class="quiet-hours">
      <Switch
        id="quiet-hours"
        label={t('optionsQuietLabel')}
        checked={quiet.enabled}
        onChange={(enabled) => {
          const next = { ...quiet, enabled };
          onChange(next, savedText(next));
        }}
      />
      <div class="field-row">
        {time('start', t('optionsQuietStart'))}
        {time('end', t('optionsQuietEnd'))}
      </div>
      <p id="quiet-hours-hint" class="hint">
        {quiet.enabled && quiet.start === quiet.end ? t('optionsQuietSame') : t('optionsQuietHint')}
      </p>
    </div>
  );
}
