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
import { attentionFrom, badgeState, type BadgeState } from '@/lib/badge/badge-state';

interface BadgeFacts {
  settings: Settings;
  status: SyncStatus;
  /** The store's counts, as its preview holds them: the badge never reads the whole store. */
  counts: Pick<PreviewCounts, 'unread' | 'unreadByProject'>;
  projects: readonly ServiceProject[];
  /** Projects whose "Count on the badge" is off here are left out (muted mentions already are). */
  triage: TriageState;
}

export function badgeFor({ settings, status, counts, projects, triage }: BadgeFacts): BadgeState {
  const names = new Map(projects.map((p) => [p.project_id, p.name]));
  const perProject: { name: string; unread: number }[] = [];
  let hidden = 0;
  for (const [id, unread] of Object.entries(counts.unreadByProject)) {
    if (!switchesOf(triage, Number(id)).badge) hidden += unread;
    // A project not (or no longer) in the list, or cached without a name, is named by its id.
    else perProject.push({ name: names.get(Number(id)) || t('notifyUnnamedProject', id), unread });
  }
  return badgeState({
    unread: counts.unread - hidden,
    attention: attentionFrom({
      configured: isConfigured(settings),
      permissionGranted: !status.permissionMissing,
      keyRejected: status.keyRejected,
      serviceFailing: status.schedule.attention,
    }),
    storageFailing: status.lastError?.kind === 'storage',
    perProject,
    lastSuccessAt: status.schedule.lastSuccessAt,
  });
}

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
