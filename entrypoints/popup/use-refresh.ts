// "Refresh" (the header's button, the R key, a notice's "Try again") and "Allow access": ask the
// background to poll now, then read storage afresh and say in the toast what the poll achieved.
import { useRef, useState } from 'preact/hooks';
import { browser } from 'wxt/browser';
import type { Report } from '@/lib/mention-view/actions';
import { t, tn } from '@/lib/i18n';
import { callBackground } from '@/lib/messaging/call-background';
import { hostPermissionPattern } from '@/lib/permissions/host-pattern';
import type { PopupFirstRead } from '@/lib/mention-view/first-read';
import { readPopupData, type PopupData } from '@/lib/mention-view/popup-data';
import { refreshOutcome, type RefreshOutcome } from '@/lib/sync/refresh-result';
import { isConfigured } from '@/lib/settings/settings';
import type { LoadedData } from '@/entrypoints/popup/use-popup-data';
import { latestFirstSeenIn } from '@/entrypoints/popup/use-mention-filter';

export interface Refresh {
  refreshing: boolean;
  refresh(): Promise<void>;
  /** Asks for the service's host permission (within the click), then refreshes. */
  allowAccess(): Promise<void>;
}

export function useRefresh(
  data: PopupData | null,
  replace: LoadedData['replace'],
  revealUpTo: (latestFirstSeen: number) => void,
  report: (report: Report | null) => void,
  readAll: PopupFirstRead['readAll'],
): Refresh {
  const [refreshing, setRefreshing] = useState(false);
  // A press while a refresh runs is ignored (the state would only change at the next render).
  const running = useRef(false);

  async function refresh() {
    if (running.current) return;
    running.current = true;
    setRefreshing(true);
    report(null);
    const startedAt = Date.now();
    const result = await callBackground('pollNow', undefined, { unanswered: (reason) => reason });
    try {
      const fresh = await readPopupData(readAll);
      replace(fresh);
      const outcome = refreshOutcome({
        result,
        startedAt,
        configured: isConfigured(fresh.settings),
        status: fresh.status,
        store: fresh.store,
      });
      report(describeOutcome(outcome));
      // The reader asked for fresh mentions: show them now rather than behind a button.
      revealUpTo(latestFirstSeenIn(Object.values(fresh.store.byProject).flat()));
    } finally {
      running.current = false;
      setRefreshing(false);
    }
  }

  async function allowAccess() {
    const pattern = hostPermissionPattern(data?.settings.serviceUrl ?? '');
    let granted: boolean;
    try {
      // The first await of the click: the browser grants only from within a user gesture.
      granted = pattern ? await browser.permissions.request({ origins: [pattern] }) : false;
    } catch {
      granted = false;
    }
    if (!granted) {
      report({ text: t('popupPermissionDenied'), tone: 'error' });
      return;
    }
    await refresh();
  }

  return { refreshing, refresh, allowAccess };
}

/** A refresh's outcome in words, for the toast. */
function describeOutcome(outcome: RefreshOutcome): Report {
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
