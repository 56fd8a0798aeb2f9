// Two accounts in one browser, through the real background: each account's mute rules and saved
// mentions are its own, its notifications name it, and a settings import adds the file's accounts
// without replacing the ones here.
import { describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { accountsToBack, buildBackup, parseBackup } from '@/lib/backup/backup';
import { readMentionStore } from '@/lib/mentions/mention-storage';
import { parseStoredPreview } from '@/lib/mentions/parse-preview';
import {
  mentionPreviewItem,
  readSettings,
  savedMentionsItem,
  triageItem,
} from '@/lib/storage/items';
import { EMPTY_TRIAGE } from '../../support/triage-fixtures';
import { useBackground } from '../../support/background';
import { triageSteps } from '../../support/background-triage';

const KEY_B = 'key-B-0123456789abcdef';

const h = useBackground();
const s = triageSteps(h);

/** Client B added on the same service as the first account, with another key. */
async function addClientB(): Promise<void> {
  h.fake.addAccount(KEY_B, { seedData: true });
  const reply = await h.send('addAccount', {
    serviceUrl: h.fake.url,
    apiKey: KEY_B,
    label: 'Client B',
  });
  expect(reply).toMatchObject({ ok: true, value: { accountId: '2' } });
  await h.idle();
}

/** The first account connected, then Client B added. */
async function twoAccounts() {
  const create = await s.connected();
  await addClientB();
  return create;
}

const previewOf = async (account: string) =>
  parseStoredPreview(await mentionPreviewItem(account).getValue());

describe('mutes and saved mentions belong to their account', () => {
  it('a mute made in one account hides nothing of the other’s', async () => {
    await twoAccounts();
    const first = (await readMentionStore('1')).byProject;
    const [mention] = Object.values(first).flat();
    const before = await previewOf('1');

    // The same author, muted in the second account.
    const reply = await h.send('mute', {
      kind: 'author',
      value: mention.author,
      projectId: null,
      accountId: '2',
    });
    expect(reply).toMatchObject({ ok: true });

    expect((await triageItem('2').read()).muteRules).toHaveLength(1);
    expect((await triageItem('1').read()).muteRules).toEqual([]);
    expect(await previewOf('1')).toEqual(before);
  });

  it('saving in one account shows only in its own saved, never in the other’s', async () => {
    await twoAccounts();
    const [mine] = Object.values((await readMentionStore('1')).byProject).flat();
    const [theirs] = Object.values((await readMentionStore('2')).byProject).flat();
    const key = (m: typeof mine) => ({ projectId: m.project_id, id: m.id });

    expect(await h.send('saveMention', { key: key(mine) })).toEqual({ ok: true, value: null });
    expect(await h.send('saveMention', { key: key(theirs), accountId: '2' })).toEqual({
      ok: true,
      value: null,
    });
    // One account's mention is not the other's to save.
    const crossed = await h.send('saveMention', { key: key(mine), accountId: '2' });
    expect(crossed).toMatchObject({ ok: false, error: { kind: 'invalid-input' } });

    const ids = async (account: string) =>
      (await savedMentionsItem(account).read()).items.map((item) => item.record.id);
    expect(await ids('1')).toEqual([mine.id]);
    expect(await ids('2')).toEqual([theirs.id]);
  });
});

describe('notifications of several accounts', () => {
  it('name the account they are of', async () => {
    const create = await twoAccounts();
    const [project] = h.fake.projects(KEY_B).filter((p) => p.browser_notification === 1);
    h.fake.addMentions(project.project_id, 1);
    create.mockClear();
    expect(await h.send('pollNow', { accountId: '2' })).toMatchObject({ ok: true });
    await h.idle();

    // create(id, options), as lib/notifications/desktop.ts calls it.
    const titles = create.mock.calls.map((call) => (call as unknown[])[1] as { title: string });
    expect(titles).toHaveLength(1);
    expect(titles[0].title).toMatch(/^Client B · 1 new mention in /);
  });

  it('open the mentions page at their own account’s project', async () => {
    await twoAccounts();
    const [project] = h.fake.projects(KEY_B).filter((p) => p.browser_notification === 1);
    const added = h.fake.addMentions(project.project_id, 3);
    expect(await h.send('pollNow', { accountId: '2' })).toMatchObject({ ok: true });
    await h.idle();
    const id = `mm2:project:${project.project_id}:${added.at(-1)!.id}`;
    expect(Object.keys(await fakeBrowser.notifications.getAll())).toContain(id);
    const open = vi.spyOn(fakeBrowser.tabs, 'create');

    await fakeBrowser.notifications.onClicked.trigger(id);
    await h.idle();
    expect(open).toHaveBeenCalledExactlyOnceWith({
      url: `${fakeBrowser.runtime.getURL('/mentions.html')}?account=2&project=${project.project_id}&read=unread`,
    });
  });
});

describe('a snooze of several accounts', () => {
  it('holds an account added while it lasts, from its first poll on', async () => {
    const create = await s.connected();
    expect(await h.send('snooze', { until: null })).toMatchObject({ ok: true });
    create.mockClear();
    await addClientB();
    expect((await triageItem('2').read()).snooze).toEqual({ until: null });
    expect(create).not.toHaveBeenCalled();

    // Resumed, every account's held mentions are summed up.
    expect(await h.send('resumeNotifications', {})).toMatchObject({ ok: true });
    await h.idle();
    expect((await triageItem('2').read()).snooze).toBeNull();
    expect((await triageItem('1').read()).snooze).toBeNull();
  });

  it('leaves nothing of an account whose adding failed', async () => {
    await s.connected();
    expect(await h.send('snooze', { until: null })).toMatchObject({ ok: true });
    const reply = await h.send('addAccount', {
      serviceUrl: h.fake.url,
      apiKey: 'not-a-key-of-this-service',
      label: 'Client B',
    });
    expect(reply).toMatchObject({ ok: false });
    await h.idle();
    const local = Object.keys(await fakeBrowser.storage.local.get(null));
    expect(local.filter((key) => key.startsWith('account2/'))).toEqual([]);
    expect(await fakeBrowser.alarms.get('account2/snooze-end')).toBeUndefined();
  });
});

describe('importing a backup of several accounts', () => {
  it('adds the file’s accounts, each with its own rules, and replaces nothing here', async () => {
    await s.connected();
    h.fake.addAccount(KEY_B, { seedData: true });
    const rule = (id: string, value: string) => ({
      id,
      kind: 'phrase' as const,
      value,
      projectId: null,
      createdAt: 1,
    });
    const settings = await readSettings();
    const [own] = accountsToBack(settings);
    const client = { id: '2', label: 'Client B', serviceUrl: h.fake.url, apiKey: KEY_B };
    const written = buildBackup(
      settings,
      { ...EMPTY_TRIAGE, muteRules: [rule('r1', 'ours')] },
      { items: [] },
      {
        includeApiKey: true,
        account: own,
        others: [
          {
            account: client,
            triage: { ...EMPTY_TRIAGE, muteRules: [rule('r2', 'theirs')] },
            saved: { items: [] },
          },
        ],
      },
    );
    const read = parseBackup(JSON.parse(JSON.stringify(written)));
    if (!read.ok) throw new Error(read.problems.join('\n'));

    const reply = await h.send('importSettings', { backup: read.value });
    expect(reply).toEqual({
      ok: true,
      value: { muteRules: 2, projectSwitches: 0, saved: 0, apiKey: false, accounts: 1, leftOut: 0 },
    });
    await h.idle();

    const after = await readSettings();
    expect(after.apiKey).toBe(settings.apiKey);
    expect(after.accounts).toEqual([client]);
    expect((await triageItem('1').read()).muteRules.map((r) => r.value)).toEqual(['ours']);
    expect((await triageItem('2').read()).muteRules.map((r) => r.value)).toEqual(['theirs']);
    // The added account connected and polled, as Add account would.
    expect(Object.values((await readMentionStore('2')).byProject).flat().length).toBeGreaterThan(0);
    expect(
      Object.keys(await fakeBrowser.storage.session.get(null)).some((key) =>
        key.startsWith('account2/'),
      ),
    ).toBe(true);

    // The same file again adds nothing twice.
    const again = await h.send('importSettings', { backup: read.value });
    expect(again).toMatchObject({ ok: true, value: { muteRules: 0, accounts: 0 } });
    await h.idle();
    expect((await readSettings()).accounts).toEqual([client]);
  });
});
