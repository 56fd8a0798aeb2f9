// The mentions page's account filter in its URL: `account=<id>`, before the project; absent (not
// null) when none, so a page of one account keeps the URLs and filters it always had.
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_PAGE_FILTER,
  filterFromSearch,
  hasFilters,
  linkSearch,
  searchFromFilter,
} from '@/lib/mentions-page/page-filter';

describe('the account in the URL', () => {
  it('round-trips, before the project', () => {
    const filter = { ...DEFAULT_PAGE_FILTER, account: '3', projectId: 7 };
    expect(searchFromFilter(filter)).toBe('?account=3&project=7');
    expect(filterFromSearch('?account=3&project=7')).toEqual(filter);
    expect(hasFilters({ ...DEFAULT_PAGE_FILTER, account: '3' })).toBe(true);
  });

  it('is left out when it names no account', () => {
    for (const search of ['?account=', '?account=0', '?account=x', '?account=1234567']) {
      expect(filterFromSearch(search)).not.toHaveProperty('account');
    }
  });

  it('goes in a link from the popup', () => {
    expect(linkSearch({ account: '2', projectId: 1 })).toBe('?account=2&project=1');
    expect(linkSearch({ projectId: 1 })).toBe('?project=1');
  });
});
