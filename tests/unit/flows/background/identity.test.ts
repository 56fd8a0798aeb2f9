// Account identity through the real listeners (issue 14): data belongs to one account (service
// origin + API key). A poll of an account that was changed meanwhile writes nothing; a change of
// key or address clears everything of the old account before the new one's data appears, so no
// page ever shows one account's data under another's settings; disconnecting clears everything,
// the token, the alarm and the host permission.

import { FIRST_ACCOUNT } from '@/lib/accounts/accounts';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { isStoreKey, META_KEY } from '@/lib/mentions/store-format';
import { readServiceClock } from '@/lib/storage/items';
import { OUTBOX_KEY } from '@/lib/storage/keys';
import { recordKeyOf, unreadCount } from '../../support/mention-factory';
import { initialSyncStatus } from '@/lib/sync/status';
import { startFakeService, type FakeService } from '../../../fake-service/server';
import { useBackground } from '../../support/background';
import { expectedFirstSyncUnread, keysOf } from '../../support/background-store';

const h = useBackground();
const KEY_B = 'second-account-key-0123';

const others: FakeService[] = [];
afterAll(async () => {
  await Promise.all(others.map((service) => service.close()));
});

async function anotherService(): Promise<FakeService> {
  const service = await startFakeService({ port: 0 });
  others.push(service);
  return service;
}

/** A store with nothing in it (its meta may remain: the format version, no projects). */
async function expectEmptyStore(): Promise<void> {
  const store = await h.store();
  expect(store.byProject).toEqual({});
  expect(store.syncedProjects).toEqual([]);
  expect(store.floors).toEqual({});
  const keys = Object.keys(await fakeBrowser.storage.local.get(null)).filter(isStoreKey);
  expect(keys.filter((key) => key !== META_KEY)).toEqual([]);
}

interface Snapshot {
  apiKey: unknown;
  projectIds: number[];
  mentionProjectIds: number[];
  previewProjectIds: number[];
}

/** What a page reading storage would see, at every change (pages follow storage.onChanged). */
function recordSnapshots(): Promise<Snapshot>[] {
  const taken: Promise<Snapshot>[] = [];
  fakeBrowser.storage.onChanged.addListener((_changes, area) => {
    if (area !== 'local') return;
    taken.push(
      fakeBrowser.storage.local.get(null).then((all) => {
        const settings = all.settings as { apiKey?: unknown } | undefined;
        const projects = (all.projects as { project_id: number }[] | undefined) ?? [];
        const preview = all.mentionPreview as { unreadByProject?: object } | undefined;
        return {
          apiKey: settings?.apiKey,
          projectIds: projects.map((p) => p.project_id),
          mentionProjectIds: Object.keys(all)
            .map((key) => recordKeyOf(key)?.projectId)
            .filter((id): id is number => id !== undefined),
          previewProjectIds: Object.keys(preview?.unreadByProject ?? {}).map(Number),
        };
      }),
    );
  });
  return taken;
}

function storedProjectIds(): Promise<number[]> {
  return fakeBrowser.storage.local
    .get('projects')
    .then(({ projects }) =>
      ((projects as { project_id: number }[]) ?? []).map((p) => p.project_id),
    );
}

describe('a key changed while a poll of the old key runs', () => {
  it('the old poll writes nothing, and no page ever sees the old account under the new key', async () => {
    await h.start();
    await h.connect();
    h.fake.addAccount(KEY_B, { seedData: true });
    const oldIds = h.fake.projects().map((p) => p.project_id);
    const newIds = h.fake.projects(KEY_B).map((p) => p.project_id);
    expect(newIds.filter((id) => oldIds.includes(id))).toEqual([]);
    // The old account has news this poll would bring, and some read state.
    await h.send('markRead', { keys: keysOf(await h.store(), oldIds[0]).slice(0, 2) });
    for (const id of oldIds) h.fake.addMentions(id, 2);
    const held = h.hold('getMentions', oldIds.at(-1));
    await h.fireAlarmWithoutWaiting();
    await h.until(() => held.waiting > 0, 'the old poll to fetch mentions');
    const create = vi.spyOn(fakeBrowser.notifications, 'create');
    const snapshots = recordSnapshots();

    const reply = await h.send('saveConnection', { serviceUrl: h.fake.url, apiKey: KEY_B });
    expect(reply).toMatchObject({ ok: true });

    // Right after the save, before the new account's first poll: nothing of the old account.
    await expectEmptyStore();
    expect(await storedProjectIds()).toEqual(newIds);
    expect((await h.status()).projectErrors).toEqual({});
    expect(Object.keys(await fakeBrowser.notifications.getAll())).toEqual([]);

    held.release();
    await h.idle();

    const store = await h.store();
    const stored = Object.keys(store.byProject).map(Number);
    expect(stored.length).toBeGreaterThan(0);
    expect(stored.filter((id) => !newIds.includes(id))).toEqual([]);
    expect(await storedProjectIds()).toEqual(newIds);
    const status = await h.status();
    expect(status.lastError).toBeNull();
    expect(status.keyRejected).toBe(false);
    expect(unreadCount(store)).toBeGreaterThan(0);
    expect(await h.badge()).toBe(String(unreadCount(store)));
    for (const name of h.fake.projects().map((p) => p.name)) {
      if (!h.fake.projects(KEY_B).some((p) => p.name === name)) {
        expect(await h.title()).not.toContain(`${name}:`);
      }
    }
    // None of the old account's news was announced.
    for (const [id] of create.mock.calls) {
      expect(oldIds.some((old) => String(id).includes(`:${old}:`))).toBe(false);
    }

    const seen = await Promise.all(snapshots);
    expect(seen.length).toBeGreaterThan(0);
    for (const snapshot of seen.filter((s) => s.apiKey === KEY_B)) {
      for (const ids of [
        snapshot.projectIds,
        snapshot.mentionProjectIds,
        snapshot.previewProjectIds,
      ]) {
        expect(ids.filter((id) => oldIds.includes(id))).toEqual([]);
      }
    }
  });

  it('a save of the same key and address keeps the data and lets a running poll finish', async () => {
    await h.start();
    await h.connect();
    const ids = h.fake.projects().map((p) => p.project_id);
    await h.send('markAllRead', {});
    h.fake.addMentions(ids[0], 1);
    const held = h.hold('getMentions', ids.at(-1));
    await h.fireAlarmWithoutWaiting();
    await h.until(() => held.waiting > 0, 'the poll to fetch mentions');

    await h.send('saveConnection', { serviceUrl: h.fake.url, apiKey: h.fake.apiKey });
    held.release();
    await h.idle();
    const store = await h.store();
    // The read state survived, and the running poll's news arrived.
    expect(unreadCount(store)).toBe(1);
    expect(await h.badge()).toBe('1');
  });
});

describe('another service address', () => {
  it('clears the old account and gives back the old host’s permission', async () => {
    const remove = vi.mocked(fakeBrowser.permissions.remove);
    await h.start();
    await h.connect();
    await h.send('markAllRead', {});
    // The same machine under another name: another host, as far as permissions go.
    const second = await anotherService();
    const serviceUrl = second.url.replace('127.0.0.1', 'localhost');

    const savedAt = Date.now();
    const reply = await h.send('saveConnection', { serviceUrl, apiKey: second.apiKey });
    expect(reply).toMatchObject({ ok: true });
    await h.idle();
    expect(remove).toHaveBeenCalledWith({ origins: ['http://127.0.0.1/*'] });
    expect(remove).not.toHaveBeenCalledWith({ origins: ['http://localhost/*'] });
    // Had the old read state survived, nothing would be unread.
    expect(unreadCount(await h.store())).toBe(expectedFirstSyncUnread(second));
    // What was learned of the old server's clock went with it: what is there now was learned
    // from the new server's first poll.
    const clock = await readServiceClock(FIRST_ACCOUNT);
    expect(clock.samples.length).toBeGreaterThan(0);
    for (const sample of clock.samples) expect(sample.seenAt).toBeGreaterThanOrEqual(savedAt);
  });

  it('keeps the permission when the new address is on the same host (patterns have no port)', async () => {
    const remove = vi.mocked(fakeBrowser.permissions.remove);
    await h.start();
    await h.connect();
    const third = await anotherService();

    const reply = await h.send('saveConnection', { serviceUrl: third.url, apiKey: third.apiKey });
    expect(reply).toMatchObject({ ok: true });
    await h.idle();
    expect(remove).not.toHaveBeenCalled();
    expect(unreadCount(await h.store())).toBe(expectedFirstSyncUnread(third));
  });
});

describe('the service’s clock', () => {
  it('belongs to the server: a new key on the same address keeps it', async () => {
    await h.start();
    await h.connect();
    const clock = { version: 1, overrideMinutes: -300, samples: [] };
    await fakeBrowser.storage.local.set({ serviceClock: clock });
    h.fake.addAccount(KEY_B, { seedData: false });

    await h.send('saveConnection', { serviceUrl: h.fake.url, apiKey: KEY_B });
    await h.idle();
    expect((await fakeBrowser.storage.local.get('serviceClock')).serviceClock).toEqual(clock);
  });
});

describe('disconnecting', () => {
  it('clears everything of the account, the token, the alarm and the host permission', async () => {
    const remove = vi.mocked(fakeBrowser.permissions.remove);
    await h.start();
    await h.connect();
    await h.send('markRead', { keys: keysOf(await h.store(), h.fake.projects()[0].project_id) });
    // A notification a stopped worker left in the outbox, and one on screen.
    await fakeBrowser.storage.local.set({
      [OUTBOX_KEY]: [{ id: 'mm:mention:1201:1', title: 'Left behind', message: 'x' }],
      serviceClock: { version: 1, overrideMinutes: 60, samples: [] },
    });
    expect(Object.keys(await fakeBrowser.notifications.getAll()).length).toBeGreaterThan(0);

    expect(await h.send('disconnect', { keepMentions: true })).toEqual({ ok: true, value: null });
    await h.idle();

    await expectEmptyStore();
    const local = await fakeBrowser.storage.local.get(null);
    expect(local[OUTBOX_KEY]).toBeUndefined();
    expect(local.serviceClock).toBeUndefined();
    expect(local.projects ?? []).toEqual([]);
    const preview = local.mentionPreview as { unread?: number; mentions?: number } | undefined;
    expect(preview?.mentions ?? 0).toBe(0);
    expect(await h.status()).toEqual(initialSyncStatus());
    expect(JSON.stringify(local)).not.toContain(h.fake.apiKey);
    expect(await fakeBrowser.storage.session.get('token')).toEqual({});
    expect(await fakeBrowser.notifications.getAll()).toEqual({});
    expect(await h.alarmTime()).toBeUndefined();
    expect(remove).toHaveBeenCalledWith({ origins: ['http://127.0.0.1/*'] });
    expect(await h.badge()).toBe('?');

    // The permission's removal, as the browser reports it, starts no poll and sets no alarm.
    h.fake.clearLog();
    const [[onRemoved]] = vi.mocked(fakeBrowser.permissions.onRemoved.addListener).mock.calls;
    onRemoved({ origins: ['http://127.0.0.1/*'] });
    await h.idle();
    expect(h.fake.log).toHaveLength(0);
    expect(await h.alarmTime()).toBeUndefined();
  });

  it('leaves nothing for a poll that was under way to bring back', async () => {
    await h.start();
    await h.connect();
    const ids = h.fake.projects().map((p) => p.project_id);
    for (const id of ids) h.fake.addMentions(id, 1);
    const held = h.hold('getMentions', ids.at(-1));
    await h.fireAlarmWithoutWaiting();
    await h.until(() => held.waiting > 0, 'the poll to fetch mentions');

    await h.send('disconnect', { keepMentions: false });
    held.release();
    await h.idle();
    await expectEmptyStore();
    expect(await storedProjectIds()).toEqual([]);
    expect(await h.status()).toEqual(initialSyncStatus());
    expect(await h.alarmTime()).toBeUndefined();
    expect(await h.badge()).toBe('?');
  });
});
