// @vitest-environment happy-dom
// Every state of the popup, painted from storage, with the one action that helps.
import { FIRST_ACCOUNT } from '@/lib/accounts/accounts';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { DEFAULT_SETTINGS } from '@/lib/settings/settings';
import { initialSyncStatus } from '@/lib/sync/status';
import {
  checked,
  installBackground,
  listedTitles,
  MINUTE,
  project,
  renderPopup,
  seed,
  spyBrowser,
  type Background,
  type BrowserSpies,
} from '../../support/popup-page';
import { stored, storeOf } from '../../support/mention-factory';

vi.mock('@/lib/messaging/messenger', () => ({ sendMessage: vi.fn() }));

let background: Background;
let spies: BrowserSpies;

beforeEach(() => {
  fakeBrowser.reset();
  background = installBackground();
  spies = spyBrowser();
});
afterEach(() => cleanup());

const PROJECTS = [project(1, 'Acme'), project(2, 'Globex')];

describe('not set up', () => {
  it('asks to connect and opens the settings; nothing else to do', async () => {
    await seed({ settings: DEFAULT_SETTINGS, status: initialSyncStatus() });
    await renderPopup();
    expect(screen.getByRole('main')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Mention Monitor');
    expect(screen.getByRole('heading', { name: 'Connect Mention Monitor' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Refresh/ })).toBeNull();
    expect(screen.queryByRole('list')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Open settings' }));
    expect(spies.openOptions).toHaveBeenCalledTimes(1);
  });

  it('the settings button is there in every state', async () => {
    await seed({ settings: DEFAULT_SETTINGS });
    await renderPopup();
    fireEvent.click(screen.getByRole('button', { name: 'Settings' }));
    expect(spies.openOptions).toHaveBeenCalledTimes(1);
  });
});

describe('connected, nothing stored yet', () => {
  it('not checked yet: offers to check now', async () => {
    await seed({ status: initialSyncStatus() });
    await renderPopup();
    expect(screen.getByRole('heading', { name: 'No mentions yet' })).toBeTruthy();
    expect(screen.getByText('The first check has not finished yet.')).toBeTruthy();
    expect(screen.getByText('Not checked yet')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Check now' }));
    await waitFor(() => expect(background.types()).toEqual(['pollNow']));
  });

  it('no projects: a way to add one', async () => {
    await seed({ projects: [] });
    await renderPopup();
    expect(screen.getByRole('heading', { name: 'No projects yet' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Add a project' }));
    // Straight to the add form, not just the options page.
    expect(spies.createTab).toHaveBeenCalledWith({
      url: `${fakeBrowser.runtime.getURL('/options.html')}#add`,
    });
    expect(spies.openOptions).not.toHaveBeenCalled();
  });

  it('projects but no mentions yet', async () => {
    await seed({ projects: PROJECTS });
    await renderPopup();
    expect(screen.getByRole('heading', { name: 'No mentions yet' })).toBeTruthy();
    expect(screen.getByText(/appear here after each check/)).toBeTruthy();
    // No filters over an empty list.
    expect(screen.queryByRole('combobox')).toBeNull();
  });
});

describe('problems', () => {
  const store = storeOf(stored({ id: 1, title: 'Cached mention' }));

  it('key rejected: says so above the cached list and leads to the key', async () => {
    await seed({ store, projects: PROJECTS, status: checked(MINUTE, { keyRejected: true }) });
    await renderPopup();
    expect(screen.getByRole('heading', { name: 'API key rejected' })).toBeTruthy();
    expect(listedTitles()).toEqual(['Cached mention']);
    fireEvent.click(screen.getByRole('button', { name: 'Check API key' }));
    expect(spies.openOptions).toHaveBeenCalledTimes(1);
  });

  it('key rejected with nothing stored: the notice alone', async () => {
    await seed({ projects: PROJECTS, status: checked(MINUTE, { keyRejected: true }) });
    await renderPopup();
    expect(screen.getByRole('heading', { name: 'API key rejected' })).toBeTruthy();
    expect(screen.getAllByRole('heading', { level: 2 })).toHaveLength(1);
  });

  it('unreachable: when the last check succeeded, and a way to try again', async () => {
    const status = checked(2 * 60 * MINUTE);
    status.schedule.attention = true;
    status.schedule.consecutiveFailures = 3;
    await seed({ store, projects: PROJECTS, status });
    await renderPopup();
    expect(screen.getByRole('heading', { name: 'Service unreachable' })).toBeTruthy();
    const last = screen.getByText('Last successful check: 2 hours ago');
    expect(last.tagName).toBe('TIME');
    expect(last.getAttribute('dateTime')).toBe(
      new Date(status.schedule.lastSuccessAt!).toISOString(),
    );
    expect(last.getAttribute('title')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(background.types()).toEqual(['pollNow']));
  });

  it('unreachable and never succeeded', async () => {
    const status = initialSyncStatus();
    status.schedule.attention = true;
    await seed({ status });
    await renderPopup();
    expect(screen.getByText('No check has succeeded yet.')).toBeTruthy();
  });

  it('permission missing: requests the origin as the first await of the click, then polls', async () => {
    await seed({ store, projects: PROJECTS, status: checked(MINUTE, { permissionMissing: true }) });
    await renderPopup();
    expect(screen.getByText(/needs your permission to reach/).textContent).toContain(
      'mentions.example.com',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Allow access' }));
    // Synchronously inside the click: the browser only grants from within the user gesture.
    expect(spies.requestPermission).toHaveBeenCalledWith({
      origins: ['https://mentions.example.com/*'],
    });
    await waitFor(() => expect(background.types()).toEqual(['pollNow']));
  });

  it('permission refused: says so and does not poll', async () => {
    spies.requestPermission.mockResolvedValue(false);
    await seed({ status: checked(MINUTE, { permissionMissing: true }) });
    await renderPopup();
    fireEvent.click(screen.getByRole('button', { name: 'Allow access' }));
    await screen.findByText('Permission was not granted.');
    expect(background.calls).toEqual([]);
  });
});

describe('caught up and filters', () => {
  const store = storeOf(
    stored({ id: 1, project_id: 1, title: 'Read one', read: true, source: 'web' }),
    stored({ id: 2, project_id: 2, title: 'Unread globex', source: 'reddit' }),
  );

  it('nothing unread: all caught up, with a way to all recent', async () => {
    await seed({
      store: storeOf(stored({ id: 1, title: 'Read one', read: true })),
      projects: PROJECTS,
    });
    await renderPopup();
    expect(screen.getByRole('heading', { name: 'You are all caught up' })).toBeTruthy();
    expect(screen.getByText('0 unread')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Show all recent' }));
    await waitFor(() => expect(listedTitles()).toEqual(['Read one']));
    expect(screen.getByRole('button', { name: 'All recent' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
  });

  it('nothing unread in the chosen project: says so for the filter', async () => {
    await seed({ store, projects: PROJECTS });
    await renderPopup();
    fireEvent.change(screen.getByRole('combobox', { name: 'Project' }), { target: { value: '1' } });
    expect(await screen.findByRole('heading', { name: 'Nothing new here' })).toBeTruthy();
  });

  it('the project and source filters name every option with its unread count', async () => {
    await seed({ store, projects: PROJECTS });
    await renderPopup();
    const select = screen.getByRole('combobox', { name: 'Project' }) as HTMLSelectElement;
    expect([...select.options].map((o) => o.textContent)).toEqual([
      'All projects (1)',
      'Acme (0)',
      'Globex (1)',
    ]);
    const sources = screen.getByRole('combobox', { name: 'Source' }) as HTMLSelectElement;
    expect([...sources.options].map((o) => o.textContent)).toEqual([
      'All sources',
      'Reddit (1)',
      'Web (0)',
    ]);
  });

  it('no match in All recent: clear the filters', async () => {
    await seed({ store, projects: PROJECTS });
    await renderPopup();
    fireEvent.click(screen.getByRole('button', { name: 'All recent' }));
    fireEvent.change(screen.getByRole('combobox', { name: 'Project' }), { target: { value: '1' } });
    await waitFor(() => expect(listedTitles()).toEqual(['Read one']));
    fireEvent.change(screen.getByRole('combobox', { name: 'Source' }), {
      target: { value: 'web' },
    });
    await waitFor(() => expect(listedTitles()).toEqual(['Read one']));
    // Switching project drops a source that project never had.
    fireEvent.change(screen.getByRole('combobox', { name: 'Project' }), { target: { value: '2' } });
    await waitFor(() => expect(listedTitles()).toEqual(['Unread globex']));
    expect((screen.getByRole('combobox', { name: 'Source' }) as HTMLSelectElement).value).toBe('');
  });

  it('clear filters brings the whole list back', async () => {
    // A project filter on a project whose only mention is gone leaves nothing to show.
    await seed({ store, projects: PROJECTS });
    await renderPopup();
    fireEvent.click(screen.getByRole('button', { name: 'All recent' }));
    fireEvent.change(screen.getByRole('combobox', { name: 'Project' }), { target: { value: '1' } });
    await waitFor(() => expect(listedTitles()).toEqual(['Read one']));
    const { writeMentionStore } = await import('@/lib/mentions/mention-storage');
    await writeMentionStore(
      FIRST_ACCOUNT,
      storeOf(stored({ id: 2, project_id: 2, title: 'Unread globex' })),
    );
    expect(await screen.findByRole('heading', { name: 'Nothing matches' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(listedTitles()).toEqual(['Unread globex']));
  });
});
