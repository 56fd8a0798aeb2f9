// The "Mentions on this site" filter in the view model.
import { describe, expect, it } from 'vitest';
import { currentMentions, sourceCounts, unreadInScope } from '@/lib/mention-view/lists';
import {
  DEFAULT_FILTER,
  inScope,
  isNarrowed,
  unreadBySourceIn,
  visibleMentions,
  type PopupFilter,
} from '@/lib/mention-view/view-model';
import { previewOf } from '@/lib/mentions/preview';
import { stored, storeOf } from '../support/mention-factory';

describe('the "Mentions on this site" filter', () => {
  const onSite = stored({ id: 1, title: 'On site', url: 'https://news.acme.com/a', source: 'web' });
  const www = stored({ id: 2, title: 'On www', url: 'https://www.acme.com/b', source: 'blogs' });
  const elsewhere = stored({ id: 3, title: 'Elsewhere', url: 'https://acme.co/c', source: 'web' });
  const read = stored({ id: 4, url: 'https://acme.com/d', read: true, source: 'reddit' });
  const hostile = stored({ id: 5, url: 'javascript:alert(1)//acme.com', source: 'web' });
  const all = [onSite, www, elsewhere, read, hostile];
  const site: PopupFilter = { ...DEFAULT_FILTER, site: 'www.acme.com' };

  it('keeps mentions whose URL is on the site or a subdomain of it, www or not', () => {
    expect(all.filter((m) => inScope(m, site)).map((m) => m.id)).toEqual([1, 2, 4]);
    expect(all.filter((m) => inScope(m, DEFAULT_FILTER))).toHaveLength(5);
  });

  it('narrows the list and combines with the other filters', () => {
    const rules = { revealedAt: Infinity, keep: new Set<string>() };
    expect(visibleMentions(all, site, rules).shown.map((m) => m.id)).toEqual([1, 2]);
    expect(
      visibleMentions(all, { ...site, view: 'all', source: 'web' }, rules).shown.map((m) => m.id),
    ).toEqual([1]);
    expect(isNarrowed(site)).toBe(true);
    expect(isNarrowed({ ...DEFAULT_FILTER, site: null })).toBe(false);
  });

  it('counts unread on the site from the store, and waits for it behind a partial preview', () => {
    const store = storeOf(...all);
    expect(unreadInScope(currentMentions(store, null)!, site)).toBe(2);
    expect(unreadInScope(currentMentions(store, null)!, { ...site, source: 'blogs' })).toBe(1);
    const partial = { ...previewOf(store), newestUnread: [onSite] };
    expect(unreadInScope(currentMentions(null, partial)!, site)).toBeNull();
  });

  it('the source filter counts what is on the site', () => {
    expect(unreadBySourceIn(all, null, 'acme.com')).toEqual({ web: 1, blogs: 1, reddit: 0 });
    expect(sourceCounts(currentMentions(storeOf(...all), null)!, null, 'acme.com')).toEqual({
      web: 1,
      blogs: 1,
      reddit: 0,
    });
  });
});
