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
import { FIRST_ACCOUNT, listAccounts } from '@/lib/accounts/accounts';
import { accountData } from '@/lib/messaging/page-account';
import { allMentionsNewestFirst as allMentions } from '@/lib/mentions/store';
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
    // Every account the popup shows checks now, each in its own world.
    const ids = data?.accounts.map((account) => account.id) ?? [];
    const results = await Promise.all(
      (ids.length > 0 ? ids : [FIRST_ACCOUNT]).map((id) => {
        // The first account's poll takes no data, as a page of one account always sent it.
        const named = accountData(id);
        return callBackground('pollNow', named.accountId === undefined ? undefined : named, {
          unanswered: (reason) => reason,
        });
      }),
    );
    try {
      const fresh = await readPopupData(readAll);
      replace(fresh);
      const configured = listAccounts(fresh.settings).length > 0;
      const outcomes = fresh.accounts.map((account, index) =>
        refreshOutcome({
          result: results[index] ?? results[0],
          startedAt,
          configured,
          status: account.status,
          store: account.store,
        }),
      );
      report(describeOutcome(combinedOutcome(outcomes)));
      // The reader asked for fresh mentions: show them now rather than behind a button.
      revealUpTo(
        latestFirstSeenIn(fresh.accounts.flatMap((account) => allMentions(account.store))),
      );
    } finally {
      running.current = false;
      setRefreshing(false);
    }
  }

  async function allowAccess() {
    // The account that lacks it (the notice's), else the first.
    const accounts = data ? listAccounts(data.settings) : [];
    const lacking = data?.accounts.find((account) => account.status.permissionMissing)?.id;
    const account = accounts.find((each) => each.id === lacking) ?? accounts[0];
    const pattern = hostPermissionPattern(account?.serviceUrl ?? data?.settings.serviceUrl ?? '');
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

/** Every account's refresh as one: the first that did not run, else what they found together. */
function combinedOutcome(outcomes: readonly RefreshOutcome[]): RefreshOutcome {
  const trouble = outcomes.find((outcome) => outcome.kind !== 'done');
  if (trouble || outcomes.length === 1) return trouble ?? outcomes[0];
  let added = 0;
  let partial = false;
  for (const outcome of outcomes) {
    if (outcome.kind !== 'done') continue;
    added += outcome.added;
    partial ||= outcome.partial;
  }
  return { kind: 'done', added, partial };
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
