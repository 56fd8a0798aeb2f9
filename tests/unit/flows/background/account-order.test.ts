// Commands that change the account, in the order the user made them, through the real listeners:
// a Disconnect supersedes a Save still logging in, a preference save never puts a removed key back,
// nothing logs in with the key once Disconnect has begun, and a failed save gives back the host
// permission it asked for (docs/accounts.md).

import { expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { buildBackup } from '@/lib/backup/backup';
import { t } from '@/lib/i18n';
import { accountFingerprint } from '@/lib/service/connection';
import { DEFAULT_SETTINGS } from '@/lib/settings/settings';
import type { FakeProject } from '../../../fake-service/server';
import { useBackground } from '../../support/background';
import { inputFrom } from '../../support/background-projects';
import { EMPTY_TRIAGE } from '../../support/triage-fixtures';

const h = useBackground();
const KEY_B = 'second-account-key-0123';

async function storedSettings(): Promise<{ apiKey: string; notificationsEnabled: boolean }> {
  return (await fakeBrowser.storage.local.get('settings')).settings as never;
}

async function storedToken(): Promise<unknown> {
  return (await fakeBrowser.storage.session.get(null)).sessionToken;
}

/** A promise and the function that settles it. */
function gate(): { opened: Promise<void>; open(): void } {
  let open = () => {};
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

it('ends disconnected when Disconnect comes while a Save is still logging in', async () => {
  await h.start();
  await h.connect();
  h.fake.addAccount(KEY_B, { seedData: true });
  const login = h.hold('login');
  const save = h.send('saveConnection', { serviceUrl: h.fake.url, apiKey: KEY_B });
  await h.until(() => login.waiting > 0, "B's login to be under way");

  expect(await h.send('disconnect', {})).toEqual({ ok: true, value: null });
  const afterDisconnect = h.fake.log.length;
  login.release();
  const reply = await save;
  await h.idle();

  expect(reply).toMatchObject({ ok: false, error: { kind: 'superseded' } });
  expect((await storedSettings()).apiKey).toBe('');
  expect(await storedToken()).toBeUndefined();
  expect((await h.store()).byProject).toEqual({});
  expect(await fakeBrowser.storage.local.get('projects')).toEqual({ projects: [] });
  // The login held since before the Disconnect is the last request: no listing with its token,
  // no poll of B.
  expect(h.fake.log.slice(afterDisconnect).map((entry) => entry.func)).toEqual(['login']);
});

it('never puts the key back when a preference save overlaps Disconnect', async () => {
  await h.start();
  await h.connect();
  const before = await storedSettings();
  // The preference save's write waits until the Disconnect has answered.
  const disconnected = gate();
  const set = fakeBrowser.storage.local.set.bind(fakeBrowser.storage.local);
  vi.spyOn(fakeBrowser.storage.local, 'set').mockImplementation(async (items) => {
    const settings = (items as { settings?: { notificationsEnabled?: boolean } }).settings;
    if (settings?.notificationsEnabled === !before.notificationsEnabled) await disconnected.opened;
    return set(items);
  });

  const disconnect = h.send('disconnect', {});
  const prefs = h.send('savePreferences', {
    pollIntervalMinutes: 15,
    notificationsEnabled: !before.notificationsEnabled,
  });
  expect(await disconnect).toEqual({ ok: true, value: null });
  disconnected.open();
  expect(await prefs).toEqual({ ok: true, value: null });
  await h.idle();

  const after = await storedSettings();
  expect(after.apiKey).toBe('');
  // The preference itself is kept.
  expect(after.notificationsEnabled).toBe(!before.notificationsEnabled);
});

it('logs in with nothing once Disconnect has begun, even before the key is cleared', async () => {
  await h.start();
  await h.connect();
  const project = h.fake.projects()[0].project_id;
  // The Disconnect stops while it closes the notifications on screen.
  const closing = gate();
  const getAll = fakeBrowser.notifications.getAll.bind(fakeBrowser.notifications);
  let reached = false;
  vi.spyOn(fakeBrowser.notifications, 'getAll').mockImplementation(async () => {
    reached = true;
    await closing.opened;
    return getAll();
  });
  const logins = h.count('login');

  const disconnect = h.send('disconnect', {});
  await h.until(() => reached, 'the Disconnect to be under way');
  const call = await h.send('getProject', { projectId: project });
  closing.open();
  expect(await disconnect).toEqual({ ok: true, value: null });
  await h.idle();

  expect(call).toMatchObject({ ok: false, error: { kind: 'superseded' } });
  expect(h.count('login')).toBe(logins);
  expect((await storedSettings()).apiKey).toBe('');
});

/** "Save and connect" with an address where nothing answers, which fails. */
async function saveMistypedAddress(): Promise<void> {
  const typo = await h.send('saveConnection', {
    serviceUrl: 'http://localhost:1',
    apiKey: h.fake.apiKey,
  });
  expect(typo.ok).toBe(false);
}

it('gives back the permission of an address whose save failed, never the saved one’s', async () => {
  await h.start();
  await h.connect();
  const remove = vi.mocked(fakeBrowser.permissions.remove);
  remove.mockClear();

  await saveMistypedAddress();
  await h.idle();
  expect(remove).toHaveBeenCalledWith({ origins: ['http://localhost/*'] });

  // The saved address with a wrong key: its permission is still the saved connection's.
  remove.mockClear();
  const wrongKey = await h.send('saveConnection', { serviceUrl: h.fake.url, apiKey: 'nope-1234' });
  expect(wrongKey.ok).toBe(false);
  await h.idle();
  expect(remove).not.toHaveBeenCalled();
  expect((await storedSettings()).apiKey).toBe(h.fake.apiKey);
});

it('keeps the permission of the corrected address after a mistyped one failed', async () => {
  await h.start();
  const remove = vi.mocked(fakeBrowser.permissions.remove);
  remove.mockClear();
  await saveMistypedAddress();
  await h.connect();
  expect(remove.mock.calls).toEqual([[{ origins: ['http://localhost/*'] }]]);
});

// Every family of commands that touches the account's data, sent by a page that read account A
// after the settings came to name B.
const STALE_PAGE_COMMANDS = [
  ['markRead', (p: FakeProject) => ({ keys: [{ projectId: p.project_id, id: 1 }] })],
  ['markAllRead', () => ({})],
  ['getProject', (p: FakeProject) => ({ projectId: p.project_id })],
  ['getProjectStats', (p: FakeProject) => ({ projectId: p.project_id })],
  ['removeProject', (p: FakeProject) => ({ projectId: p.project_id })],
  [
    'editProject',
    (p: FakeProject) => ({ projectId: p.project_id, input: inputFrom(p, { name: 'Renamed' }) }),
  ],
  ['mute', (p: FakeProject) => ({ kind: 'phrase', value: 'spam', projectId: p.project_id })],
  ['saveMention', (p: FakeProject) => ({ key: { projectId: p.project_id, id: 1 } })],
  ['setProjectSwitches', (p: FakeProject) => ({ projectId: p.project_id, notify: false })],
] as const;

it.each(STALE_PAGE_COMMANDS)(
  'refuses %s from a page that shows another account, telling it to reload',
  async (command, data) => {
    await h.start();
    await h.connect();
    const project = h.fake.projects()[0];
    const pageAccount = await accountFingerprint(h.fake.url, h.fake.apiKey);
    h.fake.addAccount(KEY_B, { seedData: true });
    expect((await h.send('saveConnection', { serviceUrl: h.fake.url, apiKey: KEY_B })).ok).toBe(
      true,
    );
    await h.idle();
    const storeBefore = await h.store();
    const triageBefore = await fakeBrowser.storage.local.get('triage');
    h.fake.clearLog();

    const reply = await h.send(command, { ...data(project), account: pageAccount });

    expect(reply).toEqual({
      ok: false,
      error: { kind: 'superseded', message: t('bgAccountChanged') },
    });
    await h.idle();
    expect(h.fake.log.filter((entry) => entry.func !== 'login')).toEqual([]);
    expect(await h.store()).toEqual(storeBefore);
    expect(await fakeBrowser.storage.local.get('triage')).toEqual(triageBefore);
  },
);

it('takes a command from a page that shows the account in use', async () => {
  await h.start();
  await h.connect();
  const project = h.fake.projects()[0].project_id;
  const account = await accountFingerprint(h.fake.url, h.fake.apiKey);
  expect(await h.send('getProject', { projectId: project, account })).toMatchObject({ ok: true });
  expect(await h.send('markAllRead', { account })).toEqual({ ok: true, value: null });
  expect(
    await h.send('mute', { kind: 'phrase', value: 'spam', projectId: null, account }),
  ).toMatchObject({ ok: true });
});

it('drops a Save still logging in when an import connects the browser meanwhile', async () => {
  await h.start();
  h.fake.addAccount(KEY_B, { seedData: true });
  const login = h.hold('login');
  const save = h.send('saveConnection', { serviceUrl: h.fake.url, apiKey: KEY_B });
  await h.until(() => login.waiting > 0, "B's login to be under way");

  const file = buildBackup(
    { ...DEFAULT_SETTINGS, serviceUrl: h.fake.url, apiKey: h.fake.apiKey },
    EMPTY_TRIAGE,
    { items: [] },
    { includeApiKey: true },
  );
  const imported = await h.send('importSettings', { backup: JSON.parse(JSON.stringify(file)) });
  expect(imported).toMatchObject({ ok: true, value: { apiKey: true } });
  login.release();

  expect(await save).toMatchObject({ ok: false, error: { kind: 'superseded' } });
  await h.idle();
  expect((await storedSettings()).apiKey).toBe(h.fake.apiKey);
});

it('checks a page’s account in the same queue turn as its change, after a Disconnect ahead of it', async () => {
  await h.start();
  await h.connect();
  const account = await accountFingerprint(h.fake.url, h.fake.apiKey);
  // The store queue kept busy: the next poll first shows a notification left waiting, and the
  // browser takes its time to show it.
  const shown = gate();
  vi.spyOn(fakeBrowser.notifications, 'create').mockImplementation((async () => {
    await shown.opened;
    return 'shown';
  }) as never);
  await fakeBrowser.storage.local.set({
    notificationOutbox: [{ id: 'mm:summary:1', title: 'New mentions', message: '2 new' }],
  });
  await h.fireAlarmWithoutWaiting();

  const disconnected = h.send('disconnect', {});
  const muted = h.send('mute', { kind: 'phrase', value: 'spam', projectId: null, account });
  shown.open();
  expect(await disconnected).toEqual({ ok: true, value: null });
  expect(await muted).toEqual({
    ok: false,
    error: { kind: 'superseded', message: t('bgAccountChanged') },
  });
  await h.idle();
  const { triage } = await fakeBrowser.storage.local.get('triage');
  expect((triage as { muteRules?: unknown[] } | undefined)?.muteRules ?? []).toEqual([]);
});
