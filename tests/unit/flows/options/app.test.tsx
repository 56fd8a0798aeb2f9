// @vitest-environment happy-dom
// The whole options page over storage: the not-connected and connected states, the project list
// with unread counts and statistics, remove with confirmation, the status panel, and deep links
// into the edit and add forms.
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { DEFAULT_SETTINGS } from '@/lib/settings/settings';
import { initialSyncStatus } from '@/lib/sync/status';
import { projectsItem, syncStatusItem } from '@/lib/storage/items';
import type { ServiceProject } from '@/lib/projects/types';
import { stored, storeOf } from '../../support/mention-factory';
import {
  fail,
  installBackground,
  ok,
  project,
  renderOptions,
  seed,
  stubPermissions,
  type Background,
} from '../../support/options-page';

vi.mock('@/lib/messaging/send', () => ({ sendMessage: vi.fn() }));

let background: Background;
let request: Mock;

beforeEach(() => {
  fakeBrowser.reset();
  background = installBackground();
  request = stubPermissions(true);
});
afterEach(() => {
  cleanup();
  history.replaceState(null, '', '/options.html');
});

const PROJECTS = [
  project(1, 'Acme'),
  project(2, 'Acme backlinks', 'backlinks'),
  project(3, 'Future thing', 'somethingNew'),
];
const STORE = storeOf(
  stored({ id: 10, project_id: 1 }),
  stored({ id: 11, project_id: 1 }),
  stored({ id: 12, project_id: 1, read: true }),
  stored({ id: 20, project_id: 2 }),
);

const SERVICE_BRAND: ServiceProject = {
  project_id: 1,
  name: 'Acme',
  type: 'brandMonitoring',
  language: 'en,de',
  source: 'twitter,web',
  location: 'all',
  email_notification: 1,
  browser_notification: 0,
  fields: { brand_url: 'acme.test', brand_name: 'Acme\nAcme Cargo', other_field: 'x' },
};

function row(name: string): HTMLElement {
  return screen.getByRole('heading', { level: 3, name }).closest('li') as HTMLElement;
}

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
    await projectsItem.setValue([...PROJECTS, project(4, 'Newcomer', 'startup')]);
    await waitFor(() => expect(row('Newcomer')).toBeTruthy());
  });

  it('says when there are no projects', async () => {
    await seed({ projects: [] });
    await renderOptions();
    expect(screen.getByText('No projects yet. Add one to start monitoring.')).toBeTruthy();
  });

  it('shows statistics on demand, tidily', async () => {
    background.answers.getProjectStats = () =>
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
    expect(background.calls).toEqual([{ type: 'getProjectStats', data: { projectId: 1 } }]);
    fireEvent.click(button);
    expect(screen.queryByRole('region', { name: 'Statistics of Acme' })).toBeNull();
  });

  it('says when statistics cannot be loaded, and tries again', async () => {
    background.answers.getProjectStats = () => fail('server', 'HTTP 500.');
    await renderOptions();
    fireEvent.click(screen.getByRole('button', { name: 'Statistics for Acme' }));
    await screen.findByText('Could not load the statistics: HTTP 500.');
    background.answers.getProjectStats = () => ok({ rows: [] });
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
    expect(background.calls).toEqual([]);
  });

  it('removes after confirmation and says so', async () => {
    background.answers.removeProject = async () => {
      await projectsItem.setValue(PROJECTS.filter((p) => p.project_id !== 2));
      return ok(null);
    };
    await renderOptions();
    fireEvent.click(screen.getByRole('button', { name: 'Remove Acme backlinks' }));
    fireEvent.click(screen.getByRole('button', { name: 'Remove project' }));
    await screen.findByText('Removed “Acme backlinks”.');
    expect(background.calls).toEqual([{ type: 'removeProject', data: { projectId: 2 } }]);
    await waitFor(() =>
      expect(screen.queryByRole('heading', { name: 'Acme backlinks' })).toBeNull(),
    );
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(document.activeElement?.id).toBe('projects-heading'));
  });

  it('keeps the dialog open and says why when removing fails', async () => {
    background.answers.removeProject = () => fail('network', 'The service could not be reached.');
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
    background.answers.pollNow = () => ok({ polled: true });
    await renderOptions();
    const panel = screen.getByRole('region', { name: 'Status' });
    expect(within(panel).getByText('mentions.example.com')).toBeTruthy();
    expect(within(panel).getByText('5 minutes ago')).toBeTruthy();
    expect(within(panel).getByText('in 3 minutes')).toBeTruthy();
    fireEvent.click(within(panel).getByRole('button', { name: 'Check now' }));
    await within(panel).findByText('Check finished.');
    expect(background.types()).toEqual(['pollNow']);
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

  it('asks for a lost permission again, then checks', async () => {
    await seed({ projects: PROJECTS, status: { ...initialSyncStatus(), permissionMissing: true } });
    background.answers.pollNow = () => ok({ polled: true });
    await renderOptions();
    expect(screen.getByText(/no longer has permission to reach mentions.example.com/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Allow access' }));
    expect(request).toHaveBeenCalledWith({ origins: ['https://mentions.example.com/*'] });
    await waitFor(() => expect(background.types()).toEqual(['pollNow']));
    await syncStatusItem.setValue(initialSyncStatus());
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Allow access' })).toBeNull());
  });
});

describe('deep links and the forms', () => {
  beforeEach(async () => {
    await seed({ projects: PROJECTS, store: STORE });
  });

  it('#project=ID opens that project, loaded from the service, and saves every field', async () => {
    background.answers.getProject = () => ok(SERVICE_BRAND);
    background.answers.editProject = () => ok(null);
    await renderOptions('#project=1');
    await screen.findByRole('heading', { level: 2, name: 'Edit “Acme”' });
    await waitFor(() => expect(screen.getByLabelText('Name')).toHaveProperty('value', 'Acme'));
    expect(background.calls[0]).toEqual({ type: 'getProject', data: { projectId: 1 } });
    expect(screen.getByLabelText('Brand website')).toHaveProperty('value', 'acme.test');
    expect(screen.getByLabelText('Languages')).toHaveProperty('value', 'en,de');
    expect(screen.getByRole('checkbox', { name: 'Twitter' })).toHaveProperty('checked', true);
    expect(screen.getByRole('checkbox', { name: 'Reddit' })).toHaveProperty('checked', false);
    fireEvent.input(screen.getByLabelText('Name'), { target: { value: 'Acme Bikes' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(background.types()).toContain('editProject'));
    expect(background.last('editProject')).toEqual({
      projectId: 1,
      input: {
        name: 'Acme Bikes',
        type: 'brandMonitoring',
        language: 'en,de',
        source: ['twitter', 'web'],
        location: 'all',
        email_notification: 1,
        browser_notification: 0,
        fields: { brand_url: 'acme.test', brand_name: 'Acme\nAcme Cargo' },
      },
    });
    await screen.findByText('Saved “Acme Bikes”.');
    expect(location.hash).toBe('');
  });

  it('says why a project cannot be loaded, and tries again', async () => {
    background.answers.getProject = () => fail('server', 'No such project.');
    await renderOptions('#project=77');
    await screen.findByText('Could not load the project: No such project.');
    expect(screen.getByRole('heading', { level: 2, name: 'Edit project' })).toBeTruthy();
    background.answers.getProject = () => ok({ ...SERVICE_BRAND, project_id: 77 });
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.getByLabelText('Name')).toHaveProperty('value', 'Acme'));
  });

  it('says a project of an unknown type cannot be edited here', async () => {
    background.answers.getProject = () => ok({ ...SERVICE_BRAND, type: 'somethingNew' });
    await renderOptions('#project=3');
    await screen.findByText(
      'The project “Acme” has the type “somethingNew”, which cannot be edited here.',
    );
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Back to settings' }));
    await screen.findByRole('heading', { level: 2, name: /Projects/ });
  });

  it('#add=TYPE&domain=HOST opens a prefilled add form', async () => {
    background.answers.addProject = () => ok({ projectId: 9 });
    await renderOptions('#add=backlinks&domain=www.acme.test');
    expect(screen.getByRole('heading', { level: 2, name: 'Add a project' })).toBeTruthy();
    expect(screen.getByRole('radio', { name: 'Backlinks' })).toHaveProperty('checked', true);
    expect(screen.getByLabelText('Website')).toHaveProperty('value', 'www.acme.test');
    expect(screen.getByLabelText('Name')).toHaveProperty('value', 'www.acme.test');
    fireEvent.click(screen.getByRole('button', { name: 'Add project' }));
    await waitFor(() => expect(background.types()).toEqual(['addProject']));
    expect(background.last('addProject')).toMatchObject({
      input: {
        name: 'www.acme.test',
        type: 'backlinks',
        fields: { backlinks_url: 'www.acme.test' },
      },
    });
    await screen.findByText('Added “www.acme.test”. Its mentions appear after the next check.');
  });

  it('#add with an unknown type lets the person choose', async () => {
    await renderOptions('#add=nonsense&domain=acme.test');
    expect(screen.getAllByRole('radio').some((r) => (r as HTMLInputElement).checked)).toBe(false);
    fireEvent.click(screen.getByRole('radio', { name: 'Competitive monitoring' }));
    expect(screen.getByLabelText('Competitor website')).toHaveProperty('value', 'acme.test');
  });

  it('adds from the list: the form opens, sends, and the list comes back with a message', async () => {
    background.answers.addProject = () => ok({ projectId: 9 });
    await renderOptions();
    fireEvent.click(screen.getByRole('button', { name: 'Add a project' }));
    const heading = await screen.findByRole('heading', { level: 2, name: 'Add a project' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(location.hash).toBe('#add');
    fireEvent.click(screen.getByRole('radio', { name: 'Topic monitoring' }));
    fireEvent.input(screen.getByLabelText('Name'), { target: { value: 'Cargo bikes' } });
    fireEvent.input(screen.getByLabelText('Topic keywords'), {
      target: { value: 'cargo bike\nlongtail' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Add project' }));
    await screen.findByText('Added “Cargo bikes”. Its mentions appear after the next check.');
    expect(background.last('addProject')).toEqual({
      input: {
        name: 'Cargo bikes',
        type: 'topicMonitoring',
        language: 'all',
        source: ['twitter', 'linkedin', 'social', 'youtube', 'reddit', 'web', 'blogs'],
        location: 'all',
        email_notification: 0,
        browser_notification: 1,
        fields: { topic_keywords: 'cargo bike\nlongtail' },
      },
    });
    await waitFor(() => expect(document.activeElement?.id).toBe('projects-heading'));
  });

  it('opens the edit form from the list, and Cancel goes back', async () => {
    background.answers.getProject = () => ok(SERVICE_BRAND);
    await renderOptions();
    fireEvent.click(screen.getByRole('button', { name: 'Edit Acme' }));
    expect(location.hash).toBe('#project=1');
    await waitFor(() => expect(screen.getByLabelText('Name')).toHaveProperty('value', 'Acme'));
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await screen.findByRole('button', { name: 'Add a project' });
    expect(background.types()).toEqual(['getProject']);
  });

  it('follows the fragment when it changes while open', async () => {
    background.answers.getProject = () => ok(SERVICE_BRAND);
    await renderOptions();
    history.replaceState(null, '', '/options.html#project=1');
    window.dispatchEvent(new HashChangeEvent('hashchange'));
    await screen.findByRole('heading', { level: 2, name: 'Edit “Acme”' });
  });
});
