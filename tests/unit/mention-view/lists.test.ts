// The popup's lists (lib/mention-view/lists.ts). From the preview: the default view shows the
// same first rows and the same counts from the preview as from the store, and every view the
// preview cannot answer says so instead of showing rows that would move. With the triage: muted
// mentions out of the store the popup reads, and the Saved view's rows (the store's copy when it
// has one, the saved copy as read otherwise, rows unsaved in this popup kept in place).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PREVIEW_UNREAD, previewOf, type MentionPreview } from '@/lib/mentions/preview';
import { type MentionStore, type StoredMention, keyOf, keyString } from '@/lib/mentions/store';
import { allMentionsNewestFirst } from '@/lib/mentions/store';
import {
  currentMentions,
  listedMentions,
  sourceCounts,
  unreadInScope,
  type Mentions,
  listedSaved,
  savedRows,
  withoutMuted,
} from '@/lib/mention-view/lists';
import { DEFAULT_FILTER, type PopupFilter, type PopupView } from '@/lib/mention-view/view-model';
import { stored, storeOf, deepFreeze } from '../support/mention-factory';
import { recordOf } from '@/lib/mentions/mention-record';
import type { SavedMention } from '@/lib/triage/saved';

type Holding = Mentions['holding'];
// The popup's mentions from the store alone, and from a preview alone.
const mentionsOfStore = (store: MentionStore) => currentMentions(store, null)!;
const mentionsOfPreview = (preview: MentionPreview) => currentMentions(null, preview)!;

const T0 = Date.UTC(2024, 5, 15, 12);
const SOURCES = ['web', 'reddit', 'twitter'];

/** `count` mentions, newest first by id; every `readEvery`-th read; two projects, three sources. */
function storeWith(count: number, readEvery = 0): MentionStore {
  const mentions: StoredMention[] = [];
  for (let id = 1; id <= count; id++) {
    mentions.push(
      stored({
        id,
        project_id: 1 + (id % 2),
        source: SOURCES[id % 3],
        read: readEvery > 0 && id % readEvery === 0,
        addedAt: T0 - id * 60_000,
        firstSeen: T0 - 10_000,
      }),
    );
  }
  return storeOf(...mentions);
}

const rules = { revealedAt: T0, keep: new Set<string>() };
const ids = (list: readonly StoredMention[]) => list.map((m) => m.id);
const fromPreview = (store: MentionStore) => mentionsOfPreview(previewOf(store));

const FILTERS: PopupFilter[] = [
  DEFAULT_FILTER,
  { view: 'new', projectId: 2, source: null },
  { view: 'new', projectId: null, source: 'reddit' },
  { view: 'new', projectId: 1, source: 'web' },
  { view: 'all', projectId: null, source: null },
  { view: 'all', projectId: 2, source: 'twitter' },
];

describe('mentionsOfPreview: how much of the store a preview holds', () => {
  const cases: { name: string; store: MentionStore; holding: Holding }[] = [
    { name: 'an empty store', store: storeWith(0), holding: 'every' },
    {
      name: 'a few mentions, all unread',
      store: storeWith(PREVIEW_UNREAD - 2),
      holding: 'every',
    },
    { name: 'exactly a preview, all unread', store: storeWith(PREVIEW_UNREAD), holding: 'every' },
    { name: 'a few unread and some read', store: storeWith(6, 3), holding: 'unread' },
    { name: 'a preview of unread, some read', store: storeWith(12, 6), holding: 'unread' },
    {
      name: 'more unread than a preview holds',
      store: storeWith(PREVIEW_UNREAD + 1),
      holding: 'newest-unread',
    },
    { name: '5,000 stored', store: storeWith(5_000, 7), holding: 'newest-unread' },
  ];
  for (const c of cases) {
    it(c.name, () => {
      expect(fromPreview(c.store).holding).toBe(c.holding);
    });
  }

  it('the store holds everything', () => {
    expect(mentionsOfStore(storeWith(5_000, 7)).holding).toBe('every');
  });
});

describe('rowsPending: which views wait for the store', () => {
  const cases: { holding: Holding; view: PopupView; pending: boolean }[] = [
    { holding: 'every', view: 'new', pending: false },
    { holding: 'every', view: 'all', pending: false },
    { holding: 'unread', view: 'new', pending: false },
    { holding: 'unread', view: 'all', pending: true },
    { holding: 'newest-unread', view: 'new', pending: true },
    { holding: 'newest-unread', view: 'all', pending: true },
  ];
  for (const c of cases) {
    it(`${c.holding}, ${c.view}: ${c.pending ? 'waits' : 'complete'}`, () => {
      const mentions: Mentions = { ...fromPreview(storeWith(0)), holding: c.holding };
      const filter = { ...DEFAULT_FILTER, view: c.view };
      expect(listedMentions(mentions, filter, rules).pending).toBe(c.pending);
    });
  }
});

describe('the default view: the same first rows and counts from the preview as from the store', () => {
  const stores: [string, MentionStore][] = [
    ['a few unread', storeWith(7)],
    ['some read among them', storeWith(40, 4)],
    ['many unread', storeWith(300, 5)],
    ['5,000 stored', storeWith(5_000, 3)],
  ];
  for (const [name, store] of stores) {
    it(name, () => {
      const preview = fromPreview(store);
      const full = mentionsOfStore(store);
      const first = listedMentions(preview, DEFAULT_FILTER, rules);
      const after = listedMentions(full, DEFAULT_FILTER, rules);
      expect(ids(first.shown)).toEqual(ids(after.shown).slice(0, PREVIEW_UNREAD));
      expect(first.shown.length).toBe(Math.min(PREVIEW_UNREAD, after.shown.length));
      expect(first.pending).toBe(after.shown.length > PREVIEW_UNREAD);
      expect(after.pending).toBe(false);
      for (const counts of [preview, full]) {
        expect({ total: counts.total, unread: counts.unread }).toEqual({
          total: full.list.length,
          unread: full.list.filter((m) => !m.read).length,
        });
      }
      expect(preview.unreadByProject).toEqual(full.unreadByProject);
      expect(preview.unreadBySource).toEqual(full.unreadBySource);
      expect(unreadInScope(preview, DEFAULT_FILTER)).toBe(unreadInScope(full, DEFAULT_FILTER));
      expect(sourceCounts(preview, null)).toEqual(
        Object.fromEntries(Object.entries(sourceCounts(full, null)).filter(([, n]) => n > 0)),
      );
    });
  }

  it('holds for any store (property)', () => {
    const arbitrary = fc.array(
      fc.record({
        project_id: fc.integer({ min: 1, max: 3 }),
        source: fc.constantFrom(...SOURCES),
        read: fc.boolean(),
        age: fc.integer({ min: 0, max: 500 }),
      }),
      { maxLength: 140 },
    );
    fc.assert(
      fc.property(arbitrary, (specs) => {
        const store = storeOf(
          ...specs.map(({ age, ...rest }, i) =>
            stored({ id: i + 1, ...rest, addedAt: T0 - age * 60_000, firstSeen: T0 - 1 }),
          ),
        );
        const preview = fromPreview(store);
        const full = mentionsOfStore(store);
        for (const filter of FILTERS) {
          const first = listedMentions(preview, filter, rules);
          const after = listedMentions(full, filter, rules);
          // What the preview shows is where the full list starts: nothing moves when it arrives.
          expect(ids(after.shown.slice(0, first.shown.length))).toEqual(ids(first.shown));
          // Whatever it cannot show, it says it is still coming.
          if (!first.pending) expect(ids(first.shown)).toEqual(ids(after.shown));
          const scoped = unreadInScope(preview, filter);
          if (scoped !== null) expect(scoped).toBe(unreadInScope(full, filter));
        }
      }),
    );
  });
});

describe('views a preview cannot answer', () => {
  const store = storeWith(300, 5);
  const preview = fromPreview(store);

  it('All recent shows nothing until the store is read: read mentions would land between rows', () => {
    expect(listedMentions(preview, { ...DEFAULT_FILTER, view: 'all' }, rules)).toEqual({
      shown: [],
      held: 0,
      pending: true,
    });
  });

  it('a project filter in New shows the preview’s rows of that project, more to come', () => {
    const filter: PopupFilter = { view: 'new', projectId: 2, source: null };
    const first = listedMentions(preview, filter, rules);
    expect(first.pending).toBe(true);
    expect(first.shown.length).toBeGreaterThan(0);
    expect(first.shown.every((m) => m.project_id === 2 && !m.read)).toBe(true);
  });

  it('the New count of a project or a source comes from the counts; of both, only from the store', () => {
    const full = mentionsOfStore(store);
    for (const filter of FILTERS.slice(1, 3)) {
      expect(unreadInScope(preview, filter)).toBe(unreadInScope(full, filter));
    }
    const both: PopupFilter = { view: 'new', projectId: 1, source: 'web' };
    expect(unreadInScope(preview, both)).toBeNull();
    expect(unreadInScope(full, both)).toBe(
      full.list.filter((m) => !m.read && m.project_id === 1 && m.source === 'web').length,
    );
  });

  it('a preview holding every unread answers both filters at once', () => {
    const small = fromPreview(storeWith(12, 4));
    expect(small.holding).toBe('unread');
    const both: PopupFilter = { view: 'new', projectId: 1, source: 'web' };
    expect(unreadInScope(small, both)).toBe(unreadInScope(mentionsOfStore(storeWith(12, 4)), both));
  });

  it('source counts: every source present once the store is read, read ones too', () => {
    const allRead = storeOf(
      stored({ id: 1, source: 'web', addedAt: T0 }),
      stored({ id: 2, source: 'blogs', read: true, addedAt: T0 - 1 }),
    );
    expect(sourceCounts(fromPreview(allRead), null)).toEqual({ web: 1 });
    expect(sourceCounts(mentionsOfStore(allRead), null)).toEqual({ web: 1, blogs: 0 });
  });
});

describe('mentionsOfStore', () => {
  it('lists every mention newest first, with the counts the preview carries', () => {
    const store = storeWith(120, 6);
    const full = mentionsOfStore(store);
    const counts = previewOf(store);
    expect(ids(full.list)).toEqual(ids(allMentionsNewestFirst(store)));
    expect(full).toMatchObject({
      total: counts.mentions,
      unread: counts.unread,
      unreadByProject: counts.unreadByProject,
      unreadBySource: counts.unreadBySource,
    });
  });
});

const none = () => false;
const byAuthor = (author: string) => (m: Pick<StoredMention, 'author'>) => m.author === author;
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
