// Every user-visible string of the toolbar button, from the locale catalogue.
import { t, tn, type MessageKey } from '@/lib/i18n';
import type { Attention } from '@/lib/badge/attention';

const PROBLEMS: Record<Attention, MessageKey> = {
  'not-set-up': 'badgeProblemNotSetUp',
  'key-rejected': 'badgeProblemKeyRejected',
  unreachable: 'badgeProblemUnreachable',
  'permission-missing': 'badgeProblemPermissionMissing',
};

const REMEDIES: Record<Attention, MessageKey> = {
  'not-set-up': 'badgeRemedyNotSetUp',
  'key-rejected': 'badgeRemedyKeyRejectedRetrying',
  unreachable: 'badgeRemedyUnreachable',
  'permission-missing': 'badgeRemedyPermissionMissing',
};

export const tooltipText = {
  appName: (): string => t('extName'),
  projectUnread: (projectName: string, unread: number): string =>
    t('badgeProjectUnread', [projectName, String(unread)]),
  moreProjects: (count: number): string => tn('badgeMoreProjects', count),
  noUnread: (): string => t('badgeNoUnread'),
  lastSuccess: (time: string): string => t('badgeLastSuccess', time),
  neverChecked: (): string => t('badgeNeverChecked'),
  problem: (attention: Attention): string => t(PROBLEMS[attention]),
  remedy: (attention: Attention): string => t(REMEDIES[attention]),
  storageProblem: (): string => t('badgeProblemStorage'),
  storageRemedy: (): string => t('badgeRemedyStorage'),
};
