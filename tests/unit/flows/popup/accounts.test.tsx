// @vitest-environment happy-dom
// The popup of several accounts: one list of every account's mentions, each row naming its
// account; the account filter beside the project filter; and every command going to the account
// of its mention, with that account's fingerprint, even where the two accounts' project and
// mention ids are the same.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/preact';
import { describe, expect, it, vi } from 'vitest';
import { stored, storeOf } from '../../support/mention-factory';
import {
  AGENCY,
  CLIENT_B,
  installAccountsBackground,
  readFlagsOf,
  seedAccounts,
  type SeededAccount,
} from '../../support/page-accounts';
import { activeTab, siteLine } from '../../support/active-tab';
import { usePopup } from '../../support/popup-flow';
import { listedTitles, MINUTE, project, renderPopup, rowOf } from '../../support/popup-page';

vi.mock('@/lib/messaging/messenger', () => ({ sendMessage: vi.fn() }));

// The fresh fake browser and the browser spies of every popup flow.
usePopup();
const now = Date.now();

/** Two accounts on two services whose project 1 and mention ids 1 and 2 are both's. */
function twoAccounts(): SeededAccount[] {
  return [
    {
      ...AGENCY,
      projects: [project(1, 'Acme')],
      store: storeOf(
        stored({
          id: 1,
          project_id: 1,
          title: 'A one',
          url: 'https://a.test/1',
          addedAt: now - 1 * MINUTE,
        }),
        stored({
          id: 2,
          project_id: 1,
          title: 'A two',
          url: 'https://a.test/2',
          addedAt: now - 3 * MINUTE,
        }),
      ),
    },
    {
      ...CLIENT_B,
      projects: [project(1, 'Acme'), project(5, 'Beta')],
      store: storeOf(
        stored({
          id: 1,
          project_id: 1,
          title: 'B one',
          url: 'https://b.test/1',
          addedAt: now - 2 * MINUTE,
        }),
        stored({
          id: 2,
          project_id: 5,
          title: 'B two',
          url: 'https://b.test/2',
          addedAt: now - 4 * MINUTE,
        }),
      ),
    },
  ];
}

async function popupOfTwo() {
  const accounts = twoAccounts();
  await seedAccounts(accounts);
  const calls = await installAccountsBackground(accounts);
  await renderPopup();
  return calls;
}

function accountFilter(): HTMLSelectElement {
  return screen.getByRole('combobox', { name: 'Account' }) as HTMLSelectElement;
}

function projectFilter(): HTMLSelectElement {
  return screen.getByRole('combobox', { name: 'Project' }) as HTMLSelectElement;
}

async function choose(select: HTMLSelectElement, label: string) {
  const option = within(select).getByRole('option', { name: label }) as HTMLOptionElement;
  await act(async () => {
    fireEvent.change(select, { target: { value: option.value } });
  });
}

describe('several accounts in the popup', () => {
  it('lists both accounts’ mentions newest first, each row naming its account', async () => {
    await popupOfTwo();
    expect(listedTitles()).toEqual(['A one', 'B one', 'A two', 'B two']);
    const row = rowOf('B one');
    expect(row.querySelector('.mention__account')?.textContent).toBe('Account: Client B');
    expect(row.querySelector('.mention__account .sr-only')?.textContent).toBe('Account: ');
    expect(rowOf('A one').querySelector('.mention__account')?.textContent).toBe('Account: Agency');
    expect(screen.getByText('4 unread')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'New 4' })).toBeTruthy();
  });

  it('filters by account, all accounts by default, and counts what is shown', async () => {
    await popupOfTwo();
    const select = accountFilter();
    expect(select.value).toBe('');
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['All accounts (4)', 'Agency (2)', 'Client B (2)']);
    await choose(select, 'Client B (2)');
    expect(listedTitles()).toEqual(['B one', 'B two']);
    expect(screen.getByRole('button', { name: 'New 2' })).toBeTruthy();
    // The project filter offers that account's projects alone.
    expect(
      within(projectFilter())
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['All projects (2)', 'Acme (1)', 'Beta (1)']);
  });

  it('lists the projects per account, and a project of one never shows the other’s mentions', async () => {
    await popupOfTwo();
    const groups = projectFilter().querySelectorAll('optgroup');
    expect([...groups].map((group) => group.label)).toEqual(['Agency', 'Client B']);
    // Both accounts have a project 1 named Acme: its group tells them apart.
    const [agency, client] = groups;
    expect([...agency.querySelectorAll('option')].map((o) => o.textContent)).toEqual(['Acme (2)']);
    expect([...client.querySelectorAll('option')].map((o) => o.textContent)).toEqual([
      'Acme (1)',
      'Beta (1)',
    ]);
    await choose(projectFilter(), 'Acme (1)');
    expect(listedTitles()).toEqual(['B one']);
    expect(accountFilter().value).toBe('2');
    await choose(accountFilter(), 'Agency (2)');
    expect(projectFilter().value).toBe('');
    await choose(projectFilter(), 'Acme (2)');
    expect(listedTitles()).toEqual(['A one', 'A two']);
  });

  it('opening a mention marks it read in its own account only', async () => {
    const calls = await popupOfTwo();
    fireEvent.click(rowOf('B one').querySelector('a.mention__title')!, { ctrlKey: true });
    await waitFor(() => expect(calls.map((c) => c.type)).toContain('markRead'));
    const mark = calls.find((c) => c.type === 'markRead')!;
    expect(mark.accountId).toBe('2');
    expect(mark.fingerprintMatches).toBe(true);
    expect(mark.data.keys).toEqual([{ projectId: 1, id: 1 }]);
    await waitFor(async () => expect(await readFlagsOf('2')).toEqual({ 1: true, 2: false }));
    // The first account's mention of the same project and id is still unread.
    expect(await readFlagsOf('1')).toEqual({ 1: false, 2: false });
  });

  it('“Mark all read” on one account leaves the other’s unread', async () => {
    const calls = await popupOfTwo();
    await choose(accountFilter(), 'Client B (2)');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Mark all read' }));
    });
    await screen.findByText('Marked 2 mentions as read.');
    expect(await readFlagsOf('2')).toEqual({ 1: true, 2: true });
    expect(await readFlagsOf('1')).toEqual({ 1: false, 2: false });
    const marks = calls.filter((c) => c.type === 'markRead');
    expect(marks.map((c) => [c.accountId, c.fingerprintMatches])).toEqual([['2', true]]);
    // Its own "Undo" restores its own.
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Undo' }));
    });
    await waitFor(async () => expect(await readFlagsOf('2')).toEqual({ 1: false, 2: false }));
    expect(calls.filter((c) => c.type === 'markUnread').map((c) => c.accountId)).toEqual(['2']);
  });

  it('“Mark all read” over all accounts sends one command per account, each with its keys', async () => {
    const calls = await popupOfTwo();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Mark all read' }));
    });
    await screen.findByText('Marked 4 mentions as read.');
    expect(await readFlagsOf('1')).toEqual({ 1: true, 2: true });
    expect(await readFlagsOf('2')).toEqual({ 1: true, 2: true });
    const marks = calls.filter((c) => c.type === 'markRead');
    expect(
      marks.map((c) => ({ account: c.accountId, ok: c.fingerprintMatches, keys: c.data.keys })),
    ).toEqual([
      {
        account: '1',
        ok: true,
        keys: [
          { projectId: 1, id: 1 },
          { projectId: 1, id: 2 },
        ],
      },
      {
        account: '2',
        ok: true,
        keys: [
          { projectId: 1, id: 1 },
          { projectId: 5, id: 2 },
        ],
      },
    ]);
    // The first account's command names none: the protocol's first account.
    expect(marks[0].data).not.toHaveProperty('accountId');
    expect(marks[1].data.accountId).toBe('2');
  });

  it('a star is its own account’s: saving one leaves the other account’s same ids unsaved', async () => {
    const calls = await popupOfTwo();
    fireEvent.click(rowOf('B one').querySelector('.mention__save')!);
    await waitFor(() => expect(rowOf('B one').querySelector('.mention__save--on')).not.toBeNull());
    expect(rowOf('A one').querySelector('.mention__save--on')).toBeNull();
    const save = calls.find((c) => c.type === 'saveMention')!;
    expect([save.accountId, save.fingerprintMatches, save.data.key]).toEqual([
      '2',
      true,
      { projectId: 1, id: 1 },
    ]);
    fireEvent.click(screen.getByRole('button', { name: /^Saved/ }));
    await waitFor(() => expect(listedTitles()).toEqual(['B one']));
  });

  it('a mute from a row is its own account’s rule', async () => {
    const calls = await popupOfTwo();
    fireEvent.click(within(rowOf('B two')).getByRole('button', { name: 'More actions' }));
    const menu = await screen.findByRole('menu');
    fireEvent.click(within(menu).getByRole('menuitem', { name: 'Mute author someone' }));
    await waitFor(() => expect(calls.map((c) => c.type)).toContain('mute'));
    const mute = calls.find((c) => c.type === 'mute')!;
    expect([mute.accountId, mute.fingerprintMatches, mute.data.value]).toEqual([
      '2',
      true,
      'someone',
    ]);
  });

  it('“Monitor this site” asks which account, and adds the project to the one chosen', async () => {
    activeTab({ url: 'https://www.initrode.com/about', title: 'Initrode | Home' });
    const calls = await popupOfTwo();
    fireEvent.click(await within(siteLine()).findByRole('button', { name: 'Monitor this site' }));
    await screen.findByRole('heading', { name: 'Monitor www.initrode.com' });
    const account = screen.getByRole('combobox', { name: 'Account' }) as HTMLSelectElement;
    expect(
      within(account)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Agency', 'Client B']);
    expect(account.value).toBe('1');
    fireEvent.change(account, { target: { value: '2' } });
    fireEvent.click(screen.getByRole('radio', { name: 'Brand' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add project' }));
    await waitFor(() => expect(calls.map((c) => c.type)).toContain('addProject'));
    const add = calls.find((c) => c.type === 'addProject')!;
    expect([add.accountId, add.fingerprintMatches]).toEqual(['2', true]);
    expect(add.data.input).toMatchObject({ name: 'Initrode | Home' });
  });

  it('one account left after the first was removed: no account names, commands name it', async () => {
    const [, second] = twoAccounts();
    await seedAccounts([second]);
    const calls = await installAccountsBackground([second]);
    await renderPopup();
    expect(listedTitles()).toEqual(['B one', 'B two']);
    expect(screen.queryByRole('combobox', { name: 'Account' })).toBeNull();
    expect(document.querySelector('.mention__account')).toBeNull();
    fireEvent.click(rowOf('B two').querySelector('.mention__toggle')!);
    await waitFor(async () => expect(await readFlagsOf('2')).toEqual({ 1: false, 2: true }));
    const mark = calls.find((c) => c.type === 'markRead')!;
    expect([mark.accountId, mark.fingerprintMatches]).toEqual(['2', true]);
  });
});
