// The mentions page's first screen from the preview: the top of the view the store will show,
// whenever the preview can tell it, and nothing (wait for the store) when it cannot.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { firstScreen, FIRST_SCREEN_ROWS } from '@/lib/mentions-page/first-screen';
import { DEFAULT_PAGE_FILTER, type PageFilter } from '@/lib/mentions-page/page-filter';
import { allMentionsNewestFirst } from '@/lib/mentions/selectors';
import { previewOf } from '@/lib/mentions/preview';
import { NOW, stored, storeOf } from '../support/mention-factory';

const view = (change: Partial<PageFilter>): PageFilter => ({ ...DEFAULT_PAGE_FILTER, ...change });

describe('firstScreen', () => {
  it('is the top of the store’s list for every read state, whatever the mix', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(
          fc.record({ id: fc.integer({ min: 1, max: 500 }), read: fc.boolean(), age: fc.nat(300) }),
          { selector: (r) => r.id, maxLength: 40 },
        ),
        fc.constantFrom<PageFilter['read']>('all', 'unread', 'read'),
        fc.constantFrom<PageFilter['sort']>('date', 'relevance'),
        (rows, read, sort) => {
          const store = storeOf(
            ...rows.map((r) =>
              stored({ id: r.id, read: r.read, addedAt: NOW.getTime() - r.age * 60_000 }),
            ),
          );
          const all = allMentionsNewestFirst(store).filter(
            (m) => read === 'all' || m.read === (read === 'read'),
          );
          expect(firstScreen(previewOf(store), view({ read, sort }))).toEqual(
            all.slice(0, FIRST_SCREEN_ROWS),
          );
        },
      ),
    );
  });

  it('cannot tell a search, a narrower filter or muted shown: the page waits for the store', () => {
    const preview = previewOf(storeOf(stored({ id: 1 }), stored({ id: 2, read: true })));
    for (const change of [
      { query: 'acme' },
      { projectId: 1 },
      { source: 'web' },
      { sentiment: 'negative' as const },
      { from: '2026-11-01' },
      { to: '2026-11-01' },
      { savedOnly: true },
      { showMuted: true },
    ]) {
      expect(firstScreen(preview, view(change))).toBeNull();
    }
    expect(firstScreen(null, DEFAULT_PAGE_FILTER)).toBeNull();
  });

  it('from a preview written before it kept read mentions, only the unread view', () => {
    const preview = { ...previewOf(storeOf(stored({ id: 1 }))), newestRead: null };
    expect(firstScreen(preview, view({ read: 'unread' }))?.map((m) => m.id)).toEqual([1]);
    expect(firstScreen(preview, DEFAULT_PAGE_FILTER)).toBeNull();
    expect(firstScreen(preview, view({ read: 'read' }))).toBeNull();
  });
});
