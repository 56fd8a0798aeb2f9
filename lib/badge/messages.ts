// Every user-visible string of the toolbar button, in one place. Plain English for now; the i18n
// issue swaps these bodies for browser.i18n.getMessage calls without touching the callers.

import type { Attention } from './attention';

export const tooltipText = {
  appName: (): string => 'Mention Monitor',
  projectUnread: (projectName: string, unread: number): string => `${projectName}: ${unread}`,
  moreProjects: (count: number): string =>
    count === 1 ? 'and 1 more project' : `and ${count} more projects`,
  noUnread: (): string => 'No unread mentions',
  lastSuccess: (time: string): string => `Last successful check: ${time}`,
  neverChecked: (): string => 'Not checked yet',
  problem: (attention: Attention): string => PROBLEMS[attention],
  remedy: (attention: Attention): string => REMEDIES[attention],
};

const PROBLEMS: Record<Attention, string> = {
  'not-set-up': 'Not set up yet.',
  'key-rejected': 'The service rejected the API key.',
  unreachable: 'The service cannot be reached.',
  'permission-missing': 'No permission to reach the service.',
};

const REMEDIES: Record<Attention, string> = {
  'not-set-up': 'Open the options and enter the service URL and API key.',
  'key-rejected': 'Check the API key in the options. Checking is paused until it changes.',
  unreachable: 'Retrying automatically. Check your connection and the service URL.',
  'permission-missing': 'Open the options and allow access to the service URL.',
};
