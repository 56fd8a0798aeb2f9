// A refresh's outcome in words, for the header's status toast.
import type { Report } from '@/components/Toasts';
import { t, tn } from '@/lib/i18n';
import type { RefreshOutcome } from '@/lib/sync/refresh-result';

export function describeOutcome(outcome: RefreshOutcome): Report {
  const error = (text: string): Report => ({ text, tone: 'error' });
  switch (outcome.kind) {
    case 'done': {
      const found =
        outcome.added > 0 ? tn('popupRefreshNew', outcome.added) : t('popupRefreshNone');
      return outcome.partial
        ? error(`${found}. ${t('popupRefreshPartial')}`)
        : { text: found, tone: 'info' };
    }
    case 'failed':
      return error(t('popupRefreshFailed', outcome.message));
    case 'key-rejected':
      return error(t('popupKeyRejectedTitle'));
    case 'permission-missing':
      return error(t('popupPermissionTitle'));
    case 'not-set-up':
      return error(t('popupNotSetUpTitle'));
    case 'skipped':
      return error(t('popupRefreshSkipped'));
  }
}
