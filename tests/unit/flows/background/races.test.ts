// Commands that arrive while a poll is running: the poll's older copy must not undo them.

import { expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { useBackground } from '../../support/background';
import { badgeFor, keysOf } from '../../support/background-store';

const h = useBackground();

/** Starts a poll and holds it after the first projects' mentions were fetched. */
async function pollHeldAtLastProject() {
  const projects = h.fake.projects();
  const last = projects.at(-1)!.project_id;
  const held = h.hold('getMentions', last);
  await h.fireAlarmWithoutWaiting();
  await h.until(() => held.waiting > 0, 'the poll to reach the last project');
  // A project whose mentions this poll has already received.
  await h.until(
    () =>
      h.fake.log.some(
        (e) => e.func === 'getMentions' && e.status === 200 && e.query.project_id === '1201',
      ),
    'the first project to be fetched',
  );
  return held;
}

it('keeps a mark-read that arrives in the middle of a poll', async () => {
  await h.start();
  await h.connect();
  const acme = h.fake.projects()[0].project_id;
  h.fake.addMentions(acme, 2);
  const keys = keysOf(await h.store(), acme).slice(0, 4);
  h.fake.clearLog();

  const held = await pollHeldAtLastProject();
  expect(await h.send('markRead', { keys })).toEqual({ ok: true, value: null });
  held.release();
  await h.idle();

  const store = await h.store();
  for (const key of keys) {
    expect(store.byProject[acme].find((m) => m.id === key.id)?.read).toBe(true);
  }
  // The poll's own news arrived too.
  expect(store.byProject[acme]).toHaveLength(h.fake.mentions(acme).length);
  expect(await h.badge()).toBe(badgeFor(store));
});

it('does not bring back a project removed in the middle of a poll', async () => {
  await h.start();
  await h.connect();
  const acme = h.fake.projects()[0];
  h.fake.clearLog();
  const create = vi.spyOn(fakeBrowser.notifications, 'create');

  const held = await pollHeldAtLastProject();
  const reply = await h.send('removeProject', { projectId: acme.project_id });
  expect(reply).toEqual({ ok: true, value: null });
  held.release();
  await h.idle();

  const store = await h.store();
  expect(store.byProject[acme.project_id]).toBeUndefined();
  expect(store.syncedProjects).not.toContain(acme.project_id);
  const projects = (await fakeBrowser.storage.local.get('projects')).projects as {
    project_id: number;
  }[];
  expect(projects.map((p) => p.project_id)).not.toContain(acme.project_id);
  expect(await h.badge()).toBe(badgeFor(store));
  expect(await h.title()).not.toContain(`${acme.name}:`);
  expect(await h.title()).not.toContain(`Project ${acme.project_id}`);
  // Nor is its backlog announced as a first sync.
  expect(create).not.toHaveBeenCalled();
});

it('does not bring the mentions back after a disconnect in the middle of a poll', async () => {
  await h.start();
  await h.connect();
  h.fake.addMentions(h.fake.projects()[0].project_id, 2);
  h.fake.clearLog();

  const held = await pollHeldAtLastProject();
  expect(await h.send('disconnect', { keepMentions: false })).toEqual({ ok: true, value: null });
  held.release();
  await h.idle();

  expect((await h.store()).byProject).toEqual({});
  expect(await h.badge()).toBe('?');
});
