// @vitest-environment happy-dom
// The whole options page over storage: the not-connected and connected states, the project list
// with unread counts and statistics, remove with confirmation, and the status panel. Deep links
// into the edit and add forms: app-forms.test.tsx.
import { FIRST_ACCOUNT } from '@/lib/accounts/accounts';
import { fireEvent, screen, waitFor, within } from '@testing-library/preact';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_SETTINGS } from '@/lib/settings/settings';
import { initialSyncStatus } from '@/lib/sync/status';
import { projectsItem, syncStatusItem } from '@/lib/storage/items';
import { PROJECTS, row, STORE, useOptions } from '../../support/options-flow';
import { fail, ok, project, renderOptions, seed } from '../../support/options-page';

vi.mock('@/lib/messaging/messenger', () => ({ sendMessage: vi.fn() }));

const options = useOptions();

describe('not connected', () => {
  it('asks for the connection and offers no project actions', async () => {
    await seed({ settings: DEFAULT_SETTINGS });
    await renderOptions();
    expect(screen.getByRole('main')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Settings' })).toBeTruthy();
    expect(screen.getByText(/Connect to your monitoring service above/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add a project' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Status' })).toBeNull();
    expect(screen.getByLabelText('Service address')).toHaveProperty('value', '');
  });
});

describe('the project list', () => {
  beforeEach(async () => {
    await seed({ projects: PROJECTS, store: STORE });
  });

  it('lists each project with its type and unread count', async () => {
    await renderOptions();
    expect(within(row('Acme')).getByText('Brand monitoring')).toBeTruthy();
    expect(within(row('Acme')).getByText('2 unread')).toBeTruthy();
    expect(within(row('Acme backlinks')).getByText('Backlinks')).toBeTruthy();
    expect(within(row('Acme backlinks')).getByText('1 unread')).toBeTruthy();
    expect(within(row('Future thing')).getByText('somethingNew')).toBeTruthy();
    expect(within(row('Future thing')).getByText('0 unread')).toBeTruthy();
    expect(screen.getByText('3 projects')).toBeTruthy();
  });

  it('follows storage: a project the background adds appears', async () => {
    await renderOptions();
    await projectsItem(FIRST_ACCOUNT).setValue([...PROJECTS, project(4, 'Newcomer', 'startup')]);
    await waitFor(() => expect(row('Newcomer')).toBeTruthy());
  });

  it('says when there are no projects', async () => {
    await seed({ projects: [] });
    await renderOptions();
    expect(screen.getByText('No projects yet. Add one to start monitoring.')).toBeTruthy();
  });

  it('shows statistics on demand, tidily', async () => {
    options.background.answers.getProjectStats = () =>
      ok({
        rows: [
          { key: 'total_mentions', value: '1234' },
          { key: 'sources.reddit', value: '3' },
          { key: 'sources.web', value: '5' },
        ],
      });
    await renderOptions();
    const button = screen.getByRole('button', { name: 'Statistics for Acme' });
    expect(button.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(button);
    const region = await screen.findByRole('region', { name: 'Statistics of Acme' });
    await waitFor(() => expect(within(region).getByText('Total mentions')).toBeTruthy());
    expect(within(region).getByText('1,234')).toBeTruthy();
    expect(within(region).getByRole('heading', { name: 'Sources' })).toBeTruthy();
    expect(within(region).getByText('Reddit')).toBeTruthy();
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(button.getAttribute('aria-controls')).toBe(region.id);
    expect(options.background.calls).toEqual([{ type: 'getProjectStats', data: { projectId: 1 } }]);
    fireEvent.click(button);
    expect(screen.queryByRole('region', { name: 'Statistics of Acme' })).toBeNull();
  });

  it('says when statistics cannot be loaded, and tries again', async () => {
    options.background.answers.getProjectStats = () => fail('server', 'HTTP 500.');
    await renderOptions();
    fireEvent.click(screen.getByRole('button', { name: 'Statistics for Acme' }));
    await screen.findByText('Could not load the statistics: HTTP 500.');
    options.background.answers.getProjectStats = () => ok({ rows: [] });
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await screen.findByText('The service reported no statistics for this project.');
  });

  it('asks before removing, naming the project, and sends nothing when cancelled', async () => {
    await renderOptions();
    fireEvent.click(screen.getByRole('button', { name: 'Remove Acme backlinks' }));
    const dialog = screen.getByRole('dialog', { name: 'Remove “Acme backlinks”?' });
    expect(dialog.textContent).toContain('The project “Acme backlinks” is deleted on the service');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(options.background.calls).toEqual([]);
  });

  it('removes after confirmation and says so', async () => {
    options.background.answers.removeProject = async () => {
      await projectsItem(FIRST_ACCOUNT).setValue(PROJECTS.filter((p) => p.project_id !== 2));
      return ok(null);
    };
    await renderOptions();
    fireEvent.click(screen.getByRole('button', { name: 'Remove Acme backlinks' }));
    fireEvent.click(screen.getByRole('button', { name: 'Remove project' }));
    await screen.findByText('Removed “Acme backlinks”.');
    expect(options.background.calls).toEqual([{ type: 'removeProject', data: { projectId: 2 } }]);
    await waitFor(() =>
      expect(screen.queryByRole('heading', { name: 'Acme backlinks' })).toBeNull(),
    );
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(document.activeElement?.id).toBe('projects-heading'));
  });

  it('keeps the dialog open and says why when removing fails', async () => {
    options.background.answers.removeProject = () =>
      fail('network', 'The service could not be reached.');
    await renderOptions();
    fireEvent.click(screen.getByRole('button', { name: 'Remove Acme' }));
    fireEvent.click(screen.getByRole('button', { name: 'Remove project' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(
      'Could not remove the project: The service could not be reached.',
    );
    expect(screen.getByRole('dialog')).toBeTruthy();
    expect(row('Acme')).toBeTruthy();
  });
});

describe('the status panel', () => {
  it('shows the last and next check, and checks now', async () => {
    const now = Date.now();
    await seed({
      projects: PROJECTS,
      status: {
        ...initialSyncStatus(),
        schedule: {
          consecutiveFailures: 0,
          lastSuccessAt: now - 5 * 60_000,
          nextPollAt: now + 3 * 60_000 + 30_000,
          attention: false,
        },
      },
    });
    options.background.answers.pollNow = () => ok({ polled: true });
    await renderOptions();
    const panel = screen.getByRole('region', { name: 'Status' });
    expect(within(panel).getByText('mentions.example.com')).toBeTruthy();
    expect(within(panel).getByText('5 minutes ago')).toBeTruthy();
    expect(within(panel).getByText('in 3 minutes')).toBeTruthy();
    fireEvent.click(within(panel).getByRole('button', { name: 'Check now' }));
    await within(panel).findByText('Check finished.');
    expect(options.background.types()).toEqual(['pollNow']);
  });

  it('names every problem: rejected key, last error, and each project’s error', async () => {
    await seed({
      projects: PROJECTS,
      status: {
        ...initialSyncStatus(),
        keyRejected: true,
        lastError: { kind: 'key-rejected', message: 'Login failed.', at: 1 },
        projectErrors: {
          '1': { kind: 'server', message: 'HTTP 500.', at: 1 },
          '99': { kind: 'timeout', message: 'Too slow.', at: 1 },
        },
      },
    });
    await renderOptions();
    const panel = screen.getByRole('region', { name: 'Status' });
    expect(within(panel).getByText(/The service rejected the API key/)).toBeTruthy();
    expect(within(panel).getByText(/paused until the problem below is fixed/)).toBeTruthy();
    const problems = within(panel).getByRole('list');
    expect(problems.textContent).toContain('Acme: HTTP 500.');
    expect(problems.textContent).toContain('Project 99: Too slow.');
    expect(within(row('Acme')).getByText('Last check failed: HTTP 500.')).toBeTruthy();
  });

  it('says in words what the last check could not take as sent, and which projects it kept', async () => {
    await seed({
      projects: PROJECTS,
      status: {
        ...initialSyncStatus(),
        absentProjects: { '1': { since: 1, polls: 2 } },
        records: { skipped: 1, refused: 0, undated: 4 },
      },
    });
    await renderOptions();
    const panel = screen.getByRole('region', { name: 'Status' });
    const lines = within(panel)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(lines).toEqual([
      'The last check skipped 1 record it could not read.',
      '4 new mentions had a date that could not be read: they are dated when they were first seen.',
    ]);
    expect(within(row('Acme')).getByText(/Not in the service's last project list/)).toBeTruthy();
    expect(
      within(row('Acme backlinks')).queryByText(/Not in the service's last project list/),
    ).toBeNull();
  });

  it('asks for a lost permission again, then checks', async () => {
    await seed({ projects: PROJECTS, status: { ...initialSyncStatus(), permissionMissing: true } });
    options.background.answers.pollNow = () => ok({ polled: true });
    await renderOptions();
    expect(screen.getByText(/no longer has permission to reach mentions.example.com/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Allow access' }));
    expect(options.request).toHaveBeenCalledWith({ origins: ['https://mentions.example.com/*'] });
    await waitFor(() => expect(options.background.types()).toEqual(['pollNow']));
    await syncStatusItem(FIRST_ACCOUNT).setValue(initialSyncStatus());
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Allow access' })).toBeNull());
  });
});
