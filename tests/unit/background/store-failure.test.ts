// A poll whose results storage refuses to take (full, or failing), through the real listeners:
// it is recorded with a clear message, backs off, shows on the badge at once, and loses nothing:
// the mentions stay on the service and arrive, unread and announced once, with the next poll.

import { expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { findMention } from '@/lib/mentions/selectors';
import { BACKOFF_FLOOR_MS } from '@/lib/sync/backoff';
import { useBackground } from './support';

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
  ['failing', 'IO error: the database is locked', true],
  // A quota error makes the store prune and retry first (lib/mentions/mention-storage.ts); what
  // that pruning does to older mentions is the store's own tests' concern, not this one's.
  ['full', 'QUOTA_BYTES quota exceeded', false],
])(
  'a storage that is %s: recorded, backed off, shown, and nothing lost',
  async (_what, error, exact) => {
    await h.start();
    await h.connect();
    const project = h.fake.projects().find((p) => p.browser_notification === 1)!.project_id;
    for (const id of Object.keys(await fakeBrowser.notifications.getAll())) {
      await fakeBrowser.notifications.clear(id);
    }
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

    // Storage works again: the next poll brings the mention, unread, announced once.
    undo();
    await h.fireAlarm();
    const after = await h.status();
    expect(after.lastError).toBeNull();
    expect(after.schedule.attention).toBe(false);
    expect(findMention(await h.store(), { projectId: project, id: mention.id })?.read).toBe(false);
    const announced = create.mock.calls.map(([id]) => id);
    if (exact) expect(announced).toEqual([`mm:mention:${project}:${mention.id}`]);
    else expect(announced.join(' ')).toContain(`:${project}:`);
    expect(await h.badge()).not.toBe('×');
  },
);
