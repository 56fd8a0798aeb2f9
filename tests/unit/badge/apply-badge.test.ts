// The badge from the stored facts: per-project lines name each project, and one the list does not
// name (not cached yet, or cached without a name) by its id, in the catalogue's words.
import { describe, expect, it } from 'vitest';
import { badgeFor } from '@/lib/badge/apply-badge';
import type { ServiceProject } from '@/lib/projects/types';
import { DEFAULT_SETTINGS } from '@/lib/settings/settings';
import { initialSyncStatus } from '@/lib/sync/status';
import { EMPTY_TRIAGE } from '../support/triage-fixtures';

const settings = { ...DEFAULT_SETTINGS, serviceUrl: 'https://app.example.com', apiKey: 'k' };

function project(project_id: number, name: string): ServiceProject {
  return { project_id, name, type: 'topicMonitoring' } as ServiceProject;
}

describe('badgeFor', () => {
  it('names projects by their names, and the others by their ids', () => {
    const state = badgeFor({
      settings,
      accounts: [
        {
          id: '1',
          status: initialSyncStatus(),
          counts: { unread: 6, unreadByProject: { 1: 3, 2: 2, 3: 1 } },
          projects: [project(1, 'Acme'), project(2, '')],
          triage: EMPTY_TRIAGE,
        },
      ],
    });
    expect(state.text).toBe('6');
    expect(state.title).toContain('Acme: 3');
    expect(state.title).toContain('Project 2: 2');
    expect(state.title).toContain('Project 3: 1');
  });

  it('leaves out projects whose "Count on the badge" is off here, from the count and the tooltip', () => {
    const state = badgeFor({
      settings,
      accounts: [
        {
          id: '1',
          status: initialSyncStatus(),
          counts: { unread: 6, unreadByProject: { 1: 3, 2: 2, 3: 1 } },
          projects: [project(1, 'Acme'), project(2, 'Globex'), project(3, 'Initech')],
          triage: {
            ...EMPTY_TRIAGE,
            projectSwitches: {
              '1': { notify: true, badge: false },
              '3': { notify: false, badge: true },
            },
          },
        },
      ],
    });
    expect(state.text).toBe('3');
    expect(state.title).not.toContain('Acme');
    expect(state.title).toContain('Globex: 2');
    expect(state.title).toContain('Initech: 1');
  });
});
