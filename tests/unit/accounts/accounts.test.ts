// Where each account's data lives, and how each account's world sees the settings.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  accountNames,
  accountPrefix,
  accountSettings,
  accountView,
  FIRST_ACCOUNT,
  listAccounts,
  nameInAccount,
  newAccountId,
  prefixedItems,
  splitAccountKey,
  withAccountSettings,
} from '@/lib/accounts/accounts';
import { DEFAULT_SETTINGS, parseSettings, type Settings } from '@/lib/settings/settings';

const first: Settings = {
  ...DEFAULT_SETTINGS,
  serviceUrl: 'https://a.example',
  apiKey: 'key-a',
  label: 'Own',
};
const two: Settings = {
  ...first,
  accounts: [{ id: '2', label: '', serviceUrl: 'https://b.example', apiKey: 'key-b' }],
};

describe('an account’s keys', () => {
  it('are the single account’s keys for the first account, and prefixed for the others', () => {
    expect(accountPrefix(FIRST_ACCOUNT)).toBe('');
    expect(accountPrefix('2')).toBe('account2/');
    expect(prefixedItems({ projects: [] }, '1')).toEqual({ projects: [] });
    expect(prefixedItems({ projects: [] }, '12')).toEqual({ 'account12/projects': [] });
  });

  it('are seen by their account alone, under their names without the prefix', () => {
    const all = {
      'mention:1:5': 'first',
      'account2/mention:1:5': 'second',
      'account12/mention:1:5': 'twelfth',
      settings: 'shared',
    };
    expect(accountView(all, '1')).toEqual({ 'mention:1:5': 'first', settings: 'shared' });
    expect(accountView(all, '2')).toEqual({ 'mention:1:5': 'second' });
    expect(accountView(all, '12')).toEqual({ 'mention:1:5': 'twelfth' });
    expect(nameInAccount('account2/triage', '2')).toBe('triage');
    expect(nameInAccount('account2/triage', '1')).toBeNull();
    expect(nameInAccount('account12/triage', '1')).toBeNull();
    expect(nameInAccount('triage', '2')).toBeNull();
    expect(splitAccountKey('account7/mention-monitor-poll')).toEqual({
      account: '7',
      name: 'mention-monitor-poll',
    });
    expect(splitAccountKey('snooze-end')).toEqual({ account: '1', name: 'snooze-end' });
  });

  it('round-trip: what an account writes under its prefix it reads back, and no other does', () => {
    const ids = fc.constantFrom('1', '2', '3', '12', '123');
    fc.assert(
      fc.property(ids, ids, fc.string({ minLength: 1 }), (mine, other, name) => {
        const stored = prefixedItems({ [name]: 'v' }, mine);
        expect(accountView(stored, mine)).toEqual({ [name]: 'v' });
        if (other !== mine) expect(accountView(stored, other)).toEqual({});
      }),
    );
  });
});

describe('the settings as an account sees them', () => {
  it('are the settings themselves for the first account', () => {
    expect(accountSettings(two, '1')).toBe(two);
  });

  it('give a further account its own connection and label, and the shared preferences', () => {
    const view = accountSettings({ ...two, pollIntervalMinutes: 10 }, '2');
    expect(view).toMatchObject({
      serviceUrl: 'https://b.example',
      apiKey: 'key-b',
      label: '',
      pollIntervalMinutes: 10,
    });
    expect(accountSettings(two, '9')).toMatchObject({ serviceUrl: '', apiKey: '' });
  });

  it('write back only that account’s connection, and the preferences for all', () => {
    const view = accountSettings(two, '2');
    const written = withAccountSettings(two, '2', {
      ...view,
      apiKey: 'key-b2',
      label: 'Client B',
      notificationsEnabled: false,
    });
    expect(written.serviceUrl).toBe(first.serviceUrl);
    expect(written.apiKey).toBe(first.apiKey);
    expect(written.label).toBe('Own');
    expect(written.notificationsEnabled).toBe(false);
    expect(written.accounts).toEqual([
      { id: '2', label: 'Client B', serviceUrl: 'https://b.example', apiKey: 'key-b2' },
    ]);
    // A Disconnect of a further account takes it off the list.
    expect(withAccountSettings(two, '2', { ...view, apiKey: '' }).accounts).toEqual([]);
    // A first save of a new account adds it at the end.
    const third = withAccountSettings(two, '3', {
      ...accountSettings(two, '3'),
      serviceUrl: 'https://c.example',
      apiKey: 'key-c',
    });
    expect(third.accounts.map((a) => a.id)).toEqual(['2', '3']);
    // The first account's world never rewrites the list of the others.
    expect(withAccountSettings(two, '1', { ...first, apiKey: '' })).toMatchObject({
      apiKey: '',
      accounts: two.accounts,
    });
  });
});

describe('the accounts', () => {
  it('are listed in the order they were added, the first when it is connected', () => {
    expect(listAccounts(two).map((a) => a.id)).toEqual(['1', '2']);
    expect(listAccounts({ ...two, apiKey: '' }).map((a) => a.id)).toEqual(['2']);
    expect(listAccounts(DEFAULT_SETTINGS)).toEqual([]);
  });

  it('take a new id above every id in use, or the first when there is none', () => {
    expect(newAccountId(DEFAULT_SETTINGS)).toBe('1');
    expect(newAccountId(first)).toBe('2');
    expect(newAccountId(two)).toBe('3');
    expect(newAccountId({ ...two, apiKey: '' })).toBe('3');
  });

  it('go by their label, else their host, else their place', () => {
    const accounts = [
      { id: '1', label: '', serviceUrl: 'https://a.example', apiKey: 'k1' },
      { id: '2', label: ' Client B ', serviceUrl: 'https://a.example', apiKey: 'k2' },
      { id: '3', label: '', serviceUrl: 'https://a.example', apiKey: 'k3' },
      { id: '4', label: '', serviceUrl: 'http://127.0.0.1:8787', apiKey: 'k4' },
    ];
    const names = accountNames(accounts, (n) => `Account ${n}`);
    expect([...names.values()]).toEqual(['a.example', 'Client B', 'Account 3', '127.0.0.1:8787']);
  });

  it('are read back from stored settings entry by entry: a damaged one is dropped', () => {
    const stored = {
      ...two,
      accounts: [
        two.accounts[0],
        { id: '1', label: '', serviceUrl: 'https://x.example', apiKey: 'k' },
        { id: '3', label: '', serviceUrl: '', apiKey: 'k' },
        { id: 'x', label: '', serviceUrl: 'https://x.example', apiKey: 'k' },
        { ...two.accounts[0], apiKey: 'dup' },
      ],
    };
    expect(parseSettings(stored).accounts).toEqual(two.accounts);
    // Settings from before several accounts: one account, no name.
    const old: Partial<Settings> = { ...first };
    delete old.label;
    delete old.accounts;
    expect(parseSettings(old)).toEqual({ ...first, label: '', accounts: [] });
  });
});
