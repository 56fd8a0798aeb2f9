// Exports of several accounts' mentions: an account column first (and an `account` field), each
// row's project named in its own account, saved marks that are its account's; with one account
// the files have no such column.
import { describe, expect, it } from 'vitest';
import { mentionsCsv, mentionsJson } from '@/lib/export/mention-export';
import { pageKey, storeOfAccount } from '@/lib/mention-view/account-mentions';
import { readCsv } from '../support/csv-reader';
import { stored, storeOf } from '../support/mention-factory';

const first = stored({ id: 1, project_id: 1, title: 'Ours' });
const [second] = storeOfAccount(storeOf(stored({ id: 1, project_id: 1, title: 'Theirs' })), '2')
  .byProject[1];
const names: Record<string, string> = { '1 1': 'Acme', '2 1': 'Globex' };
const context = {
  projectName: (id: number, account = '1') => names[`${account} ${id}`],
  accountName: (account: string) => (account === '1' ? 'Agency' : 'Client B'),
  savedKeys: new Set([pageKey(second)]),
  timeZone: 'UTC',
};

describe('an export of several accounts', () => {
  it('has an account column first, and names each row’s project in its account', () => {
    const rows = readCsv(mentionsCsv([first, second], context));
    expect(rows[0].slice(0, 2)).toEqual(['Account', 'Project']);
    expect(rows[1].slice(0, 2)).toEqual(['Agency', 'Acme']);
    expect(rows[2].slice(0, 2)).toEqual(['Client B', 'Globex']);
    // The star is the second account's alone, whatever the ids.
    expect([rows[1].at(-1), rows[2].at(-1)]).toEqual(['no', 'yes']);
  });

  it('gives each JSON record its account', () => {
    const records = JSON.parse(mentionsJson([first, second], context)) as Record<string, unknown>[];
    expect(records.map((r) => [r.account, r.project, r.saved])).toEqual([
      ['Agency', 'Acme', false],
      ['Client B', 'Globex', true],
    ]);
  });

  it('has no account column with one account', () => {
    const one = { ...context, accountName: undefined };
    expect(readCsv(mentionsCsv([first], one))[0][0]).toBe('Project');
    expect(JSON.parse(mentionsJson([first], one))[0]).not.toHaveProperty('account');
  });
});
