import { describe, expect, it } from 'vitest';
import { mergeMentions } from '@/lib/mentions/merge';
import { emptyMentionStore, removeProject, removeProjects } from '@/lib/mentions/store';
import { NOW, deepFreeze, mention, stored, storeOf, unreadCount } from '../support/mention-factory';

const store = deepFreeze({
  ...storeOf(
    stored({ id: 1, project_id: 1 }),
    stored({ id: 1, project_id: 2 }),
    stored({ id: 2, project_id: 3 }),
  ),
  floors: { 2: { key: { addedAt: 5, id: 5 } }, 4: { key: null, excluded: [6] } },
});

describe('removeProjects', () => {
  it('drops the projects not kept, with their mentions, sync flag and floors', () => {
    const next = removeProjects(store, [1, 3]);
    expect(Object.keys(next.byProject)).toEqual(['1', '3']);
    expect(next.syncedProjects).toEqual([1, 3]);
    expect(next.floors).toEqual({});
    expect(unreadCount(next)).toBe(2);
  });

  it('returns the same store when every project is kept', () => {
    expect(removeProjects(store, [1, 2, 3, 4])).toBe(store);
  });

  it('keeps the mentions of a renamed project (keys are ids, not names)', () => {
    const before = mergeMentions(emptyMentionStore(), 1, [mention({ id: 1 })], NOW).store;
    expect(removeProjects(before, [1]).byProject[1]).toBe(before.byProject[1]);
  });

  it('makes a project added again start with a fresh first sync', () => {
    const next = removeProjects(store, []);
    expect(next).toEqual(emptyMentionStore());
    const old = mention({ id: 1, date_added: '2020-01-01 00:00:00' });
    expect(mergeMentions(next, 1, [old], NOW).store.byProject[1][0].read).toBe(true);
  });
});

describe('removeProject', () => {
  it('drops one project and leaves the others as they were', () => {
    const next = removeProject(store, 2);
    expect(next.byProject[2]).toBeUndefined();
    expect(next.floors[2]).toBeUndefined();
    expect(next.floors[4]).toBe(store.floors[4]);
    expect(next.byProject[1]).toBe(store.byProject[1]);
    expect(next.syncedProjects).toEqual([1, 3]);
  });

  it('returns the same store for an unknown project', () => {
    expect(removeProject(store, 42)).toBe(store);
  });
});
