// The page's list for any mentions, filter, mute and saved state, index and zone: exactly the
// mentions a plain reading of the filter admits, in date order (a subsequence of the input) or by
// score, with exclusions never matching, whether the index is ready, partial or stale.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { pageMentionsOfAccounts, pageResults } from '@/lib/mentions-page/page-results';
import type { PageFilter } from '@/lib/mentions-page/page-filter';
import { sentimentOf } from '@/lib/mention-view/mention-text';
import { recordOf } from '@/lib/mentions/mention-record';
import {
  keyOf,
  keyString,
  type MentionStore,
  type StoredMention,
  compareNewestFirst,
} from '@/lib/mentions/store';
import type { SavedMentions } from '@/lib/triage/saved';
import { buildSearchIndex, scoreMention } from '@/lib/search/mention-search';
import { searchedTexts as searchTexts } from '../support/searched-texts';
import { fold, matchesQuery, parseQuery } from '@/lib/search/query';
import { stored, storeOf } from '../support/mention-factory';

/** One account's page mentions, as the page gathers them. */
const pageMentions = (store: MentionStore | null, saved: SavedMentions) =>
  pageMentionsOfAccounts([{ store, saved }]);

type PageContext = Parameters<typeof pageResults>[2];

const HOUR = 3_600_000;
// Around New York's change to summer time (8 March 2026), over a few days on either side.
const START = Date.UTC(2026, 2, 5);
const ZONES = [undefined, 'UTC', 'Asia/Tokyo', 'America/New_York'] as const;
const WORDS = ['acme', 'Acmé', 'bike', 'new', 'Zoë', 'CAFE', 'café', 'recall'];
const words = fc.array(fc.constantFrom(...WORDS), { maxLength: 4 }).map((w) => w.join(' '));

const mentionArbitrary = fc
  .record({
    id: fc.integer({ min: 1, max: 12 }),
    project_id: fc.constantFrom(1, 2, 3),
    source: fc.constantFrom('web', 'reddit', 'twitter'),
    sentiment: fc.integer({ min: -3, max: 3 }),
    read: fc.boolean(),
    addedAt: fc.integer({ min: START, max: START + 7 * 24 * HOUR }),
    title: words,
    snippet: words,
    author: fc.constantFrom('Zoë', 'newsdesk', ''),
    keywords: fc.constantFrom('acme', 'bike', ''),
  })
  .map((fields) => stored(fields));

/** Mentions one per key, newest first, as pageMentions gives them. */
const mentionsArbitrary = fc
  .uniqueArray(mentionArbitrary, { selector: (m) => keyString(keyOf(m)), maxLength: 25 })
  .map((list) => [...list].sort(compareNewestFirst));

const dayText = fc
  .integer({ min: 0, max: 8 })
  .map((n) => new Date(START - 24 * HOUR + n * 24 * HOUR).toISOString().slice(0, 10));

const filterArbitrary: fc.Arbitrary<PageFilter> = fc.record({
  query: fc
    .array(fc.tuple(fc.constantFrom('', '-', '"'), words), { maxLength: 3 })
    .map((parts) => parts.map(([prefix, text]) => prefix + text).join(' ')),
  projectId: fc.option(fc.constantFrom(1, 2, 3)),
  source: fc.option(fc.constantFrom('web', 'reddit')),
  sentiment: fc.option(
    fc.constantFrom('negative' as const, 'neutral' as const, 'positive' as const),
  ),
  from: fc.option(dayText),
  to: fc.option(dayText),
  read: fc.constantFrom('all' as const, 'unread' as const, 'read' as const),
  savedOnly: fc.boolean(),
  showMuted: fc.boolean(),
  sort: fc.constantFrom('date' as const, 'relevance' as const),
});

/** The local day as 'YYYY-MM-DD', read independently of the code under test. */
function dayOf(epochMs: number, zone: string | undefined): string {
  if (zone === undefined) {
    const d = new Date(epochMs);
    const pad = (n: number) => String(n).padStart(2, '0');
    return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
  }
  return new Intl.DateTimeFormat('en-CA', { timeZone: zone }).format(epochMs);
}

interface Case {
  all: StoredMention[];
  filter: PageFilter;
  mutedKeys: Set<string>;
  savedKeys: Set<string>;
  zone: string | undefined;
  /** 'none': still building; 'full'; 'stale': built before some texts changed, missing some. */
  index: 'none' | 'full' | 'stale';
}

const caseArbitrary: fc.Arbitrary<Case> = mentionsArbitrary.chain((all) => {
  const keys = all.map((m) => keyString(keyOf(m)));
  const subset = keys.length === 0 ? fc.constant([]) : fc.subarray(keys);
  return fc.record({
    all: fc.constant(all),
    filter: filterArbitrary,
    mutedKeys: subset.map((k) => new Set(k)),
    savedKeys: subset.map((k) => new Set(k)),
    zone: fc.constantFrom(...ZONES),
    index: fc.constantFrom('none' as const, 'full' as const, 'stale' as const),
  });
});

function contextOf(c: Case): PageContext {
  const stale = c.all
    .filter((_, i) => i % 3 !== 0)
    .map((m, i) => (i % 2 === 0 ? { ...m, title: `${m.title} recall` } : m));
  return {
    // The page asks only about its own mentions, which carry their key.
    isMuted: (m) => c.mutedKeys.has(keyString(keyOf(m as StoredMention))),
    savedKeys: c.savedKeys,
    index: c.index === 'none' ? null : buildSearchIndex(c.index === 'full' ? c.all : stale),
  };
}

/** The filter read plainly, one rule at a time. */
function admits(m: StoredMention, c: Case): boolean {
  const { filter } = c;
  const key = keyString(keyOf(m));
  const day = dayOf(m.addedAt, c.zone);
  return (
    (filter.projectId === null || m.project_id === filter.projectId) &&
    (filter.source === null || m.source === filter.source) &&
    (filter.sentiment === null || sentimentOf(m.sentiment) === filter.sentiment) &&
    (filter.read === 'all' || m.read === (filter.read === 'read')) &&
    (filter.from === null || day >= filter.from) &&
    (filter.to === null || day <= filter.to) &&
    (!filter.savedOnly || c.savedKeys.has(key)) &&
    (filter.showMuted || !c.mutedKeys.has(key)) &&
    matchesQuery(searchTexts(m), parseQuery(filter.query))
  );
}

describe('pageResults, for any case', () => {
  it('shows exactly what the filter admits, in date order or by score', () => {
    fc.assert(
      fc.property(caseArbitrary, (c) => {
        const { shown, query } = pageResults(c.all, c.filter, contextOf(c), c.zone);
        const expected = c.all.filter((m) => admits(m, c));
        if (c.filter.sort === 'date') {
          expect(shown).toEqual(expected);
          return;
        }
        // By score: the same rows, scores never rising, equal scores in date order.
        expect(new Set(shown)).toEqual(new Set(expected));
        expect(shown).toHaveLength(expected.length);
        for (let i = 1; i < shown.length; i++) {
          const [before, after] = [
            scoreMention(shown[i - 1], query),
            scoreMention(shown[i], query),
          ];
          expect(before).toBeGreaterThanOrEqual(after);
          if (before === after) {
            expect(expected.indexOf(shown[i - 1])).toBeLessThan(expected.indexOf(shown[i]));
          }
        }
      }),
      { numRuns: 300 },
    );
  });

  it('never shows a row where an exclusion appears', () => {
    fc.assert(
      fc.property(caseArbitrary, (c) => {
        const { shown, query } = pageResults(c.all, c.filter, contextOf(c), c.zone);
        for (const m of shown) {
          const texts = searchTexts(m).map(fold);
          for (const part of query.excluded) {
            expect(texts.some((text) => text.includes(part))).toBe(false);
          }
        }
      }),
    );
  });

  it('marks as muted exactly the muted rows shown, and only when muted rows are shown', () => {
    fc.assert(
      fc.property(caseArbitrary, (c) => {
        const { shown, muted } = pageResults(c.all, c.filter, contextOf(c), c.zone);
        const expected = shown.map((m) => keyString(keyOf(m))).filter((k) => c.mutedKeys.has(k));
        expect([...muted].sort()).toEqual(expected.sort());
        if (!c.filter.showMuted) expect(muted.size).toBe(0);
      }),
    );
  });

  it('gives the same list whether the index is ready, missing, partial or stale', () => {
    fc.assert(
      fc.property(caseArbitrary, (c) => {
        const results = (index: Case['index']) =>
          pageResults(c.all, c.filter, contextOf({ ...c, index }), c.zone).shown;
        expect(results('none')).toEqual(results('full'));
        expect(results('stale')).toEqual(results('full'));
      }),
    );
  });
});

describe('pageResults, typed a letter at a time', () => {
  it('lists what the filter admits at every keystroke, typing on or deleting', () => {
    const typed = filterArbitrary.map((f) => f.query);
    fc.assert(
      fc.property(caseArbitrary, fc.array(typed, { minLength: 1, maxLength: 3 }), (c, texts) => {
        // One context for the whole typing, as the page keeps it: the last list is reused.
        const ctx = contextOf(c);
        const steps: string[] = [];
        for (const text of texts) {
          for (let i = 0; i <= text.length; i++) steps.push(text.slice(0, i));
          for (let i = text.length; i >= 0; i -= 2) steps.push(text.slice(0, i));
        }
        for (const query of steps) {
          const filter = { ...c.filter, query, sort: 'date' as const };
          const { shown } = pageResults(c.all, filter, ctx, c.zone);
          expect(shown).toEqual(c.all.filter((m) => admits(m, { ...c, filter })));
        }
      }),
      { numRuns: 150 },
    );
  });

  it('lists what the filter admits when another bound changes between keystrokes', () => {
    fc.assert(
      fc.property(caseArbitrary, fc.array(filterArbitrary, { maxLength: 4 }), (c, filters) => {
        const ctx = contextOf(c);
        let query = '';
        for (const next of filters) {
          // The new bounds with the search typed on by one word.
          query = `${query} ${next.query.split(' ')[0] ?? ''}`.trim();
          const filter = { ...next, query, sort: 'date' as const };
          const { shown } = pageResults(c.all, filter, ctx, c.zone);
          expect(shown).toEqual(c.all.filter((m) => admits(m, { ...c, filter })));
        }
      }),
    );
  });
});

describe('pageMentions, for any store and saved list', () => {
  it('lists each key once (the store’s mention first), saved-only copies read, newest first', () => {
    fc.assert(
      fc.property(mentionsArbitrary, mentionsArbitrary, (inStore, savedList) => {
        const store = storeOf(...inStore);
        const saved = {
          items: savedList.map((m, i) => ({ record: recordOf(m), savedAt: i })),
        };
        const all = pageMentions(store, saved);
        const keys = all.map((m) => keyString(keyOf(m)));
        const storeKeys = new Set(inStore.map((m) => keyString(keyOf(m))));
        const savedKeys = savedList.map((m) => keyString(keyOf(m)));
        expect(new Set(keys)).toEqual(new Set([...storeKeys, ...savedKeys]));
        expect(keys).toHaveLength(new Set(keys).size);
        for (let i = 1; i < all.length; i++) {
          expect(compareNewestFirst(all[i - 1], all[i])).toBeLessThanOrEqual(0);
        }
        for (const m of all) {
          if (storeKeys.has(keyString(keyOf(m)))) expect(inStore).toContain(m);
          else expect(m.read).toBe(true);
        }
      }),
    );
  });
});
