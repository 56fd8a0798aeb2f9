// Messages through the real runtime.onMessage listener: only our own pages are answered, malformed
// data is refused before anything happens, and the read commands update the store and the badge.

import { describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { unreadCount } from '../../support/mention-factory';
import { ownPage, useBackground, type Sender } from '../../support/background';
import { badgeFor, keysOf } from '../../support/background-store';

const h = useBackground();

async function snapshot() {
  return {
    local: await fakeBrowser.storage.local.get(),
    session: await fakeBrowser.storage.session.get(),
    badge: await h.badge(),
  };
}

const foreignSenders: [string, () => Sender][] = [
  ['another extension', () => ({ id: 'other-extension', url: 'chrome-extension://other/x.html' })],
  [
    'another extension naming our page',
    () => ({ id: 'other-extension', url: fakeBrowser.runtime.getURL('/popup.html') }),
  ],
  [
    'a web page (content script)',
    () => ({ id: fakeBrowser.runtime.id, url: 'https://evil.test/' }),
  ],
  ['a sender without a URL', () => ({ id: fakeBrowser.runtime.id })],
  ['a sender without anything', () => ({})],
];

describe('senders', () => {
  it.each(foreignSenders)('refuses %s, and nothing happens', async (_who, sender) => {
    await h.start();
    await h.connect();
    const acme = h.fake.projects()[0].project_id;
    h.fake.addMentions(acme, 1);
    h.fake.clearLog();
    const before = await snapshot();

    const attempts: [Parameters<typeof h.send>[0], unknown][] = [
      ['pollNow', undefined],
      ['markAllRead', {}],
      ['markRead', { keys: keysOf(await h.store(), acme) }],
      ['removeProject', { projectId: acme }],
      ['saveConnection', { serviceUrl: 'http://127.0.0.1:1', apiKey: 'stolen' }],
      ['disconnect', { keepMentions: false }],
      ['getProject', { projectId: acme }],
    ];
    for (const [type, data] of attempts) {
      const reply = await h.send(type, data, sender());
      expect(reply, type).toMatchObject({ ok: false, error: { kind: 'forbidden' } });
    }
    await h.idle();
    expect(h.fake.log).toHaveLength(0);
    expect(await snapshot()).toEqual(before);
  });

  it('answers our own pages', async () => {
    await h.start();
    await h.connect();
    const options = {
      id: fakeBrowser.runtime.id,
      url: fakeBrowser.runtime.getURL('/options.html'),
    };
    expect(await h.send('pollNow', undefined, options)).toEqual({
      ok: true,
      value: { polled: true },
    });
  });
});

describe('malformed messages', () => {
  it.each<[string, Parameters<typeof h.send>[0], unknown]>([
    ['keys that are not a list', 'markRead', { keys: 'all' }],
    ['a key with a text id', 'markRead', { keys: [{ projectId: 1201, id: '5' }] }],
    ['no data', 'markUnread', undefined],
    ['a negative project id', 'removeProject', { projectId: -1 }],
    ['a fractional project id', 'getProject', { projectId: 1.5 }],
    ['project ids that are not numbers', 'markAllRead', { projectIds: ['1201'] }],
    ['data for a command that takes none', 'pollNow', { everything: true }],
    ['a URL that is not text', 'saveConnection', { serviceUrl: 5, apiKey: 'k' }],
    [
      'an API key that is null',
      'saveConnection',
      { serviceUrl: 'https://a.example', apiKey: null },
    ],
    [
      'more than 10,000 keys',
      'markRead',
      { keys: Array.from({ length: 10_001 }, (_, id) => ({ projectId: 1201, id })) },
    ],
    ['a list of project ids that is null', 'markAllRead', { projectIds: null }],
    ['a choice to keep mentions that is not a boolean', 'disconnect', { keepMentions: 'no' }],
    ['an offset off the quarter hour', 'setServiceClockOverride', { overrideMinutes: 331 }],
    ['an offset as text', 'setServiceClockOverride', { overrideMinutes: '330' }],
    ['no offset at all', 'setServiceClockOverride', {}],
    ['no project input', 'addProject', {}],
    [
      'an interval as text',
      'savePreferences',
      { pollIntervalMinutes: '5', notificationsEnabled: true },
    ],
    [
      'an endless interval',
      'savePreferences',
      { pollIntervalMinutes: Infinity, notificationsEnabled: true },
    ],
    [
      'an interval below a minute',
      'savePreferences',
      {
        pollIntervalMinutes: 0.5,
        notificationsEnabled: true,
      },
    ],
    [
      'a switch that is not a boolean',
      'savePreferences',
      {
        pollIntervalMinutes: 5,
        notificationsEnabled: 'yes',
      },
    ],
    [
      'an open preference that is not a boolean',
      'savePreferences',
      { pollIntervalMinutes: 5, notificationsEnabled: true, openInBackground: 'yes' },
    ],
  ])('refuses %s', async (_what, type, data) => {
    await h.start();
    await h.connect();
    h.fake.clearLog();
    const before = await snapshot();

    const reply = await h.send(type, data);
    expect(reply).toMatchObject({ ok: false, error: { kind: 'invalid-input' } });
    await h.idle();
    expect(h.fake.log).toHaveLength(0);
    expect(await snapshot()).toEqual(before);
  });

  it('does not answer messages outside the protocol', async () => {
    await h.start();
    await h.connect();
    h.fake.clearLog();
    const before = await snapshot();
    const trigger = fakeBrowser.runtime.onMessage.trigger as unknown as (
      ...args: unknown[]
    ) => Promise<unknown[]>;

    for (const message of [
      { type: 'pollNow' },
      { id: 1, type: 'deleteEverything', data: null, timestamp: Date.now() },
      'pollNow',
      null,
    ]) {
      const answered: unknown[] = [];
      const results = await trigger(message, ownPage(), (reply: unknown) => answered.push(reply));
      expect(results).not.toContain(true);
      expect(answered).toEqual([]);
    }
    await h.idle();
    expect(h.fake.log).toHaveLength(0);
    expect(await snapshot()).toEqual(before);
  });
});

describe('read state', () => {
  it('marks read, unread and all read, and the badge follows', async () => {
    await h.start();
    await h.connect();
    const [acme, second] = h.fake.projects().map((p) => p.project_id);
    let store = await h.store();
    const unread = store.byProject[acme].filter((m) => !m.read).slice(0, 3);
    const keys = unread.map((m) => ({ projectId: acme, id: m.id }));
    const start = unreadCount(store);

    expect(await h.send('markRead', { keys })).toEqual({ ok: true, value: null });
    await h.idle();
    expect(await h.badge()).toBe(String(start - 3));

    expect(await h.send('markUnread', { keys: keys.slice(0, 1) })).toEqual({
      ok: true,
      value: null,
    });
    await h.idle();
    store = await h.store();
    expect(unreadCount(store)).toBe(start - 2);
    expect(await h.badge()).toBe(badgeFor(store));

    await h.send('markAllRead', { projectIds: [acme] });
    await h.idle();
    store = await h.store();
    expect(store.byProject[acme].every((m) => m.read)).toBe(true);
    expect(store.byProject[second].some((m) => !m.read)).toBe(true);
    expect(await h.title()).not.toMatch(/^Acme: /m);
    expect(await h.badge()).toBe(badgeFor(store));

    await h.send('markAllRead', {});
    await h.idle();
    expect(unreadCount(await h.store())).toBe(0);
    expect(await h.badge()).toBe('');
    expect(await h.title()).toMatch(/no unread mentions/i);

    // Read state is local: the service was never asked to remove anything.
    expect(h.fake.log.map((e) => e.func)).not.toContain('removeMention');
  });

  it('survives a worker restart: the badge is recomputed from storage', async () => {
    await h.start();
    await h.connect();
    await h.send('markAllRead', { projectIds: [h.fake.projects()[0].project_id] });
    await h.idle();
    const badge = await h.badge();
    await fakeBrowser.action.setBadgeText({ text: '' });

    await h.restartWorker();
    expect(await h.badge()).toBe(badge);
  });
});

describe('project commands', () => {
  const input = {
    name: 'Cargo bikes',
    type: 'topicMonitoring',
    language: 'en',
    source: ['web', 'reddit'],
    location: 'all',
    email_notification: 0,
    browser_notification: 1,
    fields: { topic_keywords: 'cargo bike\nlong tail' },
  };

  it('adds a project and polls for it at once', async () => {
    await h.start();
    await h.connect();
    h.fake.clearLog();

    const reply = await h.send('addProject', { input });
    expect(reply).toMatchObject({ ok: true });
    await h.idle();
    const added = h.fake.projects().find((p) => p.name === 'Cargo bikes')!;
    expect(added).toMatchObject({
      type: 'topicMonitoring',
      topic_keywords: 'cargo bike\nlong tail',
    });
    // Its first poll ran at once.
    expect(
      h.fake.log.some(
        (e) => e.func === 'getMentions' && e.query.project_id === String(added.project_id),
      ),
    ).toBe(true);
    const projects = (await fakeBrowser.storage.local.get('projects')).projects as {
      project_id: number;
    }[];
    expect(projects.map((p) => p.project_id)).toContain(added.project_id);
    expect((await h.store()).syncedProjects).toContain(added.project_id);
  });

  it('refuses an invalid project before asking the service, naming the field', async () => {
    await h.start();
    await h.connect();
    h.fake.clearLog();

    const reply = await h.send('addProject', { input: { ...input, name: ' ' } });
    expect(reply).toMatchObject({ ok: false, error: { kind: 'invalid-input', field: 'name' } });
    expect(h.fake.log).toHaveLength(0);
  });

  it('gets a project and its statistics from the service', async () => {
    await h.start();
    await h.connect();
    const projectId = h.fake.projects()[0].project_id;

    expect(await h.send('getProject', { projectId })).toMatchObject({
      ok: true,
      value: { project_id: projectId, name: 'Acme' },
    });
    const stats = await h.send('getProjectStats', { projectId });
    expect(stats.ok && stats.value.rows.length).toBeGreaterThan(0);
  });
});
