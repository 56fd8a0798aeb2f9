import { describe, expect, it } from 'vitest';
import { newestFirst } from '@/lib/mentions/order';
import { deepFreeze, stored } from '../support/mention-factory';

describe('newestFirst', () => {
  it('sorts by date added, then id, both descending', () => {
    const list = deepFreeze([
      stored({ id: 1, addedAt: 100 }),
      stored({ id: 3, addedAt: 200 }),
      stored({ id: 2, addedAt: 200 }),
      stored({ id: 9, addedAt: 50 }),
    ]);
    expect(newestFirst(list).map((m) => m.id)).toEqual([3, 2, 1, 9]);
  });

  it('breaks a full tie by project id so lists across projects are deterministic', () => {
    const list = [
      stored({ id: 1, addedAt: 5, project_id: 1 }),
      stored({ id: 1, addedAt: 5, project_id: 2 }),
    ];
    expect(newestFirst(list).map((m) => m.project_id)).toEqual([2, 1]);
    expect(newestFirst([...list].reverse()).map((m) => m.project_id)).toEqual([2, 1]);
  });

  it('returns a copy and leaves the input as it was', () => {
    const list = deepFreeze([stored({ id: 1, addedAt: 1 }), stored({ id: 2, addedAt: 2 })]);
    const sorted = newestFirst(list);
    expect(sorted).not.toBe(list);
    expect(list.map((m) => m.id)).toEqual([1, 2]);
  });

  it('handles an empty list', () => {
    expect(newestFirst([])).toEqual([]);
  });
});
