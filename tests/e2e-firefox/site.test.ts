// "Monitor this site" in Firefox, against the fake service: real pages at real-looking hosts
// (Firefox's `network.dns.localDomains` sends acme.test and initrode.test to loopback, where the
// fake service serves a small site for any host), and the add-on's toolbar button clicked over them
// as a person clicks it, which grants `activeTab` (support/toolbar.ts). The real popup shows the
// site line; the short form is then driven by accessible names in popup.html opened behind the
// site's tab, which reads the same tab state (puppeteer cannot reach the popup's panel: see
// support/toolbar.ts): acme.test's mentions on the site, initrode.test added as a brand with the
// contract's addProject. A local address is refused with its reason. The steps share one browser
// and run in order.
import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMON_FIELDS, lastRequest } from '../e2e/support/options';
import { waitForSiteDetail } from '../e2e/support/site';
import { startFakeService, type FakeService } from '../fake-service/server';
import { byRole, press } from './support/by-name';
import { axeViolations, extensionCalls, listedTitles, waitFor } from './support/extension-calls';
import { launchFirefoxWithExtension, type FirefoxExtensionBrowser } from './support/firefox';
import {
  clickToolbarButton,
  closePopup,
  openBehind,
  popupActiveTab,
  popupSiteLine,
} from './support/toolbar';

const SITES = ['acme.test', 'shop.acme.test', 'initrode.test'];
const ON_SITE_TITLE = 'Acme opens a repair shop on its own site';
const ALL_SOURCES = 'twitter,linkedin,social,youtube,reddit,web,blogs';

let svc: FakeService;
let firefox: FirefoxExtensionBrowser;
let calls: ReturnType<typeof extensionCalls>;

/** http://HOST:PORT/PATH on the fake service, as the browser reaches it. */
function siteUrl(host: string, path = '/'): string {
  return `${svc.url.replace('127.0.0.1', host)}${path}`;
}

async function openTab(url: string): Promise<Page> {
  const tab = await firefox.browser.newPage();
  await tab.goto(url);
  return tab;
}

const valueOf = (page: Page, id: string) =>
  page.$eval(`#${id}`, (el) => (el as HTMLInputElement).value);

beforeAll(async () => {
  svc = await startFakeService({ port: 0 });
  const acme = svc.projects().find((p) => p.name === 'Acme')!;
  svc.addMentions(acme.project_id, 1, {
    title: ON_SITE_TITLE,
    url: siteUrl('shop.acme.test', '/repair'),
  });
  firefox = await launchFirefoxWithExtension(undefined, {
    prefs: { 'network.dns.localDomains': SITES.join(',') },
  });
  calls = extensionCalls(firefox);
  await calls.command('saveConnection', { serviceUrl: svc.url, apiKey: svc.apiKey });
  await calls.waitForPoll();
});
afterAll(async () => {
  await firefox?.close();
  await svc?.close();
});

describe('the popup over a real site in Firefox', () => {
  it('acme.test: the toolbar click lets the popup read the tab; monitored in Acme (seeded), its mentions on the site', async () => {
    const tab = await openTab(siteUrl('acme.test', '/bikes'));
    await clickToolbarButton(firefox, tab);
    expect(await popupActiveTab(firefox)).toEqual({
      url: siteUrl('acme.test', '/bikes'),
      title: 'Acme — cargo e-bikes for the city',
    });
    // The seed watches acme.test twice: "Acme" (brand) and "Acme backlinks".
    const [host, detail] = await popupSiteLine(firefox, 'Monitored in Acme, brand, and 1 more');
    expect(host).toBe('acme.test');
    expect(detail).toMatch(/^Monitored in Acme, brand, and 1 more · \d+ unread$/);
    await closePopup(firefox);

    // "Mentions on this site" keeps the mentions whose page is on acme.test.
    const popup = await openBehind(firefox, 'popup.html');
    try {
      await waitForSiteDetail(popup, 'Monitored in Acme, brand');
      await popup.bringToFront(); // Read the tab already: now in front, as the real popup is.
      await press(popup, 'button', 'Mentions on this site');
      await popup.waitForSelector('.chip[aria-pressed="true"]');
      const hrefs = await waitFor(
        'the site’s mentions',
        () =>
          popup.$$eval('[data-mention-list] a.mention__title', (links) =>
            links.map((a) => (a as HTMLAnchorElement).href),
          ),
        (list) => list.includes(siteUrl('shop.acme.test', '/repair')),
      );
      for (const href of hrefs) expect(new URL(href).hostname).toMatch(/(^|\.)acme\.test$/);
      expect(await listedTitles(popup)).toContain(ON_SITE_TITLE);
      expect(await axeViolations(popup)).toEqual([]);
    } finally {
      await popup.close();
    }
    await tab.close();
  });

  it('initrode.test: added as a brand through the short form; the service gets the contract’s addProject', async () => {
    const tab = await openTab(siteUrl('initrode.test'));
    await clickToolbarButton(firefox, tab);
    expect((await popupSiteLine(firefox, 'Not monitored yet'))[0]).toBe('initrode.test');
    await closePopup(firefox);

    // The same tab state, in a page puppeteer drives: the site's tab in front, activeTab granted.
    const popup = await openBehind(firefox, 'popup.html');
    try {
      await waitForSiteDetail(popup, 'Not monitored yet');
      // The popup reads the tab once, when it opens (lib/mention-view/first-read.ts). Now in
      // front, as the real popup is, so the browser does not throttle it as a background tab.
      await popup.bringToFront();
      await press(popup, 'button', 'Monitor this site');
      await byRole(popup, 'heading', 'Monitor initrode.test');
      await press(popup, 'radio', 'Brand');
      await popup.waitForSelector('#sf-name');
      expect(await valueOf(popup, 'sf-name')).toBe('Initrode — a sample site');
      expect(await valueOf(popup, 'sf-brand_url')).toBe('initrode.test');
      expect(await valueOf(popup, 'sf-brand_name')).toBe('Initrode');
      expect(await axeViolations(popup)).toEqual([]);

      svc.clearLog();
      await press(popup, 'button', 'Add project');
      await waitForSiteDetail(popup, 'Monitored in Initrode — a sample site, brand');
      const request = await lastRequest(svc, 'addProject');
      expect(request.status).toBe(200);
      expect(Object.keys(request.body ?? {}).sort()).toEqual(
        [...COMMON_FIELDS, 'brand_url', 'brand_name'].sort(),
      );
      expect(request.body).toEqual({
        name: 'Initrode — a sample site',
        type: 'brandMonitoring',
        language: 'all',
        source: ALL_SOURCES,
        location: 'all',
        email_notification: '0',
        browser_notification: '1',
        brand_url: 'initrode.test',
        brand_name: 'Initrode',
      });
      // Its first poll started at once: its mentions were asked for right after.
      const added = svc.projects().find((p) => p.name === 'Initrode — a sample site');
      expect(added?.type).toBe('brandMonitoring');
      await waitFor(
        'the new project polled',
        async () =>
          svc.log.some(
            (e) => e.func === 'getMentions' && e.query.project_id === String(added!.project_id),
          ),
        (polled) => polled,
      );
      expect(await axeViolations(popup)).toEqual([]);
    } finally {
      await popup.close();
    }

    // The toolbar button again over the same tab: the real popup says it is monitored.
    await clickToolbarButton(firefox, tab);
    await popupSiteLine(firefox, 'Monitored in Initrode — a sample site, brand');
    await closePopup(firefox);
    await tab.close();
  });

  it('a local address cannot be monitored: the control says why', async () => {
    const tab = await openTab(`${svc.url}/api/`);
    await clickToolbarButton(firefox, tab);
    expect(await popupSiteLine(firefox, 'Only public websites can be monitored.')).toEqual([
      'This page',
      'Only public websites can be monitored.',
    ]);
    await closePopup(firefox);
    await tab.close();
  });
});
