// Every user-visible string of mention notifications, from the locale catalogue (plural forms by
// the UI language's rules).
import { t, tn } from '@/lib/i18n';

export const notificationText = {
  newInProject: (count: number, projectName: string): string =>
    tn('notifyNewInProject', count, projectName),
  newInProjects: (count: number, projectCount: number): string =>
    tn('notifyNewInProjects', count, tn('notifyProjectCount', projectCount)),
  newInMoreProjects: (count: number, projectCount: number): string =>
    tn('notifyNewInProjects', count, tn('notifyMoreProjectCount', projectCount)),
  projectLine: (projectName: string, count: number): string =>
    t('notifyProjectLine', [projectName, String(count)]),
  andMore: (count: number): string => tn('notifyAndMore', count),
  catchUp: (): string => t('notifyCatchUp'),
  untitled: (): string => t('notifyUntitled'),
  unnamedProject: (projectId: number): string => t('notifyUnnamedProject', String(projectId)),
};
