// The mentions page's accounts as one: every account's mentions (stored and saved) in one list,
// newest first, with one triage (lib/mention-view/account-mentions.ts); the first screen from
// the previews of the accounts the filter shows; and, with several accounts, the name each goes
// by and its projects for the filters. With one account, its own values as they always were.
import { useMemo } from 'preact/hooks';
import { t } from '@/lib/i18n';
import { combinedTriage, shownAccountNames } from '@/lib/mention-view/account-mentions';
import type { TriageData } from '@/lib/mention-view/popup-data';
import type { PageFilter } from '@/lib/mentions-page/page-filter';
import { pageMentionsOfAccounts } from '@/lib/mentions-page/page-results';
import type { MentionPreview } from '@/lib/mentions/preview';
import { newestFirst, type StoredMention } from '@/lib/mentions/store';
import type { ServiceProject } from '@/lib/projects/types';
import type { FilterAccount } from '@/entrypoints/mentions/FilterBar';
import type { PageData } from '@/entrypoints/mentions/use-page-data';

interface PageAccounts {
  /** Until every account's store and triage are read. */
  loading: boolean;
  /** Every account's mentions and saved copies, newest first; empty while loading. */
  all: StoredMention[];
  triage: TriageData | null;
  /** The first screen's source: the shown accounts' previews as one. */
  preview: MentionPreview | null;
  /** The projects of the page of one account. */
  projects: readonly ServiceProject[];
  /** With several accounts: each, for the account and project filters. */
  filters: FilterAccount[] | undefined;
  /** A project's name in its account (the first listed when not named). */
  projectName(projectId: number, account?: string): string;
  accountName: ((account: string) => string) | undefined;
}

/** The previews as one: counts summed, the newest of each kind first. */
function mergedPreview(previews: readonly (MentionPreview | null)[]): MentionPreview | null {
  if (previews.length === 1) return previews[0];
  if (previews.some((preview) => preview === null)) return null;
  const all = previews as MentionPreview[];
  const reads = all.map((preview) => preview.newestRead);
  return {
    ...all[0],
    mentions: all.reduce((sum, preview) => sum + preview.mentions, 0),
    unread: all.reduce((sum, preview) => sum + preview.unread, 0),
    newestUnread: newestFirst(all.flatMap((preview) => preview.newestUnread)),
    newestRead: reads.includes(null) ? null : newestFirst(reads.flat() as StoredMention[]),
  };
}

export function usePageAccounts(data: PageData, filter: PageFilter): PageAccounts {
  const { accounts, settings } = data;
  const several = accounts.length > 1;
  const loading = accounts.some((account) => account.store === null || account.triage === null);
  const triages = accounts.map((account) => account.triage);
  const triage = useMemo(
    () =>
      triages.every((each) => each !== null)
        ? combinedTriage(
            triages as TriageData[],
            accounts.map((account) => account.id),
          )
        : null,
    triages,
  );
  const stores = accounts.map((account) => account.store);
  const all = useMemo(
    () =>
      loading
        ? []
        : pageMentionsOfAccounts(
            accounts.map((account) => ({ store: account.store, saved: account.triage!.saved })),
          ),
    [loading, ...stores, ...triages],
  );
  const shown = several && filter.account !== undefined ? filter.account : null;
  const previews = accounts
    .filter((account) => shown === null || account.id === shown)
    .map((account) => account.preview);
  const preview = useMemo(() => mergedPreview(previews), previews);
  const names = useMemo(() => (settings ? shownAccountNames(settings) : null), [settings]);
  const projectsOf = accounts.map((account) => account.projects);
  const projectNames = useMemo(() => {
    const byKey = new Map<string, string>();
    for (const account of accounts) {
      for (const p of account.projects) byKey.set(`${account.id} ${p.project_id}`, p.name);
    }
    return byKey;
  }, projectsOf);
  const first = accounts[0]?.id;
  return {
    loading,
    all,
    triage,
    preview,
    projects: accounts[0]?.projects ?? [],
    filters: names
      ? accounts.map((account) => ({
          id: account.id,
          name: names.get(account.id) ?? account.id,
          projects: account.projects,
        }))
      : undefined,
    projectName: (projectId, account = first) =>
      projectNames.get(`${account} ${projectId}`) || t('popupUnknownProject', String(projectId)),
    accountName: names ? (account) => names.get(account) ?? account : undefined,
  };
}
