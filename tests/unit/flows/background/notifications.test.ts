// Desktop notifications through the real listeners: one per project per poll, only for projects
// that ask for them and only with the switch on, a summary after a flood; a click opens the one
// mention announced (safe URLs only) and marks it read, or the popup's list for several. Never
// twice for one mention: in notifications-once.test.ts.

import { describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { ProjectInput } from '@/lib/projects/types';
import { findMention } from '@/lib/mentions/store';
import { useBackground } from '../../support/background';
import { notificationSteps } from '../../support/background-notifications';

const h = useBackground();
const { connected, projectIds } = notificationSteps(h);

const createdIds = (spy: { mock: { calls: unknown[][] } }) =>
  spy.mock.calls.map(([id]) => id as string);

describe('raising notifications', () => {
  it('sums up the first sync in one notification', async () => {
    await h.start();
    await h.connect();
    const shown = Object.keys(await fakeBrowser.notifications.getAll());
    expect(shown).toHaveLength(1);
    expect(shown[0]).toMatch(/^mm:summary:/);
  });

  it('raises one per notifying project per poll, none for the others', async () => {
    const create = await connected();
    const { notifying, silent } = projectIds();
    const [acme, second] = notifying;
    const many = h.fake.addMentions(acme, 4);
    const [one] = h.fake.addMentions(second, 1);
    h.fake.addMentions(silent[0], 3);

    await h.fireAlarm();
    expect(createdIds(create).sort()).toEqual(
      [`mm:project:${acme}:${many.at(-1)!.id}`, `mm:mention:${second}:${one.id}`].sort(),
    );
    const shown = await fakeBrowser.notifications.getAll();
    const grouped = shown[`mm:project:${acme}:${many.at(-1)!.id}`];
    expect(grouped.title).toBe('4 new mentions in Acme');
    // The newest titles, then how many more.
    expect(grouped.message.split('\n')).toEqual([
      ...many
        .slice(1)
        .reverse()
        .map((m) => m.title),
      expect.stringMatching(/1 more/),
    ]);
    expect(shown[`mm:mention:${second}:${one.id}`].message).toBe(one.title);

    // The same mentions never notify again.
    create.mockClear();
    await h.fireAlarm();
    expect(create).not.toHaveBeenCalled();
  });

  it('raises none when the global switch is off', async () => {
    const create = await connected();
    const off = await h.send('savePreferences', {
      pollIntervalMinutes: 5,
      notificationsEnabled: false,
    });
    expect(off).toEqual({ ok: true, value: null });
    h.fake.addMentions(projectIds().notifying[0], 2);

    await h.fireAlarm();
    expect(create).not.toHaveBeenCalled();
    // The badge still counts them.
    const unread = Object.values((await h.store()).byProject)
      .flat()
      .filter((m) => !m.read).length;
    expect(await h.badge()).toBe(String(unread));
  });

  it('sums up a flood in one notification', async () => {
    const create = await connected();
    const { notifying } = projectIds();
    h.fake.addMentions(notifying[0], 30);
    h.fake.addMentions(notifying[1], 2);

    await h.fireAlarm();
    expect(createdIds(create)).toHaveLength(1);
    expect(createdIds(create)[0]).toMatch(/^mm:summary:/);
    const [summary] = Object.values(await fakeBrowser.notifications.getAll());
    expect(summary).toMatchObject({ title: '32 new mentions in 2 projects' });
  });

  it('raises at most a handful, folding the rest into a summary', async () => {
    await h.start();
    await h.connect();
    const { client, token } = await h.serviceClient();
    const topic = (name: string): ProjectInput => ({
      name,
      type: 'topicMonitoring',
      language: 'en',
      source: ['web'],
      location: 'all',
      email_notification: 0,
      browser_notification: 1,
      fields: { topic_keywords: name.toLowerCase() },
    });
    await client.addProject(token, topic('Cargo'));
    await client.addProject(token, topic('Trailers'));
    await h.fireAlarm();
    const create = vi.spyOn(fakeBrowser.notifications, 'create');
    const { notifying } = projectIds();
    expect(notifying).toHaveLength(5);
    for (const id of notifying) h.fake.addMentions(id, 2);

    await h.fireAlarm();
    const ids = createdIds(create);
    expect(ids).toHaveLength(4);
    expect(ids.filter((id) => id.startsWith('mm:project:'))).toHaveLength(3);
    expect(ids.filter((id) => id.startsWith('mm:summary:'))).toHaveLength(1);
  });
});

describe('clicking a notification', () => {
  it('opens the one mention it announced and marks it read', async () => {
    await connected();
    const project = projectIds().notifying[1];
    const [mention] = h.fake.addMentions(project, 1);
    await h.fireAlarm();
    const id = `mm:mention:${project}:${mention.id}`;
    expect(Object.keys(await fakeBrowser.notifications.getAll())).toContain(id);
    const before = Number(await h.badge());
    const open = vi.spyOn(fakeBrowser.tabs, 'create');

    await fakeBrowser.notifications.onClicked.trigger(id);
    await h.idle();
    expect(open).toHaveBeenCalledTimes(1);
    expect(open).toHaveBeenCalledWith({ url: new URL(mention.url).href });
    const stored = findMention(await h.store(), { projectId: project, id: mention.id });
    expect(stored?.read).toBe(true);
    expect(await h.badge()).toBe(String(before - 1));
    expect(Object.keys(await fakeBrowser.notifications.getAll())).not.toContain(id);
  });

  it('opens the mentions page’s unread list of the project for a grouped one, where its mentions wait as new', async () => {
    await connected();
    const project = projectIds().notifying[0];
    const added = h.fake.addMentions(project, 3);
    await h.fireAlarm();
    const badge = await h.badge();
    const before = await h.store();
    const open = vi.spyOn(fakeBrowser.tabs, 'create');

    await fakeBrowser.notifications.onClicked.trigger(`mm:project:${project}:${added.at(-1)!.id}`);
    await h.idle();
    expect(open).toHaveBeenCalledWith({
      url: `${fakeBrowser.runtime.getURL('/mentions.html')}?project=${project}&read=unread`,
    });
    const unread = (s: typeof before) =>
      s.byProject[project].filter((m) => !m.read).map((m) => m.id);
    expect(unread(await h.store())).toEqual(unread(before));
    expect(unread(before)).toEqual(expect.arrayContaining(added.map((m) => m.id)));
    expect(await h.badge()).toBe(badge);
  });

  it('opens the mentions page’s unread list for a summary', async () => {
    await h.start();
    await h.connect();
    const [summary] = Object.keys(await fakeBrowser.notifications.getAll());
    expect(summary).toMatch(/^mm:summary:/);
    const open = vi.spyOn(fakeBrowser.tabs, 'create');

    await fakeBrowser.notifications.onClicked.trigger(summary);
    await h.idle();
    expect(open).toHaveBeenCalledExactlyOnceWith({
      url: `${fakeBrowser.runtime.getURL('/mentions.html')}?read=unread`,
    });
    expect(Object.keys(await fakeBrowser.notifications.getAll())).not.toContain(summary);
  });

  it('never opens an unsafe URL', async () => {
    await connected();
    const project = projectIds().notifying[1];
    const [mention] = h.fake.addMentions(project, 1);
    h.rewrite = (func, body) =>
      func === 'getMentions' && Array.isArray(body)
        ? body.map((m: { id: number }) =>
            m.id === mention.id ? { ...m, url: 'javascript:alert(document.cookie)' } : m,
          )
        : body;
    await h.fireAlarm();
    const open = vi.spyOn(fakeBrowser.tabs, 'create');

    await fakeBrowser.notifications.onClicked.trigger(`mm:mention:${project}:${mention.id}`);
    await h.idle();
    expect(open).not.toHaveBeenCalled();
  });

  it('ignores notifications that are not ours', async () => {
    await connected();
    const before = await h.store();
    const open = vi.spyOn(fakeBrowser.tabs, 'create');
    for (const id of ['other', 'mm:mention:x:1', 'mm:mention:1201', 'mm:project:1201:2:3']) {
      await fakeBrowser.notifications.onClicked.trigger(id);
    }
    await h.idle();
    expect(open).not.toHaveBeenCalled();
    expect(await h.store()).toEqual(before);
  });
});

describe('projects without the flag', () => {
  it('notify: a record that lacks browser_notification means on', async () => {
    const create = await connected();
    const project = projectIds().notifying[0];
    h.rewrite = (func, body) =>
      func === 'listProjects' && Array.isArray(body)
        ? body.map((p: { project_id: number; browser_notification?: unknown }) => {
            if (p.project_id !== project) return p;
            const rest = { ...p };
            delete rest.browser_notification;
            return rest;
          })
        : body;
    const [mention] = h.fake.addMentions(project, 1);

    await h.fireAlarm();
    const cached = (await fakeBrowser.storage.local.get('projects')).projects as {
      project_id: number;
      browser_notification?: number;
    }[];
    expect(cached.find((p) => p.project_id === project)?.browser_notification).toBeUndefined();
    expect(create.mock.calls.map(([id]) => id)).toEqual([`mm:mention:${project}:${mention.id}`]);
  });
});
