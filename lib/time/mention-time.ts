// The tooltip of a mention's time: the local date and time, and the service's own string beside
// it (service-notes.md), so a reader can check the conversion against what the service shows.
import { t } from '@/lib/i18n';
import { longTime } from '@/lib/time/format';

/** A remote string in a tooltip: trimmed and capped (a timestamp is never this long). */
const MAX_SERVICE_TEXT = 40;

export function mentionTimeTitle(epochMs: number, serviceText: string, locale: string): string {
  const local = longTime(epochMs, locale);
  const own = String(serviceText ?? '')
    .trim()
    .slice(0, MAX_SERVICE_TEXT);
  return own === '' ? local : t('mentionTimeTooltip', [local, own]);
}
