// Every user-visible string of mention notifications, in one place. Plain English for now; the
// i18n issue swaps these bodies for browser.i18n.getMessage calls without touching the callers.
// One and many are separate entries because getMessage has no plural rules.

export const notificationText = {
  newInProject: (count: number, projectName: string): string =>
    count === 1 ? `1 new mention in ${projectName}` : `${count} new mentions in ${projectName}`,
  newInProjects: (count: number, projectCount: number): string =>
    `${count} new mentions in ${projectCount} projects`,
  newInMoreProjects: (count: number, projectCount: number): string =>
    projectCount === 1
      ? `${count} new ${count === 1 ? 'mention' : 'mentions'} in 1 more project`
      : `${count} new ${count === 1 ? 'mention' : 'mentions'} in ${projectCount} more projects`,
  projectLine: (projectName: string, count: number): string => `${projectName}: ${count}`,
  andMore: (count: number): string => `and ${count} more`,
  catchUp: (): string => 'Open Mention Monitor to catch up.',
  untitled: (): string => '(untitled)',
  unnamedProject: (projectId: number): string => `Project ${projectId}`,
};
