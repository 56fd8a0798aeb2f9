// The page's filter in its URL: read liberally (nothing in a URL breaks the page), written short and
// in one fixed order, and any filter the page can hold comes back unchanged from its URL.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_PAGE_FILTER,
  filterFromSearch,
  hasFilters,
  linkSearch,
  searchFromFilter,
  type PageFilter,
  type ReadFilter,
} from '@/lib/mentions-page/page-filter';
import { parseDay } from '@/lib/time/local-day';

const FULL: PageFilter = {
  query: 'acme "new bike" -recall',
  projectId: 1201,
  source: 'reddit',
  sentiment: 'negative',
  from: '2026-11-01',
  to: '2026-11-25',
  read: 'unread',
  savedOnly: true,
  showMuted: true,
  sort: 'relevance',
};

describe('searchFromFilter', () => {
  it('is empty for the defaults', () => {
    expect(searchFromFilter(DEFAULT_PAGE_FILTER)).toBe('');
  });

  it('writes only what differs, in a fixed order', () => {
    expect(searchFromFilter(FULL)).toBe(
      '?q=acme+%22new+bike%22+-recall&project=1201&source=reddit&sentiment=negative' +
        '&from=2026-11-01&to=2026-11-25&read=unread&saved=1&muted=1&sort=relevance',
    );
    expect(searchFromFilter({ ...DEFAULT_PAGE_FILTER, read: 'read', projectId: 0 })).toBe(
      '?project=0&read=read',
    );
    expect(searchFromFilter({ ...DEFAULT_PAGE_FILTER, query: 'Café & co' })).toBe(
      '?q=Caf%C3%A9+%26+co',
    );
  });
});

describe('filterFromSearch', () => {
  it('reads every param, with or without the ?', () => {
    const search = searchFromFilter(FULL);
    expect(filterFromSearch(search)).toEqual(FULL);
    expect(filterFromSearch(search.slice(1))).toEqual(FULL);
  });

  it.each(['', '?', '&&', '?q', '?q=', '?unknown=1', '?=x', '#q=acme', '?%zz'])(
    'gives the defaults for %j',
    (search) => {
      expect(filterFromSearch(search)).toEqual(DEFAULT_PAGE_FILTER);
    },
  );

  it.each([
    ['project=-1', { projectId: null }],
    ['project=1.5', { projectId: null }],
    ['project=1e3', { projectId: null }],
    ['project=99999999999999999', { projectId: null }],
    ['project=+7', { projectId: null }],
    ['project=007', { projectId: 7 }],
    ['source=', { source: null }],
    ['sentiment=Positive', { sentiment: null }],
    ['sentiment=mixed', { sentiment: null }],
    ['sentiment=positive', { sentiment: 'positive' }],
    ['from=2026-02-30', { from: null }],
    ['to=yesterday', { to: null }],
    ['from=2026-11-30&to=2026-11-01', { from: '2026-11-30', to: '2026-11-01' }],
    ['read=all', { read: 'all' }],
    ['read=READ', { read: 'all' }],
    ['saved=true', { savedOnly: false }],
    ['muted=0', { showMuted: false }],
    ['sort=date', { sort: 'date' }],
    ['sort=score', { sort: 'date' }],
    ['q=acme+bike', { query: 'acme bike' }],
    ['q=%20%20', { query: '  ' }],
    ['q=a%zzb', { query: 'a%zzb' }],
    ['q=first&q=second', { query: 'first' }],
  ])('reads %s liberally', (search, expected) => {
    expect(filterFromSearch(search)).toEqual({ ...DEFAULT_PAGE_FILTER, ...expected });
  });
});

/** A real day, 'YYYY-MM-DD' (years 1 to 9999). */
const dayArbitrary = fc
  .date({
    min: new Date('0001-01-01T00:00Z'),
    max: new Date('9999-12-31T23:59Z'),
    noInvalidDate: true,
  })
  .map((d) => d.toISOString().slice(0, 10));

/** Every filter the page can hold. */
const filterArbitrary: fc.Arbitrary<PageFilter> = fc.record({
  query: fc.oneof(fc.constant(''), fc.string({ unit: 'binary' }), fc.string()),
  projectId: fc.option(fc.nat()),
  source: fc.option(fc.string({ unit: 'binary', minLength: 1 })),
  sentiment: fc.option(
    fc.constantFrom('negative' as const, 'neutral' as const, 'positive' as const),
  ),
  from: fc.option(dayArbitrary),
  to: fc.option(dayArbitrary),
  read: fc.constantFrom('all' as const, 'unread' as const, 'read' as const),
  savedOnly: fc.boolean(),
  showMuted: fc.boolean(),
  sort: fc.constantFrom('date' as const, 'relevance' as const),
});

/** A URL carries UTF-8: a lone surrogate (no text a person can type) comes back as U+FFFD. */
const wellFormed = (text: string) => text.replace(/\p{Cs}/gu, '\uFFFD');

/** Whether a filter is one filterFromSearch can give. */
function expectValid(filter: PageFilter) {
  expect(Object.keys(filter).sort()).toEqual(Object.keys(DEFAULT_PAGE_FILTER).sort());
  expect(typeof filter.query).toBe('string');
  expect(filter.projectId === null || Number.isSafeInteger(filter.projectId)).toBe(true);
  expect(filter.source === null || filter.source !== '').toBe(true);
  expect([null, 'negative', 'neutral', 'positive']).toContain(filter.sentiment);
  for (const day of [filter.from, filter.to])
    expect(day === null || parseDay(day) !== null).toBe(true);
  expect(['all', 'unread', 'read']).toContain(filter.read);
  expect(typeof filter.savedOnly).toBe('boolean');
  expect(typeof filter.showMuted).toBe('boolean');
  expect(['date', 'relevance']).toContain(filter.sort);
}

describe('the URL round trip', () => {
  it('gives back any filter from its URL', () => {
    fc.assert(
      fc.property(filterArbitrary, (filter) => {
        const back = filterFromSearch(searchFromFilter(filter));
        expect(back).toEqual({
          ...filter,
          query: wellFormed(filter.query),
          source: filter.source === null ? null : wellFormed(filter.source),
        });
      }),
    );
  });

  it('never throws on any string, and always gives a filter the page can hold', () => {
    const piece = fc.oneof(
      fc.string({ unit: 'binary' }),
      fc.constantFrom('?', '&', '=', '%', '+', '#', 'q', 'project', 'from', 'sort', 'saved=1'),
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 12 }), (pieces) => {
        expectValid(filterFromSearch(pieces.join('')));
      }),
    );
  });

  it('reads what it wrote the same way again (the URL of a read URL is stable)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (search) => {
        const filter = filterFromSearch(search);
        const again = searchFromFilter(filter);
        expect(filterFromSearch(again)).toEqual(filter);
        expect(searchFromFilter(filterFromSearch(again))).toBe(again);
      }),
    );
  });

  it('writes the defaults as nothing, and anything else as something', () => {
    fc.assert(
      fc.property(filterArbitrary, (filter) => {
        const isDefault = JSON.stringify(filter) === JSON.stringify(DEFAULT_PAGE_FILTER);
        expect(searchFromFilter(filter) === '').toBe(isDefault);
      }),
    );
  });
});

describe('linkSearch', () => {
  it('is what searchFromFilter writes for the same project and read state', () => {
    fc.assert(
      fc.property(
        fc.option(fc.nat({ max: Number.MAX_SAFE_INTEGER }), { nil: null }),
        fc.constantFrom<ReadFilter>('all', 'unread', 'read'),
        (projectId, read) => {
          expect(linkSearch({ projectId, read })).toBe(
            searchFromFilter({ ...DEFAULT_PAGE_FILTER, projectId, read }),
          );
        },
      ),
    );
    expect(linkSearch({})).toBe('');
    expect(linkSearch({ projectId: 1201, read: 'unread' })).toBe('?project=1201&read=unread');
  });
});

describe('hasFilters', () => {
  it('is false for the defaults, whatever the sort', () => {
    expect(hasFilters(DEFAULT_PAGE_FILTER)).toBe(false);
    expect(hasFilters({ ...DEFAULT_PAGE_FILTER, sort: 'relevance' })).toBe(false);
  });

  it.each<Partial<PageFilter>>([
    { query: 'acme' },
    { query: ' ' },
    { projectId: 0 },
    { source: 'web' },
    { sentiment: 'neutral' },
    { from: '2026-01-01' },
    { to: '2026-01-01' },
    { read: 'unread' },
    { read: 'read' },
    { savedOnly: true },
    { showMuted: true },
  ])('is true with %o', (change) => {
    expect(hasFilters({ ...DEFAULT_PAGE_FILTER, ...change })).toBe(true);
    expect(hasFilters({ ...DEFAULT_PAGE_FILTER, ...change, sort: 'relevance' })).toBe(true);
  });

  it('is true exactly when the URL says more than the sort', () => {
    fc.assert(
      fc.property(filterArbitrary, (filter) => {
        const withoutSort = searchFromFilter({ ...filter, sort: 'date' });
        expect(hasFilters(filter)).toBe(withoutSort !== '');
      }),
    );
  });
});
