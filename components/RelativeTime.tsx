// A time as "5 minutes ago", the exact time on hover, and the instant for machines, and the one
// clock of the pages that keeps such words true while a page stays open. A time too far ahead of
// our clock reads as its date and time instead (lib/time/relative-time.ts).
import { useEffect, useState } from 'preact/hooks';
import { t, uiLanguage } from '@/lib/i18n';
import { exactTime, isoTime, mentionTimeTitle } from '@/lib/time/format';
import { formatAge } from '@/lib/time/relative-time';

interface RelativeTimeProps {
  epochMs: number;
  now: number;
  /** Wraps the relative words, e.g. "Checked $1"; the whole phrase is the <time> element. */
  phrase?: (relative: string) => string;
  /**
   * The time exactly as the service wrote it (a mention's `date_added`): the tooltip then shows it
   * beside the local time.
   */
  serviceText?: string;
  class?: string;
}

export function RelativeTime({
  epochMs,
  now,
  phrase,
  serviceText,
  class: className,
}: RelativeTimeProps) {
  const language = uiLanguage();
  const relative = formatAge(epochMs, now, language, t('popupJustNow'));
  const title =
    serviceText === undefined
      ? exactTime(epochMs, language)
      : mentionTimeTitle(epochMs, serviceText, language);
  return (
    <time class={className} dateTime={isoTime(epochMs)} title={title}>
      {phrase ? phrase(relative) : relative}
    </time>
  );
}

/** The current time (epoch ms), updated every `everyMs`: the `now` every RelativeTime reads. */
export function useNow(everyMs = 30_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}
