// Puts the computed badge on the toolbar button. Recomputed from storage whenever the store's
// counts (its preview), the status or the settings change, and on every worker start (the browser
// may not keep the badge).
import { browser } from 'wxt/browser';
import { t } from '@/lib/i18n';
import type { PreviewCounts } from '@/lib/mentions/preview';
import type { ServiceProject } from '@/lib/projects/types';
import { isConfigured, type Settings } from '@/lib/settings/settings';
import type { SyncStatus } from '@/lib/sync/status';
import { switchesOf, type TriageState } from '@/lib/triage/triage-state';
import {
  attentionFrom,
  attentionOrder,
  badgeState,
  type BadgeState,
} from '@/lib/badge/badge-state';
import { accountNames, accountSettings, listAccounts } from '@/lib/accounts/accounts';

/** What the badge needs of one account. */
interface AccountFacts {
  id: string;
  status: SyncStatus;
  /** The store's counts, as its preview holds them: the badge never reads the whole store. */
  counts: Pick<PreviewCounts, 'unread' | 'unreadByProject'>;
  projects: readonly ServiceProject[];
  /** Projects whose "Count on the badge" is off here are left out (muted mentions already are). */
  triage: TriageState;
}

interface BadgeFacts {
  settings: Settings;
  /** Every account connected (the first one's alone when none is). */
  accounts: readonly AccountFacts[];
}

function accountBadge(settings: Settings, facts: AccountFacts) {
  const { status, counts, projects, triage } = facts;
  const names = new Map(projects.map((p) => [p.project_id, p.name]));
  const perProject: { name: string; unread: number }[] = [];
  let hidden = 0;
  for (const [id, unread] of Object.entries(counts.unreadByProject)) {
    if (!switchesOf(triage, Number(id)).badge) hidden += unread;
    // A project not (or no longer) in the list, or cached without a name, is named by its id.
    else perProject.push({ name: names.get(Number(id)) || t('notifyUnnamedProject', id), unread });
  }
  return {
    unread: counts.unread - hidden,
    attention: attentionFrom({
      configured: isConfigured(accountSettings(settings, facts.id)),
      permissionGranted: !status.permissionMissing,
      keyRejected: status.keyRejected,
      serviceFailing: status.schedule.attention,
    }),
    storageFailing: status.lastError?.kind === 'storage',
    perProject,
    lastSuccessAt: status.schedule.lastSuccessAt,
  };
}

/**
 * One account's badge as it always was. Several accounts': every account's unread summed, a line
 * per account in the tooltip, and the state that needs attention first, named by its account.
 */
export function badgeFor({ settings, accounts }: BadgeFacts): BadgeState {
  const each = accounts.map((facts) => accountBadge(settings, facts));
  if (each.length <= 1) {
    return badgeState(each[0] ?? { ...NOTHING, attention: attentionFrom(UNSET) });
  }
  const names = accountNames(listAccounts(settings), (place) =>
    t('accountNumbered', String(place)),
  );
  const named = each.map((badge, index) => ({
    ...badge,
    name: names.get(accounts[index].id) ?? accounts[index].id,
  }));
  const needing = named
    .filter((badge) => badge.attention !== null)
    .sort((a, b) => attentionOrder(a.attention) - attentionOrder(b.attention))[0];
  const checked = named.map((badge) => badge.lastSuccessAt);
  return badgeState({
    unread: named.reduce((sum, badge) => sum + badge.unread, 0),
    attention: needing?.attention ?? null,
    attentionAccount: needing?.name,
    storageFailing: needing?.storageFailing,
    perAccount: named.map((badge) => ({ name: badge.name, unread: badge.unread })),
    // The tooltip's check time is the stalest account's: it tells how old the count may be.
    lastSuccessAt: checked.includes(null) ? null : Math.min(...(checked as number[])),
  });
}

const NOTHING = { unread: 0, perProject: [], lastSuccessAt: null };
const UNSET = {
  configured: false,
  permissionGranted: true,
  keyRejected: false,
  serviceFailing: false,
};

export async function applyBadge(state: BadgeState): Promise<void> {
  // Both builds are MV3 (wxt.config.ts), so both browsers have `action` (MV2's browserAction, never).
  const action = browser.action;
  await Promise.all([
    action.setBadgeText({ text: state.text }),
    action.setBadgeBackgroundColor({ color: state.color }),
    action.setTitle({ title: state.title }),
    // Not in every browser version; the default white on our colours is what we want anyway.
    action.setBadgeTextColor?.({ color: state.textColor }),
  ]);
}
