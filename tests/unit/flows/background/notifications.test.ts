// Desktop notifications through the real listeners: one per project per poll, only for projects
// that ask for them and only with the switch on, a summary after a flood, never twice for one
// mention; clicks open what they announced (safe URLs only) and mark it read.

import { describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { ProjectInput } from '@/lib/projects/types';
import { findMention } from '@/lib/mentions/selectors';
import { OUTBOX_KEY } from '@/lib/storage/keys';
import { POLL_LEASE_MS } from '@/lib/sync/poller';
import { useBackground } from '../../support/background';

const h = useBackground();

/** Connected, first sync done, its summary cleared away; returns a create spy. */
async function connected() {
  await h.start();
  await h.connect();
  for (const id of Object.keys(await fakeBrowser.notifications.getAll())) {
    await fakeBrowser.notifications.clear(id);
  }
  return vi.spyOn(fakeBrowser.notifications, 'create');
}

function projectIds() {
  const projects = h.fake.projects();
  const notifying = projects.filter((p) => p.browser_notification === 1).map((p) => p.project_id);
  const silent = projects.filter((p) => p.browser_notification === 0).map((p) => p.project_id);
  return { notifying, silent };
}

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

  it('opens the project’s view for a grouped one and marks the project read', async () => {
    await connected();
    const project = projectIds().notifying[0];
    const added = h.fake.addMentions(project, 3);
    await h.fireAlarm();
    const open = vi.spyOn(fakeBrowser.tabs, 'create');

    await fakeBrowser.notifications.onClicked.trigger(`mm:project:${project}:${added.at(-1)!.id}`);
    await h.idle();
    expect(open).toHaveBeenCalledWith({
      url: fakeBrowser.runtime.getURL(`/options.html#project=${project}`),
    });
    const store = await h.store();
    expect(store.byProject[project].every((m) => m.read)).toBe(true);
    const unread = Object.values(store.byProject)
      .flat()
      .filter((m) => !m.read).length;
    expect(await h.badge()).toBe(unread === 0 ? '' : String(unread));
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

describe('exactly once, whenever the worker stops', () => {
  const shownIds = async () => Object.keys(await fakeBrowser.notifications.getAll());
  const outbox = async () => (await fakeBrowser.storage.local.get(OUTBOX_KEY))[OUTBOX_KEY];

  /** One new mention in a notifying project; returns the id its notification has. */
  function oneNewMention(): string {
    const project = projectIds().notifying[1];
    const [mention] = h.fake.addMentions(project, 1);
    return `mm:mention:${project}:${mention.id}`;
  }

  it('writes what it will show in the same storage call as the mentions', async () => {
    await connected();
    const id = oneNewMention();
    const set = vi.spyOn(fakeBrowser.storage.local, 'set');
    await h.fireAlarm();
    const withRecords = set.mock.calls
      .map(([items]) => items as Record<string, unknown>)
      .filter((items) => Object.keys(items).some((key) => key.startsWith('mention:')));
    expect(withRecords).toHaveLength(1);
    expect(withRecords[0][OUTBOX_KEY]).toEqual([expect.objectContaining({ id })]);
    // Shown, then cleared.
    expect(await shownIds()).toEqual([id]);
    expect(await outbox()).toBeUndefined();
  });

  it('shows it at the next start when the worker stopped before showing it', async () => {
    await connected();
    const id = oneNewMention();
    // The worker is stopped right where it would show it: the call never completes.
    const stopped = vi
      .spyOn(fakeBrowser.notifications, 'create')
      .mockImplementation(() => new Promise<string>(() => {}));
    await h.fireAlarm();
    stopped.mockRestore();
    expect(await shownIds()).toEqual([]);
    expect(await outbox()).toEqual([expect.objectContaining({ id })]);
    // The mention is stored: the next poll will not find it new, so only the outbox can show it.
    expect((await h.store()).byProject[projectIds().notifying[1]].some((m) => !m.read)).toBe(true);

    const create = vi.spyOn(fakeBrowser.notifications, 'create');
    await h.restartWorker();
    expect(await shownIds()).toEqual([id]);
    expect(await outbox()).toBeUndefined();
    // The poll after it (once the stopped poll's lease expired) shows nothing again.
    h.clockOffsetMs += POLL_LEASE_MS + 1_000;
    await h.fireAlarm();
    expect(create.mock.calls.map(([created]) => created)).toEqual([id]);
    expect(await shownIds()).toEqual([id]);
  });

  it('shows it at the next poll when showing failed', async () => {
    await connected();
    const id = oneNewMention();
    const create = vi
      .spyOn(fakeBrowser.notifications, 'create')
      .mockRejectedValueOnce(new Error('notifications are unavailable'));
    await h.fireAlarm();
    expect(await shownIds()).toEqual([]);
    expect(await outbox()).toEqual([expect.objectContaining({ id })]);

    await h.fireAlarm();
    expect(await shownIds()).toEqual([id]);
    expect(await outbox()).toBeUndefined();
    expect(create.mock.calls.map(([created]) => created)).toEqual([id, id]);
  });

  it('replaces rather than doubles it when the worker stopped between showing and clearing', async () => {
    const create = await connected();
    const id = oneNewMention();
    const area = fakeBrowser.storage.local;
    const realRemove = area.remove.bind(area);
    const stopped = vi
      .spyOn(area, 'remove')
      .mockImplementation(((keys: string | string[]) =>
        keys === OUTBOX_KEY ? new Promise<void>(() => {}) : realRemove(keys)) as never);
    await h.fireAlarm();
    stopped.mockRestore();
    expect(create.mock.calls.map(([created]) => created)).toEqual([id]);
    expect(await shownIds()).toEqual([id]);
    expect(await outbox()).toEqual([expect.objectContaining({ id })]);

    // Shown again at the start, under the same id: it replaces itself, one notification, not two.
    create.mockClear();
    await h.restartWorker();
    expect(create.mock.calls.map(([created]) => created)).toEqual([id]);
    expect(await shownIds()).toEqual([id]);
    expect(await outbox()).toBeUndefined();
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
