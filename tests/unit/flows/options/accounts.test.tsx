// @vitest-environment happy-dom
// The options page's accounts: the single account's card with "Add account", the list it becomes
// (each account's name, host and state, and its own Check now, Edit and Remove), the same key at
// the same address refused beside the key field, and where focus goes.
import { fireEvent, screen, waitFor, within } from '@testing-library/preact';
import axe from 'axe-core';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { t } from '@/lib/i18n';
import { settingsItem } from '@/lib/storage/items';
import { initialSyncStatus, type SyncStatus } from '@/lib/sync/status';
import { useOptions } from '../../support/options-flow';
import { errorOf } from '../../support/options-project-form';
import {
  CLIENT_B,
  CONFIGURED,
  fail,
  ok,
  renderOptions,
  seed,
  seedAccount,
  TWO_ACCOUNTS,
} from '../../support/options-page';

vi.mock('@/lib/messaging/messenger', () => ({ sendMessage: vi.fn() }));

const options = useOptions();

const CHECKED: SyncStatus = {
  ...initialSyncStatus(),
  schedule: { ...initialSyncStatus().schedule, lastSuccessAt: Date.now() - 60_000 },
};
const KEY_REJECTED: SyncStatus = { ...CHECKED, keyRejected: true };

/** An account's row in the list, by the name it goes by. */
function accountRow(name: string): HTMLElement {
  return screen.getByRole('heading', { level: 4, name }).closest('li') as HTMLElement;
}

function fillAccount(name: string, url: string, key: string) {
  fireEvent.input(screen.getByLabelText('Account name (optional)'), { target: { value: name } });
  fireEvent.input(screen.getByLabelText('Service address'), { target: { value: url } });
  fireEvent.input(screen.getByLabelText('API key'), { target: { value: key } });
}

describe('one account', () => {
  beforeEach(async () => {
    await seed({ status: CHECKED });
  });

  it('keeps the card of one account, with Add account beside and no account chooser', async () => {
    await renderOptions();
    expect(screen.getByLabelText('Service address')).toHaveProperty('value', CONFIGURED.serviceUrl);
    expect(screen.getByRole('button', { name: 'Save and connect' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Disconnect' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Add account' })).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Accounts' })).toBeNull();
    expect(screen.queryByRole('combobox', { name: 'Account' })).toBeNull();
    expect(screen.getByRole('heading', { level: 3, name: 'Status' })).toBeTruthy();
  });

  it('adds a second account: the permission first, then addAccount, then focus on its row', async () => {
    options.background.answers.addAccount = async () => {
      // The background saves the account before it answers.
      await settingsItem.setValue(TWO_ACCOUNTS);
      return ok({ accountId: '2', projectCount: 0 });
    };
    await renderOptions();
    fireEvent.click(screen.getByRole('button', { name: 'Add account' }));
    const list = screen.getByRole('list', { name: 'Accounts' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(1);
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByLabelText('Account name (optional)')),
    );
    fillAccount(' Client B ', 'https://other.example.net/', 'key-2');
    fireEvent.click(screen.getByRole('button', { name: 'Add account' }));
    // Within the click: the permission request is the handler's first await.
    expect(options.request).toHaveBeenCalledWith({ origins: ['https://other.example.net/*'] });
    await waitFor(() =>
      expect(document.activeElement).toBe(
        screen.getByRole('heading', { level: 4, name: 'Client B' }),
      ),
    );
    expect(options.background.calls).toEqual([
      {
        type: 'addAccount',
        data: { serviceUrl: 'https://other.example.net', apiKey: 'key-2', label: 'Client B' },
      },
    ]);
    expect(screen.getByText('Account Client B added.')).toBeTruthy();
  });

  it('refuses the same key at the same address beside the key field', async () => {
    options.background.answers.addAccount = () =>
      fail('invalid-input', t('bgAccountHeld'), 'apiKey');
    await renderOptions();
    fireEvent.click(screen.getByRole('button', { name: 'Add account' }));
    fillAccount('', CONFIGURED.serviceUrl, CONFIGURED.apiKey);
    fireEvent.click(screen.getByRole('button', { name: 'Add account' }));
    await waitFor(() => expect(errorOf(screen.getByLabelText('API key'))).toBe(t('bgAccountHeld')));
    expect(document.activeElement).toBe(screen.getByLabelText('API key'));
    expect(screen.getByLabelText('API key')).toHaveProperty('value', CONFIGURED.apiKey);
  });

  it('goes back to the one account’s card when adding is cancelled with Esc', async () => {
    await renderOptions();
    fireEvent.click(screen.getByRole('button', { name: 'Add account' }));
    fireEvent.keyDown(screen.getByLabelText('Service address'), { key: 'Escape' });
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Add account' })),
    );
    expect(screen.queryByRole('list', { name: 'Accounts' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Disconnect' })).toBeTruthy();
    expect(options.background.calls).toEqual([]);
  });

  it('shows the one account left after the first was removed as the card, and acts on it', async () => {
    const only = { ...CONFIGURED, apiKey: '', accounts: [CLIENT_B] };
    await seed({ settings: only });
    await seedAccount(CLIENT_B.id, { status: CHECKED });
    options.background.answers.pollNow = () => ok({ polled: true });
    await renderOptions();
    expect(screen.getByLabelText('Service address')).toHaveProperty('value', CLIENT_B.serviceUrl);
    expect(screen.getByLabelText('API key')).toHaveProperty('value', CLIENT_B.apiKey);
    expect(screen.queryByRole('combobox', { name: 'Account' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Check now' }));
    await waitFor(() => expect(options.background.types()).toEqual(['pollNow']));
    expect(options.background.last('pollNow')).toEqual({ accountId: '2' });
  });
});

describe('several accounts', () => {
  beforeEach(async () => {
    await seed({ settings: TWO_ACCOUNTS, status: CHECKED });
    await seedAccount(CLIENT_B.id, { status: KEY_REJECTED });
  });

  it('lists each account with its name, host and state', async () => {
    await renderOptions();
    const list = screen.getByRole('list', { name: 'Accounts' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    // The first has no name of its own: it goes by its service's host.
    const first = accountRow('mentions.example.com');
    expect(await within(first).findByText('Connected')).toBeTruthy();
    const second = accountRow('Client B');
    expect(within(second).getByText('other.example.net')).toBeTruthy();
    expect(await within(second).findByText('Key rejected')).toBeTruthy();
    expect(within(second).getByRole('button', { name: 'Check now Client B' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Disconnect' })).toBeNull();
  });

  it('names the state of each account: no permission, unreachable, paused, checking', async () => {
    const schedule = CHECKED.schedule;
    const accounts = [
      { ...CLIENT_B, id: '2', label: 'Perm', apiKey: 'k2' },
      { ...CLIENT_B, id: '3', label: 'Down', apiKey: 'k3' },
      { ...CLIENT_B, id: '4', label: 'Backoff', apiKey: 'k4' },
      { ...CLIENT_B, id: '5', label: 'New', apiKey: 'k5' },
    ];
    await settingsItem.setValue({ ...CONFIGURED, accounts });
    await seedAccount('2', { status: { ...CHECKED, permissionMissing: true } });
    await seedAccount('3', {
      status: { ...CHECKED, schedule: { ...schedule, consecutiveFailures: 4, attention: true } },
    });
    await seedAccount('4', {
      status: { ...CHECKED, schedule: { ...schedule, consecutiveFailures: 1 } },
    });
    await seedAccount('5', { status: initialSyncStatus() });
    await renderOptions();
    expect(await within(accountRow('Perm')).findByText('No permission')).toBeTruthy();
    expect(await within(accountRow('Down')).findByText('Service unreachable')).toBeTruthy();
    expect(await within(accountRow('Backoff')).findByText('Paused after an error')).toBeTruthy();
    // Never checked yet: its first check is under way.
    await waitFor(() => expect(accountRow('New').querySelector('[data-state]')).not.toBeNull());
    expect(within(accountRow('New')).getByText('Checking…')).toBeTruthy();
  });

  it('fits ten accounts, each with buttons that name it', async () => {
    const accounts = Array.from({ length: 9 }, (_, index) => ({
      id: String(index + 2),
      label: `Client ${index + 2}`,
      serviceUrl: CLIENT_B.serviceUrl,
      apiKey: `key-${index + 2}`,
    }));
    await settingsItem.setValue({ ...CONFIGURED, accounts });
    await renderOptions();
    const list = screen.getByRole('list', { name: 'Accounts' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(10);
    for (const account of accounts) {
      const row = accountRow(account.label);
      for (const action of ['Check now', 'Edit account', 'Remove account']) {
        expect(
          within(row).getByRole('button', { name: `${action} ${account.label}` }),
        ).toBeTruthy();
      }
    }
  });

  it('checks one account now, named by its id', async () => {
    options.background.answers.pollNow = () => ok({ polled: true });
    await renderOptions();
    fireEvent.click(screen.getByRole('button', { name: 'Check now Client B' }));
    await within(accountRow('Client B')).findByText(t('optionsCheckDone'));
    expect(options.background.calls).toEqual([{ type: 'pollNow', data: { accountId: '2' } }]);
  });

  it('edits an account in its row: prefilled, saved with its id and name', async () => {
    options.background.answers.saveConnection = () => ok({ projectCount: 2 });
    await renderOptions();
    fireEvent.click(screen.getByRole('button', { name: 'Edit account Client B' }));
    const row = accountRow('Client B');
    expect(within(row).getByRole('heading', { level: 4, name: 'Edit Client B' })).toBeTruthy();
    expect(screen.getByLabelText('Account name (optional)')).toHaveProperty('value', 'Client B');
    expect(screen.getByLabelText('Service address')).toHaveProperty('value', CLIENT_B.serviceUrl);
    expect(screen.getByLabelText('API key')).toHaveProperty('value', CLIENT_B.apiKey);
    fireEvent.input(screen.getByLabelText('Account name (optional)'), {
      target: { value: 'Client Bee' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save and connect' }));
    expect(options.request).toHaveBeenCalledWith({ origins: ['https://other.example.net/*'] });
    await waitFor(() => expect(options.background.types()).toEqual(['saveConnection']));
    expect(options.background.last('saveConnection')).toEqual({
      serviceUrl: CLIENT_B.serviceUrl,
      apiKey: CLIENT_B.apiKey,
      label: 'Client Bee',
      accountId: '2',
    });
    await waitFor(() => expect(screen.queryByLabelText('Service address')).toBeNull());
  });

  it('removes one account after a confirmation that names it, then focuses Add account', async () => {
    options.background.answers.disconnect = async () => {
      await settingsItem.setValue(CONFIGURED);
      return ok(null);
    };
    await renderOptions();
    fireEvent.click(screen.getByRole('button', { name: 'Remove account Client B' }));
    const dialog = screen.getByRole('dialog', { name: 'Remove account Client B?' });
    expect(
      within(dialog).getByText(/Everything this browser keeps for Client B goes/),
    ).toBeTruthy();
    expect(within(dialog).getByText(/This cannot be undone/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove account' }));
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Add account' })),
    );
    // Only that account's removal is asked for: the first account's data is not touched.
    expect(options.background.calls).toEqual([{ type: 'disconnect', data: { accountId: '2' } }]);
    expect(screen.getByText('Account Client B removed.')).toBeTruthy();
    expect(screen.queryByRole('heading', { level: 4, name: 'Client B' })).toBeNull();
    expect(accountRow('mentions.example.com')).toBeTruthy();
  });

  it('keeps the account when the confirmation is closed with Esc', async () => {
    await renderOptions();
    const remove = screen.getByRole('button', { name: 'Remove account Client B' });
    fireEvent.click(remove);
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    await waitFor(() => expect(document.activeElement).toBe(remove));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(options.background.calls).toEqual([]);
  });

  it('has nothing axe finds wrong in the accounts list', async () => {
    await renderOptions();
    const list = screen.getByRole('list', { name: 'Accounts' }).closest('.card') as HTMLElement;
    fireEvent.click(screen.getByRole('button', { name: 'Edit account Client B' }));
    // Colours are the browser suites' to check: the test DOM lays nothing out.
    const results = await axe.run(list, { rules: { 'color-contrast': { enabled: false } } });
    expect(results.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
  });
});
