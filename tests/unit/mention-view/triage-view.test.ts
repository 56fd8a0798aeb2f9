// What triage changes in the popup's lists: muted mentions out of the store the popup reads, and
// the Saved view's rows (the store's copy when it has one, the saved copy as read otherwise, rows
// unsaved in this popup kept in place).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { keyOf, keyString, type StoredMention } from '@/lib/mentions/store';
import { recordOf } from '@/lib/mentions/stored-record';
import { listedSaved, savedRows, withoutMuted } from '@/lib/mention-view/triage-view';
import { DEFAULT_FILTER } from '@/lib/mention-view/view-model';
import type { SavedMention } from '@/lib/triage/saved';
import { deepFreeze, stored, storeOf } from '../support/mention-factory';

const none = () => false;
const byAuthor = (author: string) => (m: Pick<StoredMention, 'author'>) => m.author === author;
const ids = (list: readonly StoredMention[]) => list.map((m) => m.id);
const savedAt = (mention: StoredMention, at: number): SavedMention => ({
  record: recordOf(mention),
  savedAt: at,
});

describe('withoutMuted', () => {
  const a = stored({ id: 1, project_id: 1, author: 'ann' });
  const b = stored({ id: 2, project_id: 1, author: 'bob' });
  const c = stored({ id: 3, project_id: 2, author: 'ann' });

  it('is the same store when nothing is muted', () => {
    const store = deepFreeze(storeOf(a, b, c));
    expect(withoutMuted(store, none)).toBe(store);
  });

  it('leaves out the muted ones, keeps every project key and the rest of the store', () => {
    const store = deepFreeze(storeOf(a, b, c));
    const result = withoutMuted(store, byAuthor('ann'));
    expect(ids(result.byProject[1])).toEqual([2]);
    expect(result.byProject[2]).toEqual([]);
    expect(result.syncedProjects).toBe(store.syncedProjects);
    expect(result.floors).toBe(store.floors);
  });

  it('keeps exactly the unmuted mentions, in order, whatever is muted (property)', () => {
    const authors = ['ann', 'bob', 'cy'];
    const arbitrary = fc.array(
      fc.record({
        id: fc.integer({ min: 1, max: 40 }),
        project: fc.integer({ min: 1, max: 3 }),
        author: fc.constantFrom(...authors),
      }),
      { maxLength: 30 },
    );
    fc.assert(
      fc.property(arbitrary, fc.subarray(authors), (rows, muted) => {
        const unique = [...new Map(rows.map((r) => [`${r.project}:${r.id}`, r])).values()];
        const store = deepFreeze(
          storeOf(
            ...unique.map((r) => stored({ id: r.id, project_id: r.project, author: r.author })),
          ),
        );
        const isMuted = (m: Pick<StoredMention, 'author'>) => muted.includes(m.author);
        const result = withoutMuted(store, isMuted);
        for (const [project, list] of Object.entries(store.byProject)) {
          expect(result.byProject[Number(project)]).toEqual(list.filter((m) => !isMuted(m)));
        }
      }),
    );
  });
});

describe('savedRows', () => {
  const inStore = stored({ id: 1, title: 'Still stored', read: false });
  const pruned = stored({ id: 2, title: 'Pruned', read: false });
  const other = stored({ id: 3, title: 'Other', read: true });
  const store = storeOf(inStore, other);

  it('newest saved first: the store’s copy with its read state, else the saved copy as read', () => {
    const rows = savedRows(
      [savedAt({ ...inStore, title: 'Old copy' }, 30), savedAt(pruned, 20), savedAt(other, 10)],
      [],
      store,
      none,
    );
    expect(rows.map((m) => [m.title, m.read])).toEqual([
      ['Still stored', false],
      ['Pruned', true],
      ['Other', true],
    ]);
  });

  it('leaves out muted ones, whichever copy is shown', () => {
    const rows = savedRows(
      [savedAt(inStore, 2), savedAt({ ...pruned, author: 'muted' }, 1)],
      [],
      storeOf({ ...inStore, author: 'muted' }),
      byAuthor('muted'),
    );
    expect(rows).toEqual([]);
  });

  it('keeps a row unsaved in this popup in its place, even when saved again meanwhile', () => {
    const kept = [savedAt(pruned, 20)];
    expect(ids(savedRows([savedAt(inStore, 30), savedAt(other, 10)], kept, store, none))).toEqual([
      1, 2, 3,
    ]);
    // Saved again: the newer copy would go first; the kept one holds its place until the view changes.
    const again = [savedAt(pruned, 99), savedAt(inStore, 30), savedAt(other, 10)];
    expect(ids(savedRows(again, kept, store, none))).toEqual([1, 2, 3]);
  });

  it('lists each mention once, and reads without a store (nothing stored yet)', () => {
    const rows = savedRows([savedAt(inStore, 2), savedAt(inStore, 1)], [], null, none);
    expect(rows.map((m) => [keyString(keyOf(m)), m.read])).toEqual([['1:1', true]]);
  });
});

describe('listedSaved', () => {
  const rows = [stored({ id: 1, project_id: 1 }), stored({ id: 2, project_id: 2 })];

  it('is pending until the saved mentions are read', () => {
    expect(listedSaved(null, DEFAULT_FILTER)).toEqual({ shown: [], held: 0, pending: true });
  });

  it('shows the filter’s project, holds nothing back', () => {
    const listed = listedSaved(rows, { ...DEFAULT_FILTER, view: 'saved', projectId: 2 });
    expect(ids(listed.shown)).toEqual([2]);
    expect(listed.held).toBe(0);
    expect(listed.pending).toBe(false);
  });
});
