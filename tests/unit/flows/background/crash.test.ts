// Crash consistency: a poll stopped after any number of storage writes (the worker killed: the
// write and everything after it never happen; or the write failing), then run again by a new
// worker, ends in the same store, project list, status and badge as a poll that was never
// interrupted.

import { expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { MentionStore } from '@/lib/mentions/store';
import { POLL_LEASE_MS } from '../../support/limits';
import { useBackground } from '../../support/background';
import { inputFrom } from '../../support/background-projects';
import { keysOf } from '../../support/background-store';

// The service's clock is pinned so that every reset reproduces exactly the same data.
const serviceNow = new Date();
const h = useBackground({ now: () => serviceNow });

type Mode = 'killed' | 'failed';

/** Counts storage writes (set/remove, local and session); the `crashAt`th one fails or hangs. */
function interceptWrites(crashAt: number | undefined, mode: Mode) {
  let writes = 0;
  const spies = [fakeBrowser.storage.local, fakeBrowser.storage.session].flatMap((area) =>
    (['set', 'remove'] as const).map((method) => {
      const real = area[method].bind(area) as (arg: unknown) => Promise<void>;
      return vi.spyOn(area, method).mockImplementation(((arg: unknown) => {
        writes += 1;
        if (crashAt !== undefined && writes >= crashAt) {
          // A killed worker does nothing more; a failed write is just that one.
          if (mode === 'killed') return new Promise<void>(() => {});
          if (writes === crashAt) return Promise.reject(new Error('Simulated storage failure'));
        }
        return real(arg);
      }) as never);
    }),
  );
  return {
    writes: () => writes,
    restore: () => spies.forEach((spy) => spy.mockRestore()),
  };
}

/** A connected extension with work waiting for the next poll: new, changed and removed data. */
async function prepare(): Promise<void> {
  fakeBrowser.reset();
  h.fake.reset();
  h.rewrite = undefined;
  h.clockOffsetMs = 0;
  await h.start();
  await h.connect();
  const [acme, backlinks, globex, policy] = h.fake.projects();
  const store = await h.store();
  await h.send('markRead', { keys: keysOf(store, acme.project_id).slice(0, 3) });
  h.fake.addMentions(acme.project_id, 3);
  h.fake.addMentions(backlinks.project_id, 25);
  const { client, token } = await h.serviceClient();
  await client.removeProject(token, globex.project_id);
  await client.editProject(token, policy.project_id, inputFrom(policy, { name: 'Policy' }));
  const added = await client.addProject(token, {
    ...inputFrom(policy, { name: 'Fresh project' }),
    browser_notification: 1,
  });
  h.fake.addMentions(added.projectId!, 2);
  const edited = store.byProject[acme.project_id].find((m) => !m.read)!.id;
  h.rewrite = (func, body) =>
    func === 'getMentions' && Array.isArray(body)
      ? body.map((m: { id: number }) => (m.id === edited ? { ...m, title: 'Edited' } : m))
      : body;
  await h.idle();
}

/** What must converge. firstSeen is when this extension stored a mention: it may differ. */
async function outcome() {
  const store: MentionStore = await h.store();
  const status = await h.status();
  return {
    mentions: Object.fromEntries(
      Object.entries(store.byProject).map(([id, list]) => [
        id,
        list.map(({ firstSeen: _firstSeen, ...rest }) => rest),
      ]),
    ),
    synced: [...store.syncedProjects].sort(),
    floors: store.floors,
    projects: (await fakeBrowser.storage.local.get('projects')).projects,
    status: {
      keyRejected: status.keyRejected,
      lastError: status.lastError,
      projectErrors: status.projectErrors,
      failures: status.schedule.consecutiveFailures,
    },
    lease: (await fakeBrowser.storage.session.get('pollLease')).pollLease,
    badge: await h.badge(),
  };
}

it('converges after a poll stopped at any storage write', async () => {
  await prepare();
  const counter = interceptWrites(undefined, 'killed');
  await h.fireAlarm();
  const writes = counter.writes();
  counter.restore();
  const expected = await outcome();
  expect(writes).toBeGreaterThan(3);
  expect(expected.mentions).not.toEqual({});

  for (const mode of ['killed', 'failed'] as const) {
    for (let crashAt = 1; crashAt <= writes; crashAt++) {
      await prepare();
      const crash = interceptWrites(crashAt, mode);
      if (mode === 'killed') await h.fireAlarm();
      else await h.send('pollNow');
      crash.restore();
      // A killed poll always leaves something unfinished (at the least its lease).
      if (mode === 'killed') expect(await outcome()).not.toEqual(expected);

      // A new worker, once the stopped poll's lease has expired.
      h.clockOffsetMs += POLL_LEASE_MS + 1_000;
      await h.restartWorker();
      await h.fireAlarm();
      expect(await outcome(), `${mode} at write ${crashAt} of ${writes}`).toEqual(expected);
    }
  }
}, 90_000);
