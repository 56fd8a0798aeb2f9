// A project leaves only when the service has said so long enough (lib/sync/project-roster.ts): a
// PHP back end that answers a lost database connection with `200 []` must not cost one read mark,
// nor bring 500 mentions back unread with a notification on the next good poll.
import { FIRST_ACCOUNT } from '@/lib/accounts/accounts';
import { expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { mentionCount, type MentionStore } from '@/lib/mentions/store';
import { readProjects } from '@/lib/storage/items';
import { useBackground } from '../../support/background';
import { inputFrom } from '../../support/background-projects';
import { call, login } from '../../support/fake-service';

const h = useBackground();
const MINUTE = 60_000;

function readCount(store: MentionStore): number {
  return Object.values(store.byProject)
    .flat()
    .filter((m) => m.read).length;
}

/** Fires the poll alarm `times` times, `everyMs` apart on the background's clock. */
async function poll(times: number, everyMs = 5 * MINUTE) {
  for (let i = 0; i < times; i++) {
    h.clockOffsetMs += everyMs;
    await h.fireAlarm();
  }
}

it('keeps every project, mention and read mark through empty project lists', async () => {
  const created = vi.spyOn(fakeBrowser.notifications, 'create');
  await h.start();
  await h.connect();
  await h.send('markAllRead', {});
  const before = await h.store();
  const total = mentionCount(before);
  expect(readCount(before)).toBe(total);
  const projects = await readProjects(FIRST_ACCOUNT);
  created.mockClear();

  h.fake.setFault('shrunkList');
  await poll(4);
  const during = await h.store();
  expect([mentionCount(during), readCount(during)]).toEqual([total, total]);
  expect(await readProjects(FIRST_ACCOUNT)).toEqual(projects);
  const status = await h.status();
  expect(Object.keys(status.absentProjects).sort()).toEqual(
    projects.map((p) => String(p.project_id)).sort(),
  );

  h.fake.clearFaults();
  await poll(1);
  const after = await h.store();
  expect(mentionCount(after)).toBe(total);
  expect(readCount(after)).toBe(total);
  expect(after.floors).toEqual(before.floors);
  expect(after.syncedProjects).toEqual(before.syncedProjects);
  expect(await h.badge()).toBe('');
  expect(created).not.toHaveBeenCalled();
  expect((await h.status()).absentProjects).toEqual({});
});

it('lets a project removed on the service go after three polls over an hour', async () => {
  await h.start();
  await h.connect();
  const gone = h.fake.projects()[0];
  const token = await login(h.fake);
  const removed = await call(h.fake, 'project', {
    token,
    func: 'removeProject',
    project_id: String(gone.project_id),
  });
  expect(removed.status).toBe(200);

  // Three polls in ten minutes: still kept, marked.
  await poll(3);
  expect((await h.store()).byProject[gone.project_id]?.length).toBeGreaterThan(0);
  expect((await readProjects(FIRST_ACCOUNT)).map((p) => p.project_id)).toContain(gone.project_id);
  expect((await h.status()).absentProjects[String(gone.project_id)]).toMatchObject({ polls: 3 });

  // An hour after the first omission: gone, with its mentions.
  await poll(1, 60 * MINUTE);
  expect((await h.store()).byProject[gone.project_id]).toBeUndefined();
  expect((await readProjects(FIRST_ACCOUNT)).map((p) => p.project_id)).not.toContain(
    gone.project_id,
  );
  expect((await h.status()).absentProjects).toEqual({});
});

it('removes a project the lists left out at once when the person removes it here', async () => {
  await h.start();
  await h.connect();
  const gone = h.fake.projects()[0];
  const token = await login(h.fake);
  await call(h.fake, 'project', { token, func: 'removeProject', project_id: gone.project_id });
  await poll(1);
  expect((await h.status()).absentProjects).toHaveProperty(String(gone.project_id));

  // The service no longer knows it; the person's removal here still takes it away at once.
  expect(await h.send('removeProject', { projectId: gone.project_id })).toEqual({
    ok: true,
    value: null,
  });
  expect((await h.store()).byProject[gone.project_id]).toBeUndefined();
  expect((await readProjects(FIRST_ACCOUNT)).map((p) => p.project_id)).not.toContain(
    gone.project_id,
  );
  // A project the lists still name is not removed here when the service refuses.
  const kept = h.fake.projects()[1];
  h.fake.setFault('html500', { func: 'removeProject', count: 1 });
  expect((await h.send('removeProject', { projectId: kept.project_id })).ok).toBe(false);
  expect((await h.store()).byProject[kept.project_id]?.length).toBeGreaterThan(0);
});

it('keeps a project the list refreshed after an edit leaves out', async () => {
  await h.start();
  await h.connect();
  const [edited, left] = h.fake.projects();
  const before = await h.store();
  // A poll that listed every project is under way when the edit's list comes back short.
  const held = h.hold('getMentions', h.fake.projects().at(-1)!.project_id);
  await h.fireAlarmWithoutWaiting();
  await h.until(() => held.waiting > 0, 'the poll to fetch mentions');
  h.fake.setFault('shrunkList', { count: 1, projectId: left.project_id });
  const reply = await h.send('editProject', {
    projectId: edited.project_id,
    input: inputFrom(edited, { name: 'Acme Bikes' }),
  });
  expect(reply).toEqual({ ok: true, value: null });
  held.release();
  await h.idle();
  expect((await h.store()).byProject[left.project_id]).toEqual(before.byProject[left.project_id]);
  expect((await readProjects(FIRST_ACCOUNT)).map((p) => p.project_id)).toContain(left.project_id);
});
