// The mention store through the real listeners: updates in place, removed and renamed projects,
// no writes for a poll that changed nothing, the quota error, and the caps.

import { FIRST_ACCOUNT } from '@/lib/accounts/accounts';
import { isDeepStrictEqual } from 'node:util';
import { describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { unreadCount } from '../../support/mention-factory';
import { mentionCount } from '@/lib/mentions/store';
import { isStoreKey } from '@/lib/mentions/store-format';
import { serviceClockItem } from '@/lib/storage/items';
import { SERVICE_CLOCK_KEY } from '@/lib/storage/keys';
import { useBackground } from '../../support/background';
import { inputFrom } from '../../support/background-projects';
import { allKeys, badgeFor, expectedFirstSyncUnread, keysOf } from '../../support/background-store';

const h = useBackground();

/** Keys of storage.local written while `run` runs. */
async function keysWrittenDuring(run: () => Promise<void>): Promise<string[]> {
  const set = vi.spyOn(fakeBrowser.storage.local, 'set');
  const remove = vi.spyOn(fakeBrowser.storage.local, 'remove');
  const changed: string[] = [];
  const listener = (changes: Record<string, unknown>, area: string) => {
    if (area === 'local') changed.push(...Object.keys(changes));
  };
  fakeBrowser.storage.onChanged.addListener(listener);
  try {
    await run();
  } finally {
    fakeBrowser.storage.onChanged.removeListener(listener);
  }
  const written = [
    ...set.mock.calls.flatMap(([items]) => Object.keys(items as object)),
    ...remove.mock.calls.flatMap(([keys]) => (Array.isArray(keys) ? keys : [keys])),
  ];
  expect(new Set(changed)).toEqual(new Set(written));
  return [...new Set(written)];
}

describe('merging', () => {
  it('updates a re-fetched mention in place, keeping its read state', async () => {
    await h.start();
    await h.connect();
    const acme = h.fake.projects()[0].project_id;
    const target = (await h.store()).byProject[acme].find((m) => !m.read)!;
    await h.send('markRead', { keys: [{ projectId: acme, id: target.id }] });
    const before = await h.store();

    h.rewrite = (func, body) =>
      func === 'getMentions' && Array.isArray(body)
        ? body.map((m: { id: number }) =>
            m.id === target.id ? { ...m, title: 'Edited by the service', sentiment: -1 } : m,
          )
        : body;
    await h.fireAlarm();

    const after = await h.store();
    expect(mentionCount(after)).toBe(mentionCount(before));
    expect(new Set(allKeys(after)).size).toBe(mentionCount(after));
    const copies = after.byProject[acme].filter((m) => m.id === target.id);
    expect(copies).toHaveLength(1);
    expect(copies[0]).toMatchObject({
      title: 'Edited by the service',
      sentiment: -1,
      read: true,
      firstSeen: target.firstSeen,
    });
    expect(await h.badge()).toBe(badgeFor(after));
  });

  it('writes nothing to storage.local for a poll that changed nothing', async () => {
    await h.start();
    await h.connect();
    const before = await h.store();

    // The status moves (last check, next poll) in storage.session only: memory, not disk.
    const session = vi.spyOn(fakeBrowser.storage.session, 'set');
    const written = await keysWrittenDuring(() => h.fireAlarm());
    expect(written).toEqual([]);
    expect(session.mock.calls.flatMap(([items]) => Object.keys(items))).toContain('syncStatus');

    // Nor for one whose reply only looks different (numbers as strings, bad records skipped).
    h.fake.setFault('numbersAsStrings');
    h.fake.setFault('badRecords');
    const again = await keysWrittenDuring(() => h.fireAlarm());
    expect(again.filter(isStoreKey)).toEqual([]);
    expect(again).not.toContain('projects');
    expect(await h.store()).toEqual(before);
  });

  it('a poll that brings ten mentions writes those ten records, whatever the store holds', async () => {
    await h.start();
    await h.connect();
    const acme = h.fake.projects()[0].project_id;
    h.fake.addMentions(acme, 400);
    await h.fireAlarm();
    expect(mentionCount(await h.store())).toBeGreaterThan(400);

    h.fake.addMentions(acme, 10);
    const clockBefore = await serviceClockItem(FIRST_ACCOUNT).getValue();
    const set = vi.spyOn(fakeBrowser.storage.local, 'set');
    const written = await keysWrittenDuring(() => h.fireAlarm());
    const records = written.filter((key) => key.startsWith('mention:'));
    expect(records).toHaveLength(10);
    expect(records.every((key) => key.startsWith(`mention:${acme}:`))).toBe(true);
    // Besides them: the popup's preview (counts and the first screen), the notification outbox
    // (then emptied once shown), and the service clock when the arrivals taught it something, all
    // in the same set() as the records.
    const clockMoved = !isDeepStrictEqual(
      await serviceClockItem(FIRST_ACCOUNT).getValue(),
      clockBefore,
    );
    const besides = [
      'mentionPreview',
      'notificationOutbox',
      ...(clockMoved ? [SERVICE_CLOCK_KEY] : []),
    ];
    expect(written.filter((key) => !key.startsWith('mention:')).sort()).toEqual(besides.sort());
    const withRecords = set.mock.calls.find(([items]) => records[0] in items)?.[0] ?? {};
    expect(Object.keys(withRecords).sort()).toEqual([...records, ...besides].sort());
  });
});

describe('projects', () => {
  it('removes a project and its mentions on "remove"', async () => {
    await h.start();
    await h.connect();
    const [gone, ...rest] = h.fake.projects();
    const before = await h.store();
    expect(before.byProject[gone.project_id].length).toBeGreaterThan(0);

    const reply = await h.send('removeProject', { projectId: gone.project_id });
    expect(reply).toEqual({ ok: true, value: null });
    await h.idle();
    expect(h.fake.projects().map((p) => p.project_id)).not.toContain(gone.project_id);

    const after = await h.store();
    expect(after.byProject[gone.project_id]).toBeUndefined();
    expect(after.syncedProjects).not.toContain(gone.project_id);
    for (const p of rest)
      expect(after.byProject[p.project_id]).toEqual(before.byProject[p.project_id]);
    expect(await h.badge()).toBe(badgeFor(after));
    expect(await h.title()).not.toContain(`${gone.name}:`);
  });

  it('drops the mentions of a project removed on the service', async () => {
    await h.start();
    await h.connect();
    const gone = h.fake.projects()[1];
    const { client, token } = await h.serviceClient();
    await client.removeProject(token, gone.project_id);

    // Once the lists have left it out three times over an hour (lib/sync/project-roster.ts).
    await h.fireAlarm();
    expect((await h.store()).byProject[gone.project_id]).toBeDefined();
    for (let i = 0; i < 2; i++) {
      h.clockOffsetMs += 40 * 60_000;
      await h.fireAlarm();
    }
    const store = await h.store();
    expect(store.byProject[gone.project_id]).toBeUndefined();
    expect(await h.badge()).toBe(badgeFor(store));
  });

  it('keeps the mentions of a renamed project', async () => {
    await h.start();
    await h.connect();
    const project = h.fake.projects()[0];
    const before = await h.store();

    const reply = await h.send('editProject', {
      projectId: project.project_id,
      input: inputFrom(project, { name: 'Acme Bikes' }),
    });
    expect(reply).toEqual({ ok: true, value: null });
    await h.idle();

    expect(h.fake.projects()[0].name).toBe('Acme Bikes');
    expect(await h.store()).toEqual(before);
    expect(await h.title()).toContain('Acme Bikes: ');
    expect(await h.title()).not.toMatch(/^Acme: /m);
  });
});

describe('bounds', () => {
  it('prunes and retries once on a storage quota error', async () => {
    await h.start();
    await h.connect();
    const acme = h.fake.projects()[0].project_id;
    h.fake.addMentions(acme, 5);
    const total = mentionCount(await h.store()) + 5;

    const realSet = fakeBrowser.storage.local.set.bind(fakeBrowser.storage.local);
    let refused = 0;
    const set = vi.spyOn(fakeBrowser.storage.local, 'set').mockImplementation(async (items) => {
      if (Object.keys(items).some(isStoreKey) && refused === 0) {
        refused += 1;
        throw new Error('QUOTA_BYTES quota exceeded');
      }
      return realSet(items);
    });
    await h.fireAlarm();

    expect(refused).toBe(1);
    // The refused write; then the raised floors alone (stored before the removals they cover);
    // then the rest.
    const storeSets = set.mock.calls
      .map(([items]) => Object.keys(items))
      .filter((keys) => keys.some(isStoreKey));
    expect(storeSets).toHaveLength(3);
    expect(storeSets[1].length).toBeGreaterThan(0);
    expect(storeSets[1].every((key) => key.startsWith('mentionFloor:'))).toBe(true);
    expect(storeSets[2].some((key) => key.startsWith('mention:'))).toBe(true);
    const store = await h.store();
    expect(mentionCount(store)).toBe(total - Math.ceil(total * 0.2));
    // Each project's oldest go first: the five new ones are all still there, unread.
    expect(store.byProject[acme].filter((m) => !m.read).length).toBeGreaterThanOrEqual(5);
    expect(await h.badge()).toBe(badgeFor(store));
    expect((await h.status()).lastError).toBeNull();

    // What was pruned does not come back on the next poll.
    await h.fireAlarm();
    expect(await h.store()).toEqual(store);
  });

  it('after "mark all read" with 3,000 in one reply, polls bring nothing unread; a new one counts', async () => {
    await h.start();
    await h.connect();
    const acme = h.fake.projects()[0].project_id;
    h.fake.addMentions(acme, 3_000);
    await h.fireAlarm();
    expect((await h.store()).byProject[acme]).toHaveLength(500);
    expect(await h.send('markAllRead', {})).toEqual({ ok: true, value: null });
    await h.idle();
    expect(unreadCount(await h.store())).toBe(0);
    expect(await h.badge()).toBe(badgeFor(await h.store()));

    for (let poll = 0; poll < 3; poll += 1) {
      const written = await keysWrittenDuring(() => h.fireAlarm());
      expect(written.filter(isStoreKey)).toEqual([]);
      expect(unreadCount(await h.store())).toBe(0);
    }
    h.fake.addMentions(acme, 1);
    await h.fireAlarm();
    const store = await h.store();
    expect(unreadCount(store)).toBe(1);
    expect(store.byProject[acme]).toHaveLength(500);
    expect(await h.badge()).toBe(badgeFor(store));
    expect(await h.badge()).toBe('1');
  });

  it('shows "999+" beyond 999 unread', async () => {
    await h.start();
    await h.connect();
    const [first, second, third] = h.fake.projects().map((p) => p.project_id);
    h.fake.addMentions(first, 400);
    h.fake.addMentions(second, 400);
    h.fake.addMentions(third, 300);

    await h.fireAlarm();
    expect(unreadCount(await h.store())).toBeGreaterThan(999);
    expect(await h.badge()).toBe('999+');
    await h.send('markAllRead', { projectIds: [first, second] });
    await h.idle();
    expect(await h.badge()).toBe(badgeFor(await h.store()));
    expect(await h.badge()).not.toBe('999+');
  });

  it('holds at most 500 mentions per project, keeping the unread', async () => {
    await h.start();
    await h.connect();
    const acme = h.fake.projects()[0].project_id;
    h.fake.addMentions(acme, 600);

    await h.fireAlarm();
    const store = await h.store();
    expect(store.byProject[acme]).toHaveLength(500);
    expect(store.byProject[acme].every((m) => !m.read)).toBe(true);
    expect(new Set(keysOf(store, acme).map((k) => k.id)).size).toBe(500);
    expect(await h.badge()).toBe(badgeFor(store));

    const written = await keysWrittenDuring(() => h.fireAlarm());
    expect(written.filter(isStoreKey)).toEqual([]);
  });
});

it('writes the popup preview together with the store, and keeps it true after reads', async () => {
  const { storedPreviewOf } = await import('@/lib/mentions/preview');
  const { mentionPreviewItem } = await import('@/lib/storage/items');
  await h.start();
  await h.connect();
  expect(await mentionPreviewItem(FIRST_ACCOUNT).getValue()).toEqual(
    storedPreviewOf(await h.store()),
  );
  const first = (await h.store()).byProject[h.fake.projects()[0].project_id]!;
  await h.send('markRead', { keys: [{ projectId: first[0].project_id, id: first[0].id }] });
  const preview = await mentionPreviewItem(FIRST_ACCOUNT).getValue();
  expect(preview).toEqual(storedPreviewOf(await h.store()));
  expect(preview?.unread).toBe(expectedFirstSyncUnread(h.fake) - (first[0].read ? 0 : 1));
});
