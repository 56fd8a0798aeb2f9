// The site line's pure parts: the current tab's site (or why there is none), whether a project
// watches it, the "Mentions on this site" filter in the view model, and the short form's state.
import { describe, expect, it } from 'vitest';
import {
  mentionsOfPreview,
  mentionsOfStore,
  sourceCounts,
  unreadInScope,
} from '@/lib/mention-view/first-paint';
import {
  changeSiteFormType,
  checkSiteForm,
  newSiteForm,
  optionsSummary,
  siteFormFields,
} from '@/lib/projects/form-state';
import { activeSiteOf, siteStatus } from '@/lib/site/site-status';
import {
  DEFAULT_FILTER,
  inScope,
  isNarrowed,
  unreadBySourceIn,
  visibleMentions,
  type PopupFilter,
} from '@/lib/mention-view/view-model';
import { previewOf } from '@/lib/mentions/preview';
import type { ServiceProject } from '@/lib/projects/types';
import { stored, storeOf } from '../mentions/mention-factory';

describe('activeSiteOf', () => {
  it.each([
    ['https://www.Acme.com/pricing?x=1', { kind: 'site', host: 'www.acme.com', title: 'T' }],
    ['http://acme.test:8080/', { kind: 'site', host: 'acme.test', title: 'T' }],
    ['https://bücher.de/', { kind: 'site', host: 'xn--bcher-kva.de', title: 'T' }],
    ['chrome://extensions/', { kind: 'unavailable', reason: 'browser-page' }],
    ['about:blank', { kind: 'unavailable', reason: 'browser-page' }],
    ['chrome-extension://abcdef/popup.html', { kind: 'unavailable', reason: 'extension-page' }],
    ['moz-extension://abcdef/popup.html', { kind: 'unavailable', reason: 'extension-page' }],
    ['file:///home/me/report.pdf', { kind: 'unavailable', reason: 'file' }],
    ['http://localhost:3000/', { kind: 'unavailable', reason: 'not-a-website' }],
    ['http://192.168.1.20/admin', { kind: 'unavailable', reason: 'not-a-website' }],
    ['not a url', { kind: 'unavailable', reason: 'no-url' }],
    ['', { kind: 'unavailable', reason: 'browser-page' }],
  ])('%s', (url, expected) => {
    expect(activeSiteOf({ url, title: 'T' })).toEqual(expected);
  });

  it('no tab: no address; a tab whose address the browser hides: one of its own pages', () => {
    expect(activeSiteOf(null)).toEqual({ kind: 'unavailable', reason: 'no-url' });
    expect(activeSiteOf(undefined)).toEqual({ kind: 'unavailable', reason: 'no-url' });
    // chrome://settings, the new tab page, the web store: activeTab shows neither url nor title.
    expect(activeSiteOf({})).toEqual({ kind: 'unavailable', reason: 'browser-page' });
  });

  it('a tab still loading its first page: its pending address', () => {
    expect(activeSiteOf({ url: '', pendingUrl: 'https://acme.com/' })).toEqual({
      kind: 'site',
      host: 'acme.com',
      title: '',
    });
  });
});

function project(id: number, name: string, type: string, fields: Record<string, string>) {
  return { project_id: id, name, type, fields } satisfies ServiceProject;
}

describe('siteStatus', () => {
  const PROJECTS = [
    project(1, 'Acme', 'brandMonitoring', { brand_url: 'acme.com' }),
    project(2, 'Acme links', 'backlinks', { backlinks_url: 'https://www.acme.com/' }),
    project(3, 'Globex', 'competitiveMonitoring', { competitor_url: 'globex.com' }),
    project(4, 'Topics', 'topicMonitoring', { topic_keywords: 'initrode.com' }),
  ];

  it('unknown until the projects are read', () => {
    expect(siteStatus('acme.com', null, {})).toEqual({ kind: 'unknown' });
  });

  it('names the first project that watches the site, its unread count and how many more', () => {
    expect(siteStatus('www.acme.com', PROJECTS, { 1: 4, 2: 1 })).toEqual({
      kind: 'monitored',
      project: PROJECTS[0],
      type: 'brandMonitoring',
      unread: 4,
      others: 1,
    });
    expect(siteStatus('shop.globex.com', PROJECTS, {})).toMatchObject({
      kind: 'monitored',
      type: 'competitiveMonitoring',
      unread: 0,
      others: 0,
    });
  });

  it('a keyword that happens to be the domain does not count', () => {
    expect(siteStatus('initrode.com', PROJECTS, {})).toEqual({ kind: 'not-monitored' });
    expect(siteStatus('acme.co', PROJECTS, {})).toEqual({ kind: 'not-monitored' });
  });
});

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
    expect(unreadInScope(mentionsOfStore(store), site)).toBe(2);
    expect(unreadInScope(mentionsOfStore(store), { ...site, source: 'blogs' })).toBe(1);
    const partial = { ...previewOf(store), newestUnread: [onSite] };
    expect(unreadInScope(mentionsOfPreview(partial), site)).toBeNull();
  });

  it('the source filter counts what is on the site', () => {
    expect(unreadBySourceIn(all, null, 'acme.com')).toEqual({ web: 1, blogs: 1, reddit: 0 });
    expect(sourceCounts(mentionsOfStore(storeOf(...all)), null, 'acme.com')).toEqual({
      web: 1,
      blogs: 1,
      reddit: 0,
    });
  });
});

describe('the short form', () => {
  it('starts from the prefill: title as name, the site in the website field, its name as keyword', () => {
    const form = newSiteForm('brandMonitoring', 'www.initrode.com', 'Initrode | Home');
    expect(form).toEqual({
      name: 'Initrode | Home',
      type: 'brandMonitoring',
      language: 'all',
      source: ['twitter', 'linkedin', 'social', 'youtube', 'reddit', 'web', 'blogs'],
      location: 'all',
      email_notification: 0,
      browser_notification: 1,
      fields: { brand_url: 'www.initrode.com', brand_name: 'Initrode' },
    });
    expect(siteFormFields('brandMonitoring').slice(0, 3)).toEqual([
      'name',
      'brand_url',
      'brand_name',
    ]);
    expect(siteFormFields('backlinks').slice(0, 2)).toEqual(['name', 'backlinks_url']);
  });

  it('changing the type keeps what was typed and fills the new type’s website and keyword', () => {
    const brand = newSiteForm('brandMonitoring', 'initrode.com', 'Initrode');
    const edited = { ...brand, name: 'My name', fields: { ...brand.fields, brand_name: 'Ini' } };
    const backlinks = changeSiteFormType(edited, 'backlinks', 'initrode.com');
    expect(backlinks.name).toBe('My name');
    expect(backlinks.fields.backlinks_url).toBe('initrode.com');
    const competitor = changeSiteFormType(backlinks, 'competitiveMonitoring', 'initrode.com');
    expect(competitor.fields.competitor_url).toBe('initrode.com');
    expect(competitor.fields.competitior_name).toBe('Initrode');
    // Back to brand: the edited keyword is still there.
    expect(
      changeSiteFormType(competitor, 'brandMonitoring', 'initrode.com').fields.brand_name,
    ).toBe('Ini');
  });

  it('checks with the options form’s rules and points at the first shown field to fix', () => {
    const form = newSiteForm('backlinks', 'initrode.com', '');
    expect(checkSiteForm(form, 'backlinks')).toMatchObject({
      ok: true,
      input: { name: 'initrode.com', fields: { backlinks_url: 'initrode.com' } },
    });
    const broken = { ...form, name: ' ', source: [], fields: { backlinks_url: 'not a domain' } };
    const check = checkSiteForm(broken, 'backlinks');
    expect(check.ok).toBe(false);
    if (check.ok) return;
    expect(check.first).toBe('name');
    expect(check.count).toBe(3);
    expect(Object.keys(check.errors).sort()).toEqual(['backlinks_url', 'name', 'source']);
  });

  it('sums the defaults up in one line', () => {
    const form = newSiteForm('backlinks', 'initrode.com', '');
    expect(optionsSummary(form)).toBe(
      'all sources · languages: all · locations: all · browser notifications',
    );
    expect(
      optionsSummary({
        ...form,
        source: ['web'],
        language: 'en, de',
        email_notification: 1,
        browser_notification: 0,
      }),
    ).toBe('1 source · languages: en, de · locations: all · email notifications');
    expect(optionsSummary({ ...form, email_notification: 1, source: ['web', 'blogs'] })).toBe(
      '2 sources · languages: all · locations: all · browser and email notifications',
    );
  });
});
