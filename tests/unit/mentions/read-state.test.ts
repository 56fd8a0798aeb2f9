import { describe, expect, it } from 'vitest';
import { markAllRead, markRead, markUnread } from '@/lib/mentions/read-state';
import { findMention } from '@/lib/mentions/store';
import { NOW, deepFreeze, stored, storeOf, unreadCount } from '../support/mention-factory';

const store = deepFreeze(
  storeOf(
    stored({ id: 1, project_id: 1 }),
    stored({ id: 2, project_id: 1, read: true }),
    stored({ id: 1, project_id: 2, firstSeen: NOW.getTime() + 5_000 }),
    stored({ id: 2, project_id: 2 }),
  ),
);

const readOf = (s: typeof store) =>
  Object.values(s.byProject)
    .flat()
    .map((m) => `${m.project_id}:${m.id}=${m.read ? 'read' : 'unread'}`)
    .sort();

describe('markRead / markUnread', () => {
  it('marks exactly the given keys read (ids are per project)', () => {
    const next = markRead(store, [{ projectId: 2, id: 1 }]);
    expect(findMention(next, { projectId: 2, id: 1 })?.read).toBe(true);
    expect(findMention(next, { projectId: 1, id: 1 })?.read).toBe(false);
    expect(unreadCount(next)).toBe(unreadCount(store) - 1);
  });

  it('returns the same store when nothing changes (already read, unknown key, no keys)', () => {
    expect(markRead(store, [{ projectId: 1, id: 2 }])).toBe(store);
    expect(markRead(store, [{ projectId: 7, id: 1 }])).toBe(store);
    expect(markRead(store, [])).toBe(store);
    expect(markUnread(store, [{ projectId: 1, id: 1 }])).toBe(store);
  });

  it('marks unread again', () => {
    const next = markUnread(store, [{ projectId: 1, id: 2 }]);
    expect(findMention(next, { projectId: 1, id: 2 })?.read).toBe(false);
  });

  it('copies only the project lists it changes', () => {
    const next = markRead(store, [{ projectId: 1, id: 1 }]);
    expect(next.byProject[2]).toBe(store.byProject[2]);
    expect(next.byProject[1]).not.toBe(store.byProject[1]);
  });

  it('accepts any iterable of keys', () => {
    const keys = new Set([{ projectId: 1, id: 1 }]);
    expect(unreadCount(markRead(store, keys))).toBe(unreadCount(store) - 1);
  });
});

describe('markAllRead of one project', () => {
  it('marks every mention of one project read and no other', () => {
    expect(readOf(markAllRead(store, { projectIds: [2] }))).toEqual([
      '1:1=unread',
      '1:2=read',
      '2:1=read',
      '2:2=read',
    ]);
  });

  it('returns the same store for an unknown project', () => {
    expect(markAllRead(store, { projectIds: [99] })).toBe(store);
  });
});

describe('markAllRead', () => {
  it.each([
    [{}, ['1:1=read', '1:2=read', '2:1=read', '2:2=read']],
    [{ projectIds: [1] }, ['1:1=read', '1:2=read', '2:1=unread', '2:2=unread']],
    [{ projectIds: [] }, ['1:1=unread', '1:2=read', '2:1=unread', '2:2=unread']],
    [{ firstSeenAtOrBefore: NOW.getTime() }, ['1:1=read', '1:2=read', '2:1=unread', '2:2=read']],
    [
      { projectIds: [2], firstSeenAtOrBefore: NOW.getTime() },
      ['1:1=unread', '1:2=read', '2:1=unread', '2:2=read'],
    ],
  ])('with filter %j', (filter, expected) => {
    expect(readOf(markAllRead(store, filter))).toEqual(expected);
  });

  it('returns the same store when everything is already read', () => {
    const allRead = markAllRead(store);
    expect(markAllRead(allRead)).toBe(allRead);
  });
});
