import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { newestFirst, newestOf } from '@/lib/mentions/store';
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

describe('newestOf', () => {
  it('is the first `count` of newestFirst, without sorting them all', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            id: fc.integer({ min: 1, max: 50 }),
            project_id: fc.integer({ min: 1, max: 3 }),
            addedAt: fc.integer({ min: 0, max: 20 }),
          }),
          { maxLength: 60 },
        ),
        fc.integer({ min: 1, max: 12 }),
        (list, count) => {
          const mentions = list.map((m) => stored(m));
          expect(newestOf(mentions, count)).toEqual(newestFirst(mentions).slice(0, count));
        },
      ),
    );
  });
});
