import { describe, expect, it } from 'vitest';
import {
  emptyMentionStore,
  allMentionsNewestFirst,
  findMention,
  isSynced,
  mentionCount,
  unreadByProject,
} from '@/lib/mentions/store';
import { stored, storeOf, unreadCount } from '../support/mention-factory';

const withMentions = storeOf(
  stored({ id: 1, project_id: 1, addedAt: 10 }),
  stored({ id: 2, project_id: 1, addedAt: 30, read: true }),
  stored({ id: 1, project_id: 2, addedAt: 20 }),
);
// Project 3 has synced but has no mentions.
const store = { ...withMentions, byProject: { ...withMentions.byProject, 3: [] } };

describe('selectors', () => {
  it.each([
    ['an empty store', emptyMentionStore(), 0, {}],
    ['a store with reads and an empty project', store, 2, { 1: 1, 2: 1, 3: 0 }],
  ])('count unread in %s', (_name, input, total, byProject) => {
    expect(unreadCount(input)).toBe(total);
    expect(unreadByProject(input)).toEqual(byProject);
  });

  it('counts all mentions', () => {
    expect(mentionCount(store)).toBe(3);
  });

  it('interleaves projects newest first', () => {
    expect(allMentionsNewestFirst(store).map((m) => `${m.project_id}:${m.id}`)).toEqual([
      '1:2',
      '2:1',
      '1:1',
    ]);
  });

  it('finds a mention by key, or nothing', () => {
    expect(findMention(store, { projectId: 2, id: 1 })?.addedAt).toBe(20);
    expect(findMention(store, { projectId: 2, id: 2 })).toBeUndefined();
    expect(findMention(store, { projectId: 9, id: 1 })).toBeUndefined();
  });

  it('knows which projects have had their first sync', () => {
    expect(isSynced(store, 1)).toBe(true);
    expect(isSynced(store, 3)).toBe(false);
  });
});
