// A backup of several accounts: each account's part, read back as written; a file of one account
// (every file written before several accounts) read as it always was; and where each account of a
// file goes when it is imported (lib/backup/import-accounts.ts).
import { describe, expect, it } from 'vitest';
import { accountsToBack, buildBackup, parseBackup } from '@/lib/backup/backup';
import { placeAccounts } from '@/lib/backup/import-accounts';
import { DEFAULT_SETTINGS, MAX_ACCOUNTS, type Settings } from '@/lib/settings/settings';
import { EMPTY_TRIAGE } from '../support/triage-fixtures';
import { AT, built, file, problemsOf, SAVED, SETTINGS, TRIAGE } from '../support/backup-fixtures';

const CLIENT = {
  id: '2',
  label: 'Client B',
  serviceUrl: 'https://client.example',
  apiKey: 'client-key-456',
};
const SEVERAL: Settings = { ...SETTINGS, label: 'Own', accounts: [CLIENT] };
const CLIENT_TRIAGE = {
  ...EMPTY_TRIAGE,
  muteRules: [{ id: 'rc1', kind: 'phrase' as const, value: 'sale', projectId: null, createdAt: 9 }],
};

const severalBuilt = (includeApiKey = false) => {
  const [own, client] = accountsToBack(SEVERAL);
  return buildBackup(SEVERAL, TRIAGE, SAVED, {
    includeApiKey,
    exportedAt: AT,
    account: own,
    others: [{ account: client, triage: CLIENT_TRIAGE, saved: { items: [] } }],
  });
};
const asRead = (value: unknown) => JSON.parse(JSON.stringify(value)) as Record<string, unknown>;

describe('a backup of several accounts', () => {
  it('lists the further accounts after the file’s own, each with its name, address and triage', () => {
    const backup = severalBuilt();
    expect(backup).toMatchObject({ serviceUrl: SETTINGS.serviceUrl, label: 'Own' });
    expect(backup.accounts).toEqual([
      {
        muteRules: CLIENT_TRIAGE.muteRules,
        projectSwitches: {},
        savedIds: [],
        serviceUrl: 'https://client.example',
        label: 'Client B',
      },
    ]);
    expect(JSON.stringify(backup)).not.toContain('client-key-456');
    expect(severalBuilt(true).accounts?.[0].apiKey).toBe('client-key-456');
  });

  it('reads back what export wrote, through its JSON text', () => {
    expect(parseBackup(asRead(severalBuilt(true)))).toEqual({
      ok: true,
      value: severalBuilt(true),
    });
    expect(parseBackup(asRead(severalBuilt()))).toEqual({ ok: true, value: severalBuilt() });
  });

  it('writes a file of one account as it always did: no list, no name', () => {
    expect(built()).not.toHaveProperty('accounts');
    expect(built()).not.toHaveProperty('label');
    expect(accountsToBack(SETTINGS).map((account) => account.id)).toEqual(['1']);
  });

  it('still reads a file of one account as before', () => {
    const read = parseBackup(file());
    expect(read).toEqual({ ok: true, value: built(true) });
    expect(read.ok && read.value.accounts).toBeUndefined();
  });

  it('words the problems of a further account after its number', () => {
    const raw = asRead(severalBuilt(true));
    const accounts = raw.accounts as Record<string, unknown>[];
    accounts[0].serviceUrl = 'not an address';
    (accounts[0].muteRules as Record<string, unknown>[])[0].kind = 'nonsense';
    accounts.push({ label: 'x'.repeat(61), muteRules: [], projectSwitches: {}, savedIds: [] });
    accounts.push('text' as never);
    expect(problemsOf(raw)).toEqual([
      'Further account 1: Mute rule 1: the kind must be author, site or phrase.',
      'Further account 1: Service address: “not an address” is not an address the extension can use.',
      'Further account 2: Service address: missing.',
      'Further account 2: Account name: must be text of at most 60 characters.',
      'Further account 3: not an account (one needs at least its service address).',
    ]);
    expect(problemsOf({ ...raw, accounts: 'all of them' })).toEqual([
      `Further accounts: must be a list of at most ${MAX_ACCOUNTS - 1} accounts.`,
    ]);
  });
});

describe('where an imported account goes', () => {
  const part = (changes: Partial<Record<'label' | 'serviceUrl' | 'apiKey', string>>) => changes;

  it('a file of one account: to the browser’s account; its key connects only a browser with none', () => {
    const own = part({ serviceUrl: 'https://other.example', apiKey: 'other-key' });
    const into = placeAccounts(SETTINGS, { own });
    expect(into.placed).toEqual([{ part: own, account: '1' }]);
    expect(into.settings).toEqual(SETTINGS);
    const fresh = placeAccounts(DEFAULT_SETTINGS, { own });
    expect(fresh.placed[0]).toMatchObject({ account: '1', added: { id: '1' } });
    expect(fresh.settings).toMatchObject({
      serviceUrl: 'https://other.example',
      apiKey: 'other-key',
    });
  });

  it('a file of several: the same account where it is here, a new one for a key, else left out', () => {
    const own = part({
      serviceUrl: SETTINGS.serviceUrl,
      label: 'Anything',
      apiKey: SETTINGS.apiKey,
    });
    const client = part({
      serviceUrl: CLIENT.serviceUrl,
      label: 'Client B',
      apiKey: ' client-key-456 ',
    });
    const keyless = part({ serviceUrl: 'https://keyless.example', label: 'Gone' });
    const into = placeAccounts(SETTINGS, { own, others: [client, keyless] }, new Set(['2']));
    expect(into.placed).toEqual([
      { part: own, account: '1' },
      {
        part: client,
        account: '3',
        added: {
          id: '3',
          label: 'Client B',
          serviceUrl: CLIENT.serviceUrl,
          apiKey: ' client-key-456 ',
        },
      },
    ]);
    expect(into.leftOut).toBe(1);
    expect(into.settings.accounts.map((account) => account.id)).toEqual(['3']);
    // Imported again: nothing is added twice.
    const again = placeAccounts(into.settings, { own, others: [client, keyless] });
    expect(again.placed.map((each) => [each.account, each.added])).toEqual([
      ['1', undefined],
      ['3', undefined],
    ]);
    expect(again.settings).toBe(into.settings);
  });

  it('without a key, only to an account here with the same address and name', () => {
    const keyless = part({ serviceUrl: CLIENT.serviceUrl, label: 'Client B' });
    const other = part({ serviceUrl: CLIENT.serviceUrl, label: 'Client C' });
    const into = placeAccounts(SEVERAL, { own: part({}), others: [keyless, other] });
    expect(into.placed.map((each) => each.account)).toEqual(['2']);
    expect(into.leftOut).toBe(2);
  });
});
