// @vitest-environment happy-dom
// The mentions page of two accounts whose project and mention ids are the same: every account's
// mentions in one list, each row naming its account; the account filter, kept in the URL (and read
// from it); a search over both; bulk actions that send each account its own rows, with its own
// fingerprint.
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { MentionsApp as App } from '@/entrypoints/mentions/MentionsApp';
import { startMentionsFirstRead } from '@/lib/mention-view/first-read';
import { NOW, stored, storeOf } from '../../support/mention-factory';
import { writeMentionStore } from '@/lib/mentions/mention-storage';
import { projectsItem, settingsItem } from '@/lib/storage/items';
import {
  AGENCY,
  CLIENT_B,
  installAccountsBackground,
  readFlagsOf,
  seedAccounts,
  settingsOf,
  type SeededAccount,
} from '../../support/page-accounts';
import { project, spyBrowser } from '../../support/popup-page';

vi.mock('@/lib/messaging/messenger', () => ({ sendMessage: vi.fn() }));

beforeEach(() => {
  fakeBrowser.reset();
  spyBrowser();
  history.replaceState(null, '', '/mentions.html');
});
afterEach(() => cleanup());

const at = (minutes: number) => NOW.getTime() - minutes * 60_000;

function twoAccounts(): SeededAccount[] {
  return [
    {
      ...AGENCY,
      projects: [project(1, 'Acme')],
      store: storeOf(
        stored({ id: 1, project_id: 1, title: 'A bike', addedAt: at(1) }),
        stored({ id: 2, project_id: 1, title: 'A boat', addedAt: at(3) }),
      ),
    },
    {
      ...CLIENT_B,
      projects: [project(1, 'Acme')],
      store: storeOf(
        stored({ id: 1, project_id: 1, title: 'B bike', addedAt: at(2) }),
        stored({ id: 2, project_id: 1, title: 'B car', addedAt: at(4) }),
      ),
    },
  ];
}

const titles = () =>
  [...document.querySelectorAll('.result .result__title')].map((title) => title.textContent);

async function pageOfTwo() {
  const accounts = twoAccounts();
  await seedAccounts(accounts);
  const calls = await installAccountsBackground(accounts);
  render(<App firstRead={startMentionsFirstRead()} />);
  await screen.findByRole('checkbox', { name: /^Select all/ });
  return calls;
}

describe('the mentions page of several accounts', () => {
  it('lists both accounts’ mentions newest first, each row naming its account', async () => {
    await pageOfTwo();
    await waitFor(() => expect(titles()).toEqual(['A bike', 'B bike', 'A boat', 'B car']));
    const names = [...document.querySelectorAll('.result__account')].map((n) => n.textContent);
    expect(names).toEqual([
      'Account: Agency',
      'Account: Client B',
      'Account: Agency',
      'Account: Client B',
    ]);
  });

  it('filters by account, in the URL, and lists each account’s projects in its own group', async () => {
    await pageOfTwo();
    const account = screen.getByRole('combobox', { name: 'Account' }) as HTMLSelectElement;
    expect(
      within(account)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['All accounts', 'Agency', 'Client B']);
    const groups = screen.getByRole('combobox', { name: 'Project' }).querySelectorAll('optgroup');
    expect([...groups].map((group) => group.label)).toEqual(['Agency', 'Client B']);
    fireEvent.change(account, { target: { value: '2' } });
    await waitFor(() => expect(titles()).toEqual(['B bike', 'B car']));
    expect(location.search).toBe('?account=2');
  });

  it('reads the account from its URL', async () => {
    history.replaceState(null, '', '/mentions.html?account=1&project=1');
    await pageOfTwo();
    await waitFor(() => expect(titles()).toEqual(['A bike', 'A boat']));
    expect((screen.getByRole('combobox', { name: 'Project' }) as HTMLSelectElement).value).toBe(
      '1/1',
    );
  });

  it('searches every account', async () => {
    await pageOfTwo();
    fireEvent.input(screen.getByRole('searchbox', { name: 'Search mentions' }), {
      target: { value: 'bike' },
    });
    await waitFor(() => expect(titles()).toEqual(['A bike', 'B bike']));
  });

  it('marks a selection of both accounts read with one command each, and Undo in each', async () => {
    const calls = await pageOfTwo();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select A bike' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select B car' }));
    fireEvent.click(screen.getByRole('button', { name: 'Mark read' }));
    await screen.findByRole('button', { name: 'Undo' });
    const marks = calls.filter((call) => call.type === 'markRead');
    expect(
      marks.map((c) => ({ account: c.accountId, ok: c.fingerprintMatches, keys: c.data.keys })),
    ).toEqual([
      { account: '1', ok: true, keys: [{ projectId: 1, id: 1 }] },
      { account: '2', ok: true, keys: [{ projectId: 1, id: 2 }] },
    ]);
    await waitFor(async () => expect(await readFlagsOf('2')).toEqual({ 1: false, 2: true }));
    expect(await readFlagsOf('1')).toEqual({ 1: true, 2: false });
    fireEvent.click(screen.getByRole('button', { name: 'Undo' }));
    await waitFor(async () => expect(await readFlagsOf('2')).toEqual({ 1: false, 2: false }));
    await waitFor(async () => expect(await readFlagsOf('1')).toEqual({ 1: false, 2: false }));
  });

  it('takes in an account added while it is open, and lets go of one removed', async () => {
    const [agency, client] = twoAccounts();
    await seedAccounts([agency]);
    const calls = await installAccountsBackground([agency, client]);
    render(<App firstRead={startMentionsFirstRead()} />);
    await waitFor(() => expect(titles()).toEqual(['A bike', 'A boat']));
    expect(screen.queryByRole('combobox', { name: 'Account' })).toBeNull();

    // As the background adds one: the settings first, then what its first poll writes.
    await settingsItem.setValue(settingsOf([agency, client]));
    await writeMentionStore(client.id, client.store);
    await projectsItem(client.id).setValue(client.projects);
    await waitFor(() => expect(titles()).toEqual(['A bike', 'B bike', 'A boat', 'B car']));
    await screen.findByRole('combobox', { name: 'Account' });
    await waitFor(() => {
      const groups = screen.getByRole('combobox', { name: 'Project' }).querySelectorAll('optgroup');
      expect([...groups].map((group) => group.label)).toEqual(['Agency', 'Client B']);
    });
    // Its commands carry its own fingerprint.
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select B car' }));
    fireEvent.click(screen.getByRole('button', { name: 'Mark read' }));
    await screen.findByRole('button', { name: 'Undo' });
    const marks = calls.filter((call) => call.type === 'markRead');
    expect(marks.map((c) => ({ account: c.accountId, ok: c.fingerprintMatches }))).toEqual([
      { account: '2', ok: true },
    ]);

    await settingsItem.setValue(settingsOf([agency]));
    await waitFor(() => expect(titles()).toEqual(['A bike', 'A boat']));
    expect(screen.queryByRole('combobox', { name: 'Account' })).toBeNull();
  });
});
