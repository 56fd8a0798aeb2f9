// The popup's site line: the tab's site, and the projects that already watch it.

import { describe, expect, it } from 'vitest';
import { activeSiteOf, siteStatus } from '@/lib/site/site-status';
import type { ServiceProject } from '@/lib/projects/types';

// The site line's pure parts: the current tab's site (or why there is none), and whether a
// project watches it.

function project(id: number, name: string, type: string, fields: Record<string, string>) {
  return { project_id: id, name, type, fields } satisfies ServiceProject;
}

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

const PROJECTS = [
  project(1, 'Acme', 'brandMonitoring', { brand_url: 'acme.com', brand_name: 'Acme' }),
  project(2, 'Acme links', 'backlinks', { backlinks_url: 'https://www.acme.com/' }),
  project(3, 'Globex', 'competitiveMonitoring', { competitor_url: 'globex.test' }),
  project(4, 'Acme topics', 'topicMonitoring', { topic_keywords: 'acme.com' }),
  project(5, 'Odd', 'somethingNew', { brand_url: 'acme.com' }),
  project(6, 'Acme shop', 'brandMonitoring', { brand_url: 'shop.acme.com' }),
];

describe('projectsForSite', () => {
  // The site line names the first project that watches the site and counts the others.
  const watching = (host: string) => siteStatus(host, PROJECTS, {});

  it('finds the projects whose website field names the site, exact matches first', () => {
    expect(watching('shop.acme.com')).toEqual({
      kind: 'monitored',
      project: PROJECTS[5],
      type: 'brandMonitoring',
      unread: 0,
      others: 2,
    });
  });

  it('reads a pasted URL in the field, and ignores www. on either side', () => {
    // Acme and Acme links (by name, neither exact); not the keyword field nor the unknown type.
    expect(watching('www.acme.com')).toMatchObject({ project: PROJECTS[0], others: 1 });
  });

  it('knows the competitor field, and ignores keyword fields and unknown types', () => {
    expect(watching('globex.test')).toMatchObject({
      project: PROJECTS[2],
      type: 'competitiveMonitoring',
      others: 0,
    });
    expect(watching('initech.test')).toEqual({ kind: 'not-monitored' });
  });
});
