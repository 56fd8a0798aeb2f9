import { describe, expect, it } from 'vitest';
import { enforceCaps, pruneForQuota } from '@/lib/mentions/caps';
import { emptyMentionStore } from '@/lib/mentions/store';
import { mentionCount } from '@/lib/mentions/selectors';
import { deepFreeze, stored, storeOf } from './mention-factory';

const limits = { perProject: 3, total: 4, prunedMemory: 3 };

describe('enforceCaps', () => {
  it('returns the same store when within the caps', () => {
    const store = deepFreeze(storeOf(stored({ id: 1 }), stored({ id: 2 })));
    expect(enforceCaps(store, limits)).toBe(store);
  });

  it('prunes read before unread, then oldest by date added, then by id', () => {
    const store = deepFreeze(
      storeOf(
        stored({ id: 1, addedAt: 10 }),
        stored({ id: 2, addedAt: 50, read: true }),
        stored({ id: 3, addedAt: 10 }),
        stored({ id: 4, addedAt: 20 }),
        stored({ id: 5, addedAt: 40 }),
      ),
    );
    const capped = enforceCaps(store, limits);
    // 5 > 3: the read one goes first, then the oldest unread; among equals the lower id.
    expect(capped.byProject[1].map((m) => m.id)).toEqual([5, 4, 3]);
    expect(capped.prunedIds[1]).toEqual([2, 1]);
  });

  it('applies the total cap after the per-project one, oldest across projects', () => {
    const store = storeOf(
      stored({ id: 1, project_id: 1, addedAt: 100 }),
      stored({ id: 2, project_id: 1, addedAt: 90 }),
      stored({ id: 1, project_id: 2, addedAt: 80 }),
      stored({ id: 2, project_id: 2, addedAt: 70 }),
      stored({ id: 3, project_id: 2, addedAt: 95, read: true }),
    );
    const capped = enforceCaps(store, limits);
    expect(mentionCount(capped)).toBe(4);
    expect(capped.byProject[2].map((m) => m.id)).toEqual([1, 2]);
    expect(capped.prunedIds[2]).toEqual([3]);
  });

  it('remembers only the most recent pruned ids', () => {
    const store = { ...storeOf(stored({ id: 9 })), prunedIds: { 1: [1, 2, 3] } };
    const capped = enforceCaps(store, { ...limits, perProject: 0 });
    expect(capped.prunedIds[1]).toEqual([2, 3, 9]);
  });

  it('keeps the order of the survivors (newest first)', () => {
    const store = storeOf(
      stored({ id: 4, addedAt: 40 }),
      stored({ id: 3, addedAt: 30 }),
      stored({ id: 2, addedAt: 20 }),
      stored({ id: 1, addedAt: 10 }),
    );
    expect(enforceCaps(store, limits).byProject[1].map((m) => m.id)).toEqual([4, 3, 2]);
  });
});

describe('pruneForQuota', () => {
  const store = deepFreeze(
    storeOf(
      stored({ id: 1, addedAt: 10 }),
      stored({ id: 2, addedAt: 20 }),
      stored({ id: 3, addedAt: 30, read: true }),
      stored({ id: 4, addedAt: 40 }),
    ),
  );

  it.each([
    [0.5, [4, 2]],
    [0.25, [4, 2, 1]],
    [1, []],
    [0, [4, 2, 1]],
    [NaN, [4, 2]],
    [7, []],
  ])('frees fraction %d, read and oldest first', (fraction, kept) => {
    const pruned = pruneForQuota(store, fraction);
    expect(pruned.byProject[1].map((m) => m.id)).toEqual(kept);
  });

  it('remembers what it pruned, so a re-fetch does not bring it back', () => {
    expect(pruneForQuota(store, 0.5).prunedIds[1].sort()).toEqual([1, 3]);
  });

  it('forgets pruned ids when there are no mentions left to free', () => {
    const empty = { ...emptyMentionStore(), prunedIds: { 1: [1, 2] } };
    expect(pruneForQuota(empty, 0.5).prunedIds).toEqual({});
    const bare = emptyMentionStore();
    expect(pruneForQuota(bare, 0.5)).toBe(bare);
  });
});
