// A poll whose results storage refuses to take (full, or failing), through the real listeners:
// it is recorded with a clear message, backs off, shows on the badge at once, and loses nothing:
// the mentions stay on the service and arrive, unread and announced once, with the next poll.

import { expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { floorRefuses } from '../../support/floor-checks';
import { parseServiceDate } from '@/lib/time/service-date';
import { keyOf, type MentionStore, type StoredMention, findMention } from '@/lib/mentions/store';
import { BACKOFF_FLOOR_MS } from '../../support/limits';
import { useBackground } from '../../support/background';
import { badgeFor } from '../../support/background-store';

const h = useBackground();

/** storage.local refuses every write that carries mention records, until undone. */
function refuseMentionWrites(message: string): () => void {
  const area = fakeBrowser.storage.local;
  const realSet = area.set.bind(area);
  const spy = vi
    .spyOn(area, 'set')
    .mockImplementation(((items: Record<string, unknown>) =>
      Object.keys(items).some((key) => key.startsWith('mention:'))
        ? Promise.reject(new Error(message))
        : realSet(items)) as never);
  return () => spy.mockRestore();
}

it.each([
  ['failing', 'IO error: the database is locked'],
  // A quota error makes the store prune and retry first (lib/mentions/mention-storage.ts): here
  // every write of records stays refused, so it drops, round after round, the oldest mentions, each
  // under its project's floor before it goes; none of them comes back.
  ['full', 'QUOTA_BYTES quota exceeded'],
])(
  'a storage that is %s: recorded, backed off, shown, and nothing lost or back as new',
  async (what, error) => {
    await h.start();
    await h.connect();
    const project = h.fake.projects().find((p) => p.browser_notification === 1)!.project_id;
    for (const id of Object.keys(await fakeBrowser.notifications.getAll())) {
      await fakeBrowser.notifications.clear(id);
    }
    const before = await h.store();
    const [mention] = h.fake.addMentions(project, 1);
    const create = vi.spyOn(fakeBrowser.notifications, 'create');
    const undo = refuseMentionWrites(error);

    await h.fireAlarm();
    const status = await h.status();
    expect(status.lastError).toMatchObject({ kind: 'storage' });
    expect(status.lastError?.message).toMatch(/could not be saved in this browser/);
    expect(status.schedule.consecutiveFailures).toBe(1);
    expect(status.schedule.attention).toBe(true);
    expect(await h.badge()).toBe('×');
    expect(await h.title()).toMatch(/could not be saved/);
    expect((await h.alarmTime())! - status.lastPollAt!).toBeGreaterThanOrEqual(BACKOFF_FLOOR_MS);
    expect(findMention(await h.store(), { projectId: project, id: mention.id })).toBeUndefined();
    expect(create).not.toHaveBeenCalled();
    // What the failed write left: every mention stored before is still there with its read state,
    // or (storage full) dropped under its project's floor.
    const left = await h.store();
    const dropped = allMentions(before).filter((m) => !findMention(left, keyOf(m)));
    if (what === 'failing') expect(dropped).toEqual([]);
    else expect(dropped.length).toBeGreaterThan(0);
    expect(dropped.filter((m) => !underFloor(left, m)).map(keyOf)).toEqual([]);
    for (const m of allMentions(left)) expect(findMention(before, keyOf(m))?.read).toBe(m.read);

    // Storage works again: the next poll brings the mention, unread, announced once; nothing
    // dropped comes back, nothing else is new.
    undo();
    await h.fireAlarm();
    const after = await h.status();
    expect(after.lastError).toBeNull();
    expect(after.schedule.attention).toBe(false);
    const store = await h.store();
    expect(findMention(store, { projectId: project, id: mention.id })?.read).toBe(false);
    expect(create.mock.calls.map(([id]) => id)).toEqual([`mm:mention:${project}:${mention.id}`]);
    const arrived = allMentions(store).filter((m) => !findMention(left, keyOf(m)));
    expect(arrived.map(keyOf)).toEqual([{ projectId: project, id: mention.id }]);
    expect(await h.badge()).toBe(badgeFor(store));
    // And the poll after that brings nothing.
    await h.fireAlarm();
    expect(await h.store()).toEqual(store);
    expect(create).toHaveBeenCalledTimes(1);
  },
);

function allMentions(store: MentionStore): StoredMention[] {
  return Object.values(store.byProject).flat();
}

/** Whether the project's floor refuses the mention: it cannot come back as new. */
function underFloor(store: MentionStore, m: StoredMention): boolean {
  const floor = store.floors[m.project_id];
  const at = parseServiceDate(m.date_added, store.utcOffsetMinutes);
  return floorRefuses(floor, m.id, at);
}
