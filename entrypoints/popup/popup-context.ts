// One popup session: its state and its commands, made once by PopupApp and given to the parts of
// the popup through PopupContext, each taking what it uses (usePopup). The popup paints at once
// from what the background stored (a small preview of the store, then the store itself right
// after: lib/mention-view/lists.ts), watches storage while open, and sends every change (read
// state, refresh, a new project) to the background as a command. What to show is decided by the
// pure functions in lib/mention-view; each concern's state is a hook of its own (use-*.ts).
import { createContext, type RefObject } from 'preact';
import { useContext, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'preact/hooks';
import type { ListControl } from '@/components/MentionList';
import { useUndo } from '@/components/use-undo';
import type { Report } from '@/lib/mention-view/actions';
import type { PopupFirstRead } from '@/lib/mention-view/first-read';
import { useNow } from '@/components/RelativeTime';
import { siteStatus, type SiteStatus } from '@/lib/site/site-status';
import { popupState } from '@/lib/mention-view/view-model';
import { listAccounts } from '@/lib/accounts/accounts';
import { shownStatus } from '@/lib/mention-view/account-mentions';
import type { AccountData } from '@/lib/mention-view/popup-data';
import { initialSyncStatus } from '@/lib/sync/status';
import { useMentionFilter } from '@/entrypoints/popup/use-mention-filter';
import { useOpenAll } from '@/entrypoints/popup/use-open-all';
import { useActiveSite, usePopupData } from '@/entrypoints/popup/use-popup-data';
import { usePopupKeys } from '@/entrypoints/popup/use-popup-keys';
import { useReadActions } from '@/entrypoints/popup/use-read-actions';
import { useRefresh } from '@/entrypoints/popup/use-refresh';
import { useSiteForm } from '@/entrypoints/popup/use-site-form';
import { useTriageActions } from '@/entrypoints/popup/use-triage-actions';

const UNKNOWN_STATUS: SiteStatus = { kind: 'unknown' };

/**
 * Whether a project watches the current site: the first account's that has one, and how many
 * more of every account do.
 */
function siteStatusOfAccounts(
  host: string,
  accounts: readonly AccountData[] | null,
  unreadByProject: (account: string) => Readonly<Record<number, number>>,
): SiteStatus {
  if (accounts === null || accounts.length === 0) return siteStatus(host, null, {});
  const found = accounts.map((account) =>
    siteStatus(host, account.projects, unreadByProject(account.id)),
  );
  const first = found.find((status) => status.kind === 'monitored');
  if (!first || first.kind !== 'monitored') return found[0];
  const others = found.reduce(
    (sum, status) => sum + (status.kind === 'monitored' ? status.others + 1 : 0),
    -1,
  );
  return { ...first, others };
}

/** How long a report stays on screen. */
const REPORT_MS = 8_000;

/** The popup's one short report at a time (a refresh's result, a failed command), for StatusToast. */
function useReport(): [Report | null, (report: Report | null) => void] {
  const [report, setReport] = useState<Report | null>(null);
  // The report fades after a while; a newer one restarts the clock.
  useEffect(() => {
    if (report === null) return;
    const timer = setTimeout(() => setReport(null), REPORT_MS);
    return () => clearTimeout(timer);
  }, [report]);
  return [report, setReport];
}

interface Help {
  open: boolean;
  show(): void;
  close(): void;
}

/**
 * The keyboard help (?), over the popup until closed. The dialog gives focus back to the element
 * that had it (components/ShortcutHelp.tsx); opened from a mention, that row may be another element
 * by then (the store came in under the help and the row moved to a page not rendered yet), so
 * focus goes back to the same mention through the list, which renders its row first if need be.
 */
function useHelp(list: RefObject<ListControl | null>): Help {
  const [open, setOpen] = useState(false);
  const fromList = useRef(false);
  // A layout effect, so focus is back before the frame without the help is painted.
  useLayoutEffect(() => {
    if (open || !fromList.current) return;
    fromList.current = false;
    const focused = document.activeElement;
    if (focused === null || focused === document.body) list.current?.move('next', false);
  }, [open]);
  return {
    open,
    show() {
      fromList.current = document.activeElement?.closest('[data-mention-list]') != null;
      setOpen(true);
    },
    close: () => setOpen(false),
  };
}

type PopupSession = ReturnType<typeof usePopupSession>;

export function usePopupSession(firstRead: PopupFirstRead) {
  const { data, loadedAt, firstScreen, replace } = usePopupData(firstRead);
  const now = useNow();
  const site = useActiveSite(firstRead.activeTab);
  const [report, setReport] = useReport();
  const list = useMentionFilter(data, loadedAt);
  const siteForm = useSiteForm(setReport);
  const undo = useUndo();
  const read = useReadActions(list, setReport, undo.offerUndo);
  const triage = useTriageActions(list.triage, list, read.onToggleRead, {
    report: setReport,
    offerUndo: undo.offerUndo,
  });
  const openAll = useOpenAll(list, read.markRead, setReport);
  const refresh = useRefresh(data, replace, list.revealUpTo, setReport, firstRead.readAll);
  const listControl = useRef<ListControl | null>(null);
  const projectSelect = useRef<HTMLSelectElement | null>(null);
  const help = useHelp(listControl);
  const { mentions, visible, filter } = list;

  const host = site.kind === 'site' ? site.host : null;
  const accounts = data?.accounts ?? null;
  const status = useMemo(
    () =>
      host === null
        ? UNKNOWN_STATUS
        : siteStatusOfAccounts(host, accounts, (id) => list.mentionsOf(id)?.unreadByProject ?? {}),
    [host, accounts, mentions],
  );
  const configured = data ? listAccounts(data.settings).length > 0 : false;
  // With several accounts, the one whose status the popup speaks of (its problem, its last check).
  const syncStatus =
    shownStatus(accounts?.map((account) => account.status) ?? []) ?? initialSyncStatus();
  const statusIndex = accounts?.findIndex((account) => account.status === syncStatus) ?? -1;
  const statusAccount = data && accounts ? listAccounts(data.settings)[statusIndex] : undefined;
  const state = popupState({
    configured,
    status: syncStatus,
    projectCount: accounts?.reduce((sum, account) => sum + account.projects.length, 0) ?? 0,
    mentionCount: mentions?.total ?? 0,
    filter,
    shownCount: visible.shown.length,
    pending: visible.pending,
  });

  usePopupKeys(() => ({
    formOpen: siteForm.open,
    canRefresh: configured,
    refresh: () => void refresh.refresh(),
    filter: projectSelect.current,
    list: state.body === 'list' ? listControl.current : null,
    // A dialog over the popup (the help, the question before opening many tabs, the phrase to
    // mute) has the keys.
    helpOpen: help.open || openAll.asking !== null || triage.phraseOf !== null,
    openHelp: help.show,
  }));

  // Until the settings are read, the site line assumes a set-up popup (nothing flickers).
  const configuredNow = data ? configured : true;
  return {
    data,
    syncStatus,
    /** The service address of the account the status is of. */
    statusServiceUrl: statusAccount?.serviceUrl ?? data?.settings.serviceUrl ?? '',
    firstScreen,
    now,
    site,
    report,
    list,
    siteForm,
    read,
    undo,
    triage,
    openAll,
    refresh,
    state,
    configured,
    listControl,
    projectSelect,
    help,
    siteLine: {
      status,
      configured: configuredNow,
      filterOffered: configuredNow && (mentions?.total ?? 0) > 0,
      toggleFilter: () => list.changeFilter({ site: filter.site ? null : host }),
    },
    canMarkAll: visible.shown.some((m) => !m.read) || (visible.pending && list.scopeUnread !== 0),
  };
}

export const PopupContext = createContext<PopupSession | null>(null);

/** The popup session, inside PopupApp. */
export function usePopup(): PopupSession {
  return useContext(PopupContext)!;
}
