// "Refresh" (the header's button, the R key, a notice's "Try again") and "Allow access": ask the
// background to poll now, then read storage afresh and say in the toast what the poll achieved.
import { useRef, useState } from 'preact/hooks';
import { browser } from 'wxt/browser';
import type { Report } from '@/components/Toasts';
import { t } from '@/lib/i18n';
import { callBackground } from '@/lib/messaging/call-background';
import { hostPermissionPattern } from '@/lib/permissions/host-pattern';
import { readPopupData, type PopupData } from '@/lib/mention-view/popup-data';
import { refreshOutcome } from '@/lib/sync/refresh-result';
import { isConfigured } from '@/lib/settings/settings';
import type { LoadedData } from '@/entrypoints/popup/hooks';
import { latestFirstSeenIn } from '@/entrypoints/popup/mention-view';
import { describeOutcome } from '@/entrypoints/popup/outcome';

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
      const fresh = await readPopupData();
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
