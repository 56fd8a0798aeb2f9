// Several accounts through the real listeners: each account polls its own service into its own
// keys, the badge counts them all, one account's outage or removal is its own, and an install of
// a single account stores and shows exactly what it did.

import { afterAll, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { accountPrefix, FIRST_ACCOUNT } from '@/lib/accounts/accounts';
import { readMentionStore } from '@/lib/mentions/mention-storage';
import { previewRows, storedPreviewOf } from '@/lib/mentions/preview';
import { parseStoredPreview } from '@/lib/mentions/parse-preview';
import { hostPermissionPattern } from '@/lib/permissions/host-pattern';
import { mentionPreviewItem, readSettings } from '@/lib/storage/items';
import { readSyncStatus } from '@/lib/sync/status-storage';
import { startFakeService, type FakeService } from '../../../fake-service/server';
import { POLL_ALARM, useBackground } from '../../support/background';
import { expectedFirstSyncUnread } from '../../support/background-store';
import { mentionCount } from '@/lib/mentions/store';
import { unreadCount } from '../../support/mention-factory';

const h = useBackground();

const others: FakeService[] = [];
afterAll(async () => {
  await Promise.all(others.map((service) => service.close()));
});

/** Another service; on `localhost` it needs a host permission of its own (patterns have no port). */
async function anotherService(host?: string): Promise<FakeService> {
  const service = await startFakeService({ port: 0, host });
  others.push(service);
  return service;
}

async function addAccount(service: FakeService, label = 'Client B') {
  const reply = await h.send('addAccount', {
    serviceUrl: service.url,
    apiKey: service.apiKey,
    label,
  });
  if (!reply.ok) throw new Error(`addAccount failed: ${reply.error.message}`);
  await h.idle();
  return reply.value.accountId;
}

/** Fires account `account`'s poll alarm as Chrome does. */
async function fireAccountAlarm(account: string): Promise<void> {
  await h.idle();
  const name = `${accountPrefix(account)}${POLL_ALARM}`;
  const alarm = await fakeBrowser.alarms.get(name);
  if (!alarm) throw new Error(`no poll alarm for account ${account}`);
  await fakeBrowser.alarms.clear(name);
  await fakeBrowser.alarms.onAlarm.trigger(alarm);
  await h.idle();
}

/** Every key of both storage areas that belongs to account `account` (after the first). */
async function keysOfAccount(account: string): Promise<string[]> {
  const prefix = accountPrefix(account);
  const local = Object.keys(await fakeBrowser.storage.local.get(null));
  const session = Object.keys(await fakeBrowser.storage.session.get(null));
  return [...local, ...session].filter((key) => key.startsWith(prefix));
}

describe('a second account', () => {
  it('polls its own service into its own keys, and the badge counts both accounts', async () => {
    await h.start();
    await h.connect();
    const b = await anotherService();
    b.addMentions(b.projects()[0].project_id, 2);
    const id = await addAccount(b);
    expect(id).toBe('2');

    const first = await readMentionStore(FIRST_ACCOUNT);
    const second = await readMentionStore(id);
    // The two services were seeded alike: the same project ids, kept apart.
    expect(Object.keys(second.byProject).sort()).toEqual(Object.keys(first.byProject).sort());
    expect(mentionCount(second)).toBe(mentionCount(first) + 2);
    const unread = unreadCount(first) + unreadCount(second);
    expect(unread).toBe(expectedFirstSyncUnread(h.fake) + expectedFirstSyncUnread(b));
    expect(await h.badge()).toBe(String(unread));
    const title = await h.title();
    expect(title).toContain(`Client B: ${unreadCount(second)}`);
    expect(title).toContain(`${new URL(h.fake.url).host}: ${unreadCount(first)}`);

    // Its keys carry its prefix; the first account's keys are where they always were.
    const keys = await keysOfAccount(id);
    expect(keys).toEqual(expect.arrayContaining([`${accountPrefix(id)}projects`]));
    const settings = await readSettings();
    expect(settings.serviceUrl).toBe(h.fake.url);
    expect(settings.accounts).toEqual([
      { id, label: 'Client B', serviceUrl: b.url, apiKey: b.apiKey },
    ]);
  });

  it('marks read in its own store only, and mark-all-read of one leaves the other unread', async () => {
    await h.start();
    await h.connect();
    const b = await anotherService();
    const id = await addAccount(b);
    const firstUnread = unreadCount(await readMentionStore(FIRST_ACCOUNT));
    expect(firstUnread).toBeGreaterThan(0);
    const reply = await h.send('markAllRead', { accountId: id });
    expect(reply.ok).toBe(true);
    expect(unreadCount(await readMentionStore(id))).toBe(0);
    expect(unreadCount(await readMentionStore(FIRST_ACCOUNT))).toBe(firstUnread);
    expect(await h.badge()).toBe(String(firstUnread));
  });

  it('is refused when its key at its address is an account already', async () => {
    await h.start();
    await h.connect();
    const reply = await h.send('addAccount', { serviceUrl: h.fake.url, apiKey: h.fake.apiKey });
    expect(reply).toMatchObject({ ok: false, error: { field: 'apiKey' } });
    expect((await readSettings()).accounts).toEqual([]);
    const b = await anotherService();
    await addAccount(b);
    const again = await h.send('addAccount', { serviceUrl: b.url, apiKey: ` ${b.apiKey} ` });
    expect(again).toMatchObject({ ok: false, error: { field: 'apiKey' } });
    expect((await readSettings()).accounts).toHaveLength(1);
  });

  it('has an outage of its own: its status says so, the first account keeps polling', async () => {
    await h.start();
    await h.connect();
    const b = await anotherService();
    const id = await addAccount(b);
    b.setFault('unavailable');
    await fireAccountAlarm(id);
    await fireAccountAlarm(id);
    const failing = await readSyncStatus(id);
    expect(failing.schedule.consecutiveFailures).toBe(2);
    expect(failing.lastError).not.toBeNull();

    const project = h.fake.projects()[0].project_id;
    h.fake.addMentions(project, 1);
    const before = unreadCount(await readMentionStore(FIRST_ACCOUNT));
    await h.fireAlarm();
    const healthy = await readSyncStatus(FIRST_ACCOUNT);
    expect(healthy.schedule.consecutiveFailures).toBe(0);
    expect(healthy.lastError).toBeNull();
    expect(unreadCount(await readMentionStore(FIRST_ACCOUNT))).toBe(before + 1);
  });

  it('has a rejected key of its own: it pauses alone', async () => {
    await h.start();
    await h.connect();
    const b = await anotherService();
    const id = await addAccount(b);
    b.setFault('rejectToken');
    b.setFault('forbidden', { func: 'login' });
    await fireAccountAlarm(id);
    expect((await readSyncStatus(id)).keyRejected).toBe(true);
    expect((await readSyncStatus(FIRST_ACCOUNT)).keyRejected).toBe(false);
    h.fake.clearLog();
    await h.fireAlarm();
    expect(h.fake.log.some((entry) => entry.func === 'getMentions')).toBe(true);
  });

  it('is removed whole: its data, token, alarm and permission, and no call carries its token', async () => {
    await h.start();
    await h.connect();
    const b = await anotherService('localhost');
    const id = await addAccount(b);
    const token = b.log.find((entry) => entry.query.token)?.query.token;
    expect(token).toBeDefined();
    const remove = vi.mocked(fakeBrowser.permissions.remove);
    remove.mockClear();
    const firstBefore = await readMentionStore(FIRST_ACCOUNT);

    const reply = await h.send('disconnect', { accountId: id });
    expect(reply.ok).toBe(true);
    expect(await keysOfAccount(id)).toEqual([]);
    expect(await fakeBrowser.alarms.get(`${accountPrefix(id)}${POLL_ALARM}`)).toBeUndefined();
    expect(remove).toHaveBeenCalledWith({ origins: ['http://localhost/*'] });
    expect((await readSettings()).accounts).toEqual([]);
    expect(await readMentionStore(FIRST_ACCOUNT)).toEqual(firstBefore);

    b.clearLog();
    await h.fireAlarm();
    await h.send('pollNow', { accountId: id });
    expect(b.log).toEqual([]);
    expect(h.fake.log.every((entry) => entry.query.token !== token)).toBe(true);
  });

  it('keeps a host both accounts use until neither needs it', async () => {
    await h.start();
    await h.connect();
    h.fake.addAccount('client-b-key-0123456789', { seedData: true });
    const reply = await h.send('addAccount', {
      serviceUrl: h.fake.url,
      apiKey: 'client-b-key-0123456789',
    });
    expect(reply.ok).toBe(true);
    const remove = vi.mocked(fakeBrowser.permissions.remove);
    remove.mockClear();
    await h.send('disconnect', { accountId: '2' });
    expect(remove).not.toHaveBeenCalled();
    await h.send('disconnect', {});
    expect(remove).toHaveBeenCalledWith({ origins: [hostPermissionPattern(h.fake.url)] });
  });

  it('stays when the first account is removed, and goes on polling', async () => {
    await h.start();
    await h.connect();
    const b = await anotherService();
    const id = await addAccount(b);
    await h.send('disconnect', {});
    expect(mentionCount(await readMentionStore(FIRST_ACCOUNT))).toBe(0);
    const second = mentionCount(await readMentionStore(id));
    expect(second).toBeGreaterThan(0);
    b.addMentions(b.projects()[0].project_id, 1);
    await fireAccountAlarm(id);
    expect(mentionCount(await readMentionStore(id))).toBe(second + 1);
    expect(await h.badge()).toBe(String(unreadCount(await readMentionStore(id))));
  });
  it('asks no more at once of both services together than one account’s poll does', async () => {
    await h.start();
    await h.connect();
    const b = await anotherService();
    const id = await addAccount(b);
    // Requests under way, over both services, at each moment.
    let inFlight = 0;
    let most = 0;
    const network = vi.mocked(fetch).getMockImplementation()!;
    vi.mocked(fetch).mockImplementation(async (input, init) => {
      most = Math.max(most, ++inFlight);
      try {
        const response = await network(input, init);
        // Read here, so the body's read counts as the request's.
        const body = await response.arrayBuffer();
        return new Response(body, { status: response.status, headers: response.headers });
      } finally {
        inFlight -= 1;
      }
    });
    // A browser start: neither account has a token, both poll at once.
    await fakeBrowser.storage.session.remove(['token', `${accountPrefix(id)}token`]);
    h.fake.clearLog();
    b.clearLog();
    await Promise.all([h.send('pollNow', {}), h.send('pollNow', { accountId: id })]);
    await h.idle();
    expect(h.fake.log.filter((entry) => entry.func === 'login')).toHaveLength(1);
    expect(b.log.filter((entry) => entry.func === 'login')).toHaveLength(1);
    expect(h.fake.log.length + b.log.length).toBeGreaterThan(6);
    expect(most).toBe(3);
  });
});

describe('the previews of several accounts', () => {
  it('hold each account’s share of the first page, and the whole page again when one is left', async () => {
    await h.start();
    await h.connect();
    const rows = async (account: string) =>
      parseStoredPreview(await mentionPreviewItem(account).getValue())?.newestUnread.length;
    const many = (service: FakeService) =>
      service.addMentions(service.projects()[0].project_id, 60);
    many(h.fake);
    await h.send('pollNow', {});
    await h.idle();
    expect(await rows(FIRST_ACCOUNT)).toBe(50);

    const b = await anotherService();
    many(b);
    const id = await addAccount(b);
    await h.idle();
    expect(await rows(FIRST_ACCOUNT)).toBe(25);
    expect(await rows(id)).toBe(25);

    expect(await h.send('disconnect', { accountId: id })).toMatchObject({ ok: true });
    await h.idle();
    expect(await rows(FIRST_ACCOUNT)).toBe(50);
  });
});

describe('an install of a single account', () => {
  it('keeps its keys, its mentions and its read marks when a second account comes', async () => {
    await h.start();
    await h.connect();
    const project = h.fake.projects()[0].project_id;
    const store = await readMentionStore(FIRST_ACCOUNT);
    const [mention] = store.byProject[project];
    await h.send('markRead', { keys: [{ projectId: project, id: mention.id }] });
    // The settings as a version of a single account stored them: no name, no further accounts.
    const { label, accounts, ...oldSettings } = await readSettings();
    expect([label, accounts]).toEqual(['', []]);
    await fakeBrowser.storage.local.set({ settings: oldSettings });
    const before = await fakeBrowser.storage.local.get(null);
    const storeBefore = await readMentionStore(FIRST_ACCOUNT);

    // An update of the extension over what a single-account version stored.
    await fakeBrowser.runtime.onInstalled.trigger({
      reason: 'update',
      previousVersion: '1.0.0',
      temporary: false,
    });
    await h.idle();
    await addAccount(await anotherService());

    const after = await fakeBrowser.storage.local.get(null);
    const unprefixed = Object.fromEntries(
      Object.entries(after).filter(([key]) => !key.startsWith('account')),
    );
    const { settings: settingsBefore, mentionPreview: previewBefore, ...restBefore } = before;
    const { settings: settingsAfter, mentionPreview, ...restAfter } = unprefixed;
    expect(restAfter).toEqual(restBefore);
    // The preview, a copy of the store's first page, holds the first account's share of it now.
    expect(previewBefore).toEqual(storedPreviewOf(storeBefore));
    expect((await readSettings()).accounts).toHaveLength(1);
    expect(mentionPreview).toEqual(
      storedPreviewOf(
        await readMentionStore(FIRST_ACCOUNT),
        undefined,
        previewRows(await readSettings()),
      ),
    );
    expect(settingsAfter).toEqual({
      ...(settingsBefore as object),
      label: '',
      accounts: [expect.objectContaining({ id: '2' })],
    });
    const kept = await readMentionStore(FIRST_ACCOUNT);
    expect(kept.byProject[project].find((m) => m.id === mention.id)?.read).toBe(true);
  });
});
