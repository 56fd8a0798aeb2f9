// A time as "5 minutes ago", the exact time on hover, and the instant for machines.
import { t, uiLanguage } from '@/lib/i18n';
import { exactTime, isoTime, relativeTime } from '@/lib/popup/relative-time';

export interface RelativeTimeProps {
  epochMs: number;
  now: number;
  /** Wraps the relative words, e.g. "Checked $1"; the whole phrase is the <time> element. */
  phrase?: (relative: string) => string;
  class?: string;
}

export function RelativeTime({ epochMs, now, phrase, class: className }: RelativeTimeProps) {
  const language = uiLanguage();
  const relative = relativeTime(epochMs, now, language, t('popupJustNow'));
  return (
    <time class={className} dateTime={isoTime(epochMs)} title={exactTime(epochMs, language)}>
      {phrase ? phrase(relative) : relative}
    </time>
  );
}
