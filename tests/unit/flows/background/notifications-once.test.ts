// Desktop notifications through the real listeners, never twice for one mention: what a poll will
// show is written with its mentions and shown exactly once, whenever the worker stops.

import { describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { OUTBOX_KEY } from '@/lib/storage/keys';
import { POLL_LEASE_MS } from '../../support/limits';
import { useBackground } from '../../support/background';
import { notificationSteps } from '../../support/background-notifications';

const h = useBackground();
const { connected, projectIds } = notificationSteps(h);

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
