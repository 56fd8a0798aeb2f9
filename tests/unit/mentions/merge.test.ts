import { describe, expect, it } from 'vitest';
import { mergeMentions } from '@/lib/mentions/merge';
import { markRead } from '@/lib/mentions/read-state';
import { emptyMentionStore } from '@/lib/mentions/store';
import {
  DAY_MS,
  NOW,
  daysAgo,
  deepFreeze,
  mention,
  serviceDate,
  unreadCount,
} from '../support/mention-factory';

describe('mergeMentions: first sync', () => {
  it('marks mentions older than 7 days read and keeps the recent week unread', () => {
    const fetched = [
      mention({ id: 1, date_added: daysAgo(1) }),
      mention({ id: 2, date_added: daysAgo(7) }),
      mention({ id: 3, date_added: serviceDate(NOW.getTime() - 7 * DAY_MS - 1000) }),
      mention({ id: 4, date_added: daysAgo(400) }),
    ];
    const { store, changed, added } = mergeMentions(emptyMentionStore(), 1, fetched, NOW);
    expect(changed).toBe(true);
    const readById = Object.fromEntries(store.byProject[1].map((m) => [m.id, m.read]));
    expect(readById).toEqual({ 1: false, 2: false, 3: true, 4: true });
    expect(added.map((m) => m.id)).toEqual([1, 2, 3, 4]);
    expect(store.syncedProjects).toEqual([1]);
  });

  it('treats an unreadable date as "seen now": unread, and ordered by when it was first seen', () => {
    const { store } = mergeMentions(
      emptyMentionStore(),
      1,
      [mention({ id: 1, date_added: 'garbage' }), mention({ id: 2, date_added: daysAgo(1) })],
      NOW,
    );
    const [first, second] = store.byProject[1];
    expect(first).toMatchObject({ id: 1, read: false, addedAt: NOW.getTime() });
    expect(second.id).toBe(2);
  });

  it('records the first sync even when the project has no mentions yet', () => {
    const { store, changed } = mergeMentions(emptyMentionStore(), 5, [], NOW);
    expect(changed).toBe(true);
    expect(store.syncedProjects).toEqual([5]);
    expect(store.byProject[5]).toEqual([]);
  });

  it('after the first sync, old arrivals are unread too', () => {
    const first = mergeMentions(emptyMentionStore(), 1, [], NOW).store;
    const { store } = mergeMentions(first, 1, [mention({ id: 9, date_added: daysAgo(30) })], NOW);
    expect(store.byProject[1][0].read).toBe(false);
  });

  it('lets the caller override the first-sync decision', () => {
    const { store } = mergeMentions(
      emptyMentionStore(),
      1,
      [mention({ id: 1, date_added: daysAgo(30) })],
      NOW,
      { firstSync: false },
    );
    expect(store.byProject[1][0].read).toBe(false);
  });
});

describe('mergeMentions: re-fetch', () => {
  const initial = deepFreeze(
    mergeMentions(emptyMentionStore(), 1, [mention({ id: 1 }), mention({ id: 2 })], NOW).store,
  );

  it('returns the very same store and changed=false when nothing changed', () => {
    const result = mergeMentions(initial, 1, [mention({ id: 2 }), mention({ id: 1 })], NOW);
    expect(result.store).toBe(initial);
    expect(result.changed).toBe(false);
    expect(result.added).toEqual([]);
  });

  it('updates a changed mention in place, keeping read state and firstSeen, without duplicating', () => {
    const read = markRead(initial, [{ projectId: 1, id: 1 }]);
    const later = new Date(NOW.getTime() + 60_000);
    const result = mergeMentions(
      read,
      1,
      [mention({ id: 1, title: 'Edited', sentiment: -1 })],
      later,
    );
    expect(result.changed).toBe(true);
    expect(result.added).toEqual([]);
    const ids = result.store.byProject[1].map((m) => m.id);
    expect(ids.sort()).toEqual([1, 2]);
    const updated = result.store.byProject[1].find((m) => m.id === 1);
    expect(updated).toMatchObject({
      title: 'Edited',
      sentiment: -1,
      read: true,
      firstSeen: NOW.getTime(),
    });
  });

  it('shares unchanged mentions with the previous store', () => {
    const result = mergeMentions(
      initial,
      1,
      [mention({ id: 1, title: 'Edited' }), mention({ id: 3 })],
      NOW,
    );
    const before = initial.byProject[1].find((m) => m.id === 2);
    expect(result.store.byProject[1].find((m) => m.id === 2)).toBe(before);
  });

  it('keeps mentions the service no longer returns (a reply is a window, not the whole set)', () => {
    const result = mergeMentions(initial, 1, [mention({ id: 2 })], NOW);
    expect(result.store.byProject[1].map((m) => m.id)).toContain(1);
  });

  it('stores a mention listed twice in one reply once, with the later copy', () => {
    const result = mergeMentions(
      emptyMentionStore(),
      1,
      [mention({ id: 4, title: 'first' }), mention({ id: 4, title: 'second' })],
      NOW,
    );
    expect(result.store.byProject[1]).toHaveLength(1);
    expect(result.store.byProject[1][0].title).toBe('second');
    expect(result.added).toHaveLength(1);
  });

  it('re-sorts when a re-fetched mention moves in time', () => {
    const result = mergeMentions(initial, 1, [mention({ id: 1, date_added: daysAgo(0) })], NOW);
    expect(result.store.byProject[1].map((m) => m.id)).toEqual([1, 2]);
  });
});

describe('mergeMentions: keys and stray records', () => {
  it('keeps the same id in two projects apart', () => {
    const a = mergeMentions(emptyMentionStore(), 1, [mention({ id: 1, project_id: 1 })], NOW).store;
    const b = mergeMentions(a, 2, [mention({ id: 1, project_id: 2 })], NOW).store;
    expect(b.byProject[1]).toHaveLength(1);
    expect(b.byProject[2]).toHaveLength(1);
    expect(unreadCount(b)).toBe(2);
  });

  it('skips and counts records of another project or without a usable id', () => {
    const result = mergeMentions(
      emptyMentionStore(),
      1,
      [mention({ id: 1 }), mention({ id: 2, project_id: 99 }), mention({ id: NaN })],
      NOW,
    );
    expect(result.skipped).toBe(2);
    expect(result.store.byProject[1].map((m) => m.id)).toEqual([1]);
    expect(result.store.byProject[99]).toBeUndefined();
  });

  it('does not touch other projects', () => {
    const a = deepFreeze(mergeMentions(emptyMentionStore(), 1, [mention({ id: 1 })], NOW).store);
    const b = mergeMentions(a, 2, [mention({ id: 5, project_id: 2 })], NOW).store;
    expect(b.byProject[1]).toBe(a.byProject[1]);
  });
});
