// The state of one popup session and its commands, for App.tsx to lay out. The popup paints at
// once from what the background stored (a small preview of the store, then the store itself right
// after: lib/mention-view/first-paint.ts), watches storage while open, and sends every change (read
// state, refresh, a new project) to the background as a command. What to show is decided by the
// pure functions in lib/mention-view; each concern's state is a hook of its own (use-*.ts).
import { useMemo, useRef, useState } from 'preact/hooks';
import type { ListControl } from '@/components/MentionList';
import { useNow } from '@/components/RelativeTime';
import { siteStatus, type SiteStatus } from '@/lib/site/site-status';
import { popupState } from '@/lib/mention-view/view-model';
import { isConfigured } from '@/lib/settings/settings';
import { initialSyncStatus } from '@/lib/sync/status';
import { useActiveSite, usePopupData } from '@/entrypoints/popup/hooks';
import { useMentionFilter } from '@/entrypoints/popup/use-mention-filter';
import { useOpenAll } from '@/entrypoints/popup/use-open-all';
import { usePopupKeys } from '@/entrypoints/popup/use-popup-keys';
import { useReadActions } from '@/entrypoints/popup/use-read-actions';
import { useRefresh } from '@/entrypoints/popup/use-refresh';
import { useReport } from '@/entrypoints/popup/use-report';
import { useSiteForm } from '@/entrypoints/popup/use-site-form';
import { useTriageActions } from '@/entrypoints/popup/use-triage-actions';
import { useUndo } from '@/components/use-undo';

const UNKNOWN_STATUS: SiteStatus = { kind: 'unknown' };

export type PopupController = ReturnType<typeof usePopupController>;

export function usePopupController() {
  const { data, loadedAt, firstScreen, replace } = usePopupData();
  const now = useNow();
  const site = useActiveSite();
  const [report, setReport] = useReport();
  const list = useMentionFilter(data, loadedAt);
  const siteForm = useSiteForm(setReport);
  const undo = useUndo();
  const read = useReadActions(list, setReport, undo.offerUndo);
  const triage = useTriageActions(data?.triage ?? null, list, read.onToggleRead, {
    report: setReport,
    offerUndo: undo.offerUndo,
  });
  const openAll = useOpenAll(list, read.markRead, setReport);
  const refresh = useRefresh(data, replace, list.revealUpTo, setReport);
  const listControl = useRef<ListControl | null>(null);
  const projectSelect = useRef<HTMLSelectElement | null>(null);
  const [helpOpen, setHelpOpen] = useState(false);
  const { mentions, visible, filter } = list;

  const host = site.kind === 'site' ? site.host : null;
  const projectList = data?.projects ?? null;
  const unreadByProject = mentions?.unreadByProject;
  const status = useMemo(
    () => (host === null ? UNKNOWN_STATUS : siteStatus(host, projectList, unreadByProject ?? {})),
    [host, projectList, unreadByProject],
  );
  const configured = data ? isConfigured(data.settings) : false;
  const state = popupState({
    configured,
    status: data?.status ?? initialSyncStatus(),
    projectCount: data?.projects.length ?? 0,
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
    helpOpen: helpOpen || openAll.asking !== null || triage.phraseOf !== null,
    openHelp: () => setHelpOpen(true),
  }));

  // Until the settings are read, the site line assumes a set-up popup (nothing flickers).
  const configuredNow = data ? configured : true;
  return {
    data,
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
    /** The keyboard help (?), over the popup until closed. */
    help: { open: helpOpen, close: () => setHelpOpen(false) },
    siteLine: {
      status,
      configured: configuredNow,
      filterOffered: configuredNow && (mentions?.total ?? 0) > 0,
      toggleFilter: () => list.changeFilter({ site: filter.site ? null : host }),
    },
    canMarkAll: visible.shown.some((m) => !m.read) || (visible.pending && list.scopeUnread !== 0),
  };
}
