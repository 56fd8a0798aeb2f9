// The page's list, case by case: what pageMentions gathers, and each filter, the muted rows, the
// date range in named zones and in the zone the tests run in, and the two sorts; and its first
// screen from the preview: the top of the view the store will show, whenever the preview can tell
// it, and nothing (wait for the store) when it cannot.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  firstScreen,
  narrows,
  pageMentionsOfAccounts,
  pageResults,
} from '@/lib/mentions-page/page-results';
import { DEFAULT_PAGE_FILTER, type PageFilter } from '@/lib/mentions-page/page-filter';
import { recordOf } from '@/lib/mentions/mention-record';
import { previewOf } from '@/lib/mentions/preview';
import { allMentionsNewestFirst } from '@/lib/mentions/store';
import { keyOf, keyString, type MentionStore, type StoredMention } from '@/lib/mentions/store';
import { buildSearchIndex } from '@/lib/search/mention-search';
import { parseQuery } from '@/lib/search/query';
import { muteMatcher } from '@/lib/triage/mute';
import type { SavedMentions } from '@/lib/triage/saved';
import { deepFreeze, NOW, stored, storeOf } from '../support/mention-factory';

/** One account's page mentions, as the page gathers them. */
const pageMentions = (store: MentionStore | null, saved: SavedMentions) =>
  pageMentionsOfAccounts([{ store, saved }]);

type PageContext = Parameters<typeof pageResults>[2];

const HOUR = 3_600_000;
const t0 = NOW.getTime();
const ids = (list: readonly StoredMention[]) => list.map((m) => m.id);
const savedOf = (...mentions: StoredMention[]): SavedMentions => ({
  items: mentions.map((m, i) => ({ record: recordOf(m), savedAt: t0 - i })),
});

describe('pageMentions', () => {
  const a = stored({ id: 1, project_id: 1, addedAt: t0 - 1 * HOUR });
  const b = stored({ id: 2, project_id: 2, addedAt: t0 - 2 * HOUR, read: false });
  const c = stored({ id: 3, project_id: 1, addedAt: t0 - 3 * HOUR });
  const gone = stored({ id: 9, project_id: 2, addedAt: t0 - 90 * HOUR, read: false });
  const store = deepFreeze(storeOf(a, b, c));

  it('lists the store and the saved copies it no longer has (as read), newest first', () => {
    const saved = deepFreeze(savedOf({ ...b, title: 'older copy' }, gone));
    const all = pageMentions(store, saved);
    expect(all.map((m) => keyString(keyOf(m)))).toEqual(['1:1', '2:2', '1:3', '2:9']);
    // The store's mention wins over a saved copy: its read state and texts as they are now.
    expect(all[1]).toBe(b);
    expect(all[3]).toEqual({ ...recordOf(gone), read: true });
  });

  it('gives the same object for a saved copy each time (memos on it hold)', () => {
    const saved = savedOf(gone);
    expect(pageMentions(null, saved)[0]).toBe(pageMentions(store, saved)[3]);
  });

  it('lists the saved alone before the store is read, and nothing when there is neither', () => {
    expect(ids(pageMentions(null, savedOf(gone, c)))).toEqual([3, 9]);
    expect(pageMentions(null, { items: [] })).toEqual([]);
  });
});

const NONE: PageContext = { isMuted: () => false, savedKeys: new Set(), index: null };
const filter = (change: Partial<PageFilter>): PageFilter => ({ ...DEFAULT_PAGE_FILTER, ...change });

describe('pageResults filters', () => {
  const all = deepFreeze([
    stored({ id: 1, project_id: 1, source: 'web', sentiment: 3, read: true, addedAt: t0 }),
    stored({ id: 2, project_id: 2, source: 'reddit', sentiment: -1, addedAt: t0 - HOUR }),
    stored({ id: 3, project_id: 1, source: 'reddit', sentiment: 0, addedAt: t0 - 2 * HOUR }),
    stored({ id: 4, project_id: 2, source: 'web', sentiment: Number.NaN, addedAt: t0 - 3 * HOUR }),
  ]);

  it.each<[Partial<PageFilter>, number[]]>([
    [{}, [1, 2, 3, 4]],
    [{ projectId: 1 }, [1, 3]],
    [{ projectId: 3 }, []],
    [{ source: 'reddit' }, [2, 3]],
    [{ sentiment: 'positive' }, [1]],
    [{ sentiment: 'negative' }, [2]],
    [{ sentiment: 'neutral' }, [3, 4]], // NaN reads as neutral
    [{ read: 'read' }, [1]],
    [{ read: 'unread' }, [2, 3, 4]],
    [{ projectId: 2, source: 'web', read: 'unread' }, [4]],
  ])('%o shows %j', (change, expected) => {
    expect(ids(pageResults(all, filter(change), NONE).shown)).toEqual(expected);
  });

  it('shows only the saved with savedOnly', () => {
    const ctx = { ...NONE, savedKeys: new Set(['2:2', '1:4']) };
    expect(ids(pageResults(all, filter({ savedOnly: true }), ctx).shown)).toEqual([2]);
  });

  it('hides the muted, or shows them marked', () => {
    const ctx = { ...NONE, isMuted: (m: { project_id: number }) => m.project_id === 2 };
    const hidden = pageResults(all, DEFAULT_PAGE_FILTER, ctx);
    expect(ids(hidden.shown)).toEqual([1, 3]);
    expect(hidden.muted.size).toBe(0);
    const shown = pageResults(all, filter({ showMuted: true }), ctx);
    expect(ids(shown.shown)).toEqual([1, 2, 3, 4]);
    expect([...shown.muted]).toEqual(['2:2', '2:4']);
  });

  it('asks the mute rules once per mention while they stay the same', () => {
    let asked = 0;
    const ctx = { ...NONE, isMuted: () => (asked++, false) };
    pageResults(all, DEFAULT_PAGE_FILTER, ctx);
    pageResults(all, filter({ query: 'mention' }), ctx);
    expect(asked).toBe(all.length);
    const rules = muteMatcher([
      { id: 'r1', kind: 'site', value: 'example.com', projectId: 1, createdAt: 0 },
    ]);
    expect(ids(pageResults(all, DEFAULT_PAGE_FILTER, { ...NONE, isMuted: rules }).shown)).toEqual([
      2, 4,
    ]);
  });
});

describe('pageResults date range', () => {
  // 20:00 UTC on the 24th is the 25th in Tokyo, the 24th in New York and in UTC.
  const late = stored({ id: 1, addedAt: Date.UTC(2026, 10, 24, 20) });
  const early = stored({ id: 2, addedAt: Date.UTC(2026, 10, 24, 2) }); // the 23rd in New York
  const odd = stored({ id: 3, addedAt: Number.NaN });
  const all = [late, early, odd];
  const on = (day: string, zone?: string) =>
    ids(pageResults(all, filter({ from: day, to: day }), NONE, zone).shown);

  it.each([
    ['UTC', '2026-11-24', [1, 2]],
    ['Asia/Tokyo', '2026-11-25', [1]],
    ['Asia/Tokyo', '2026-11-24', [2]],
    ['America/New_York', '2026-11-24', [1]],
    ['America/New_York', '2026-11-23', [2]],
  ])('in %s, %s holds %j', (zone, day, expected) => {
    expect(on(day, zone)).toEqual(expected);
  });

  it('reads the browser’s zone by default (the day a Date shows)', () => {
    const dayOf = (t: number) => {
      const d = new Date(t);
      const pad = (n: number) => String(n).padStart(2, '0');
      return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
    };
    expect(on(dayOf(late.addedAt))).toContain(1);
    expect(on(dayOf(early.addedAt))).toContain(2);
    expect(on(dayOf(late.addedAt + 24 * HOUR))).toEqual([]);
  });

  it('takes each bound alone, inclusive, and shows nothing for a range the wrong way round', () => {
    const zone = 'UTC';
    const run = (change: Partial<PageFilter>) =>
      ids(pageResults(all, filter(change), NONE, zone).shown);
    expect(run({ from: '2026-11-24' })).toEqual([1, 2]);
    expect(run({ from: '2026-11-25' })).toEqual([]);
    expect(run({ to: '2026-11-24' })).toEqual([1, 2]);
    expect(run({ to: '2026-11-23' })).toEqual([]);
    expect(run({ from: '2026-11-25', to: '2026-11-23' })).toEqual([]);
    // A mention of unreadable time has no day: out of any range, in when there is none.
    expect(run({})).toEqual([1, 2, 3]);
    // A malformed bound (no URL gives one) bounds nothing.
    expect(run({ from: 'soon' })).toEqual([1, 2, 3]);
  });
});

describe('pageResults search and sort', () => {
  const inBody = stored({ id: 1, title: 'Weekly roundup', snippet: 'the acme bike', addedAt: t0 });
  const inTitle = stored({ id: 2, title: 'Acme bike review', snippet: '', addedAt: t0 - HOUR });
  const none = stored({
    id: 3,
    title: 'Other news',
    snippet: 'nothing',
    keywords: '',
    addedAt: t0 - 2 * HOUR,
  });
  const alsoTitle = stored({
    id: 4,
    title: 'Acme bike recall',
    snippet: '',
    addedAt: t0 - 3 * HOUR,
  });
  const all = [inBody, inTitle, none, alsoTitle];
  const index = buildSearchIndex(all);

  it('narrows by the query, parsed for highlighting, with or without an index', () => {
    for (const ctx of [NONE, { ...NONE, index }]) {
      const results = pageResults(all, filter({ query: 'acme -recall' }), ctx);
      expect(ids(results.shown)).toEqual([1, 2]);
      expect(results.query).toEqual({ terms: ['acme'], phrases: [], excluded: ['recall'] });
    }
  });

  it('ranks by relevance when asked, ties newest first; by date otherwise', () => {
    const ctx = { ...NONE, index };
    expect(ids(pageResults(all, filter({ query: 'acme', sort: 'relevance' }), ctx).shown)).toEqual([
      2, 4, 1,
    ]);
    expect(ids(pageResults(all, filter({ query: 'acme' }), ctx).shown)).toEqual([1, 2, 4]);
    // No query, or only exclusions: relevance is date order.
    expect(ids(pageResults(all, filter({ sort: 'relevance' }), ctx).shown)).toEqual([1, 2, 3, 4]);
    const excluding = filter({ query: '-recall', sort: 'relevance' });
    expect(ids(pageResults(all, excluding, ctx).shown)).toEqual([1, 2, 3]);
  });
});

describe('narrows', () => {
  const narrowing = (before: string, next: string) => narrows(parseQuery(before), parseQuery(next));

  it('holds where the new search can only find fewer: longer words, more words, shorter exclusions', () => {
    expect(narrowing('', 'r')).toBe(true);
    expect(narrowing('ro', 'roa')).toBe(true);
    expect(narrowing('bike', 'acme bike')).toBe(true);
    expect(narrowing('bike', 'e-bike')).toBe(true);
    expect(narrowing('"cargo bike"', '"cargo biker" acme')).toBe(true);
    expect(narrowing('cargo', '"cargo bike"')).toBe(true);
    expect(narrowing('battery -acme', 'battery -ac')).toBe(true);
    expect(narrowing('battery', 'battery -')).toBe(true);
  });

  it('fails where the new search may find what the last did not', () => {
    expect(narrowing('roa', 'ro')).toBe(false);
    expect(narrowing('acme bike', 'acme')).toBe(false);
    expect(narrowing('battery -a', 'battery -ac')).toBe(false);
    expect(narrowing('-acme', '')).toBe(false);
    expect(narrowing('"cargo bike"', 'cargo')).toBe(false);
  });

  it('reuses the last list only as far as it holds: typing on, then deleting', () => {
    const texts = {
      snippet: '',
      text_summary: '',
      author: 'desk',
      keywords: '',
      url: 'https://x.io/',
    };
    const all = [
      stored({ id: 1, ...texts, title: 'Acme sale', addedAt: t0 }),
      stored({ id: 2, ...texts, title: 'Acme bike', addedAt: t0 - HOUR }),
      stored({ id: 3, ...texts, title: 'Acme bike recall', addedAt: t0 - 2 * HOUR }),
      stored({ id: 4, ...texts, title: 'Globex', addedAt: t0 - 3 * HOUR }),
    ];
    const shown = (query: string) => ids(pageResults(all, filter({ query }), NONE).shown);
    expect(shown('acme')).toEqual([1, 2, 3]);
    // Every acme has an e: nothing; "ex" is in none of them: all of them again.
    expect(shown('acme -e')).toEqual([]);
    expect(shown('acme -ex')).toEqual([1, 2, 3]);
    expect(shown('acme -exa')).toEqual([1, 2, 3]);
    expect(shown('acme bike -exa')).toEqual([2, 3]);
    expect(shown('acme')).toEqual([1, 2, 3]);
    expect(shown('')).toEqual([1, 2, 3, 4]);
  });
});

const view = (change: Partial<PageFilter>): PageFilter => ({ ...DEFAULT_PAGE_FILTER, ...change });

/** How many rows the first screen shows: what fills a full-height tab. */
const FIRST_SCREEN_ROWS = 10;

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
