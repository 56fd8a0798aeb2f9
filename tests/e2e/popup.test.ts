// The popup in the built extension, in real Chromium, against the fake service over HTTP (issue 4):
// the list matches what the service holds; opening a mention opens the right tab and lowers the
// badge by one; mark all read clears the badge (and Undo brings it back); a javascript: URL never
// opens; a hostile title is text; axe-core finds nothing in any state; with 5,000 stored mentions the
// first paint is one page, from the preview, the store takes over without moving it, and the
// keyboard works. The steps share one browser
// and run in order: each leaves the extension in the state the next one starts from.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startFakeService, type FakeMention, type FakeService } from '../fake-service/server';
import { axeViolations } from './support/axe';
import { launchWithExtension, type ExtensionBrowser } from './support/chromium';
import { ExtensionPage } from './support/extension-page';
import {
  inputThatClosesPopup,
  listedTitles,
  openPopup,
  openPopupTimed,
  storageOfStore,
  storedMentions,
  type PopupTimes,
  unreadAfterFirstSync,
} from './support/popup';

const HOSTILE_TITLE = '<img src=x onerror=alert(1)>';
const UNSAFE_TITLE = 'A mention whose link is a script';

let svc: FakeService;
let browser: ExtensionBrowser;
let ext: ExtensionPage;
/** Dialogs any page opened: a hostile title that ran would show up here. */
const dialogs: string[] = [];
let opened: FakeMention;

beforeAll(async () => {
  svc = await startFakeService({ port: 0 });
  browser = await launchWithExtension();
  browser.context.on('page', (page) => page.on('dialog', (d) => dialogs.push(d.message())));
  ext = await ExtensionPage.open(browser);
  const acme = svc.projects().find((p) => p.name === 'Acme')!;
  svc.addMentions(acme.project_id, 1, { title: UNSAFE_TITLE, url: 'javascript:alert(1)' });
  svc.addMentions(acme.project_id, 1, { title: HOSTILE_TITLE });
  // The newest: a page the browser can load at once (the fake answers on loopback).
  [opened] = svc.addMentions(acme.project_id, 1, {
    title: 'Acme opens a repair shop',
    url: `${svc.url.replace('127.0.0.1', 'news.acme.test')}/story/repair-shop`,
  });
});
afterAll(async () => {
  await browser?.close();
  await svc?.close();
});

async function expectNoAxeViolations(page: Page): Promise<void> {
  expect(await axeViolations(page)).toEqual([]);
}

async function badgeCount(): Promise<number> {
  const text = (await ext.settledBadge()).text;
  return text === '' ? 0 : Number(text);
}

describe('the popup in Chromium', () => {
  it('not set up: says how to connect, with no axe violations', async () => {
    const popup = await openPopup(browser);
    await popup.getByRole('heading', { name: 'Connect Mention Monitor' }).waitFor();
    expect(await popup.getByRole('button', { name: 'Open settings' }).isVisible()).toBe(true);
    await expectNoAxeViolations(popup);
    await popup.close();
  });

  it('lists the unread mentions the service holds, newest first, with no axe violations', async () => {
    const now = Date.now();
    await ext.configure(svc.url, svc.apiKey);
    const expected = unreadAfterFirstSync(svc, now).map((m) => m.title);
    expect(expected.length).toBeGreaterThan(3);
    expect(expected.length).toBeLessThanOrEqual(50);
    const popup = await openPopup(browser);
    // The first page comes from the preview, its rows below the fold a frame after the others: wait
    // for its last row before reading the list.
    await popup
      .locator('[data-mention-list] .mention__title')
      .nth(expected.length - 1)
      .waitFor();
    expect(await listedTitles(popup)).toEqual(expected);
    expect(await badgeCount()).toBe(expected.length);
    expect(await popup.getByText(`${expected.length} unread`, { exact: true }).isVisible()).toBe(
      true,
    );
    await expectNoAxeViolations(popup);
    // The same list in the dark.
    await popup.emulateMedia({ colorScheme: 'dark' });
    await expectNoAxeViolations(popup);
    await popup.close();
  });

  it('a hostile title is literal text; nothing in it runs', async () => {
    const popup = await openPopup(browser);
    const title = popup.locator('[data-mention-list] .mention__title', { hasText: HOSTILE_TITLE });
    expect(await title.count()).toBe(1);
    expect(await popup.locator('[data-mention-list] img').count()).toBe(0);
    expect(dialogs).toEqual([]);
    await popup.close();
  });

  it('a javascript: URL is never a link and never opens', async () => {
    const popup = await openPopup(browser);
    const row = popup.locator('.mention', { hasText: UNSAFE_TITLE });
    expect(await row.locator('a').count()).toBe(0);
    expect(await row.getByText('Not a web link, so it does not open.').isVisible()).toBe(true);
    const pages = browser.context.pages().length;
    const before = await badgeCount();
    await row.locator('.mention__title').click();
    await row.locator('.mention__title').press('Enter');
    await popup.waitForTimeout(300);
    expect(browser.context.pages().length).toBe(pages);
    expect(popup.isClosed()).toBe(false);
    expect(await badgeCount()).toBe(before);
    expect(dialogs).toEqual([]);
    await popup.close();
  });

  it('opening a mention opens its page in a new tab and lowers the badge by one', async () => {
    const before = await badgeCount();
    const popup = await openPopup(browser);
    const link = popup.getByRole('link', { name: `Unread: ${opened.title}` });
    const [tab] = await Promise.all([
      browser.context.waitForEvent('page'),
      inputThatClosesPopup(popup, link.click()),
    ]);
    await tab.waitForURL(new URL(opened.url).href);
    expect(await badgeCount()).toBe(before - 1);
    await tab.close();
    if (!popup.isClosed()) await popup.close();
  });

  it('Ctrl+click opens a mention behind and keeps the popup open', async () => {
    const before = await badgeCount();
    const popup = await openPopup(browser);
    const first = popup.locator('[data-mention-list] a.mention__title').first();
    const href = await first.getAttribute('href');
    const [tab] = await Promise.all([
      browser.context.waitForEvent('page'),
      first.click({ modifiers: ['ControlOrMeta'] }),
    ]);
    await tab.waitForURL((url) => url.href === href || url.protocol === 'chrome-error:');
    expect(popup.isClosed()).toBe(false);
    expect(await badgeCount()).toBe(before - 1);
    await tab.close();
    await popup.close();
  });

  it('mark all read clears the badge; Undo brings it back; caught up has no axe violations', async () => {
    const before = await badgeCount();
    expect(before).toBeGreaterThan(0);
    const popup = await openPopup(browser);
    await popup.getByRole('button', { name: 'Mark all read' }).click();
    await popup.getByRole('heading', { name: 'You are all caught up' }).waitFor();
    expect(await badgeCount()).toBe(0);
    await popup.getByRole('button', { name: 'Undo' }).click();
    await popup.locator('[data-mention-list]').waitFor();
    expect(await badgeCount()).toBe(before);

    await popup.getByRole('button', { name: 'Mark all read' }).click();
    await popup.getByRole('heading', { name: 'You are all caught up' }).waitFor();
    expect(await badgeCount()).toBe(0);
    await expectNoAxeViolations(popup);
    await popup.close();
  });

  it('Refresh shows what it found; a rejected key shows its notice, with no axe violations', async () => {
    const popup = await openPopup(browser);
    svc.addMentions(svc.projects()[0].project_id, 2);
    await popup.getByRole('button', { name: 'Refresh' }).click();
    await popup.getByText('2 new mentions').waitFor();
    expect(await listedTitles(popup)).toHaveLength(2);
    expect(await badgeCount()).toBe(2);

    // A rejected key is a refused login: the session ends and the next login is refused.
    svc.expireTokens();
    svc.setFault('rejectToken', { func: 'login', count: 1000 });
    await popup.keyboard.press('r');
    await popup.getByRole('heading', { name: 'API key rejected' }).waitFor();
    expect(await popup.getByRole('button', { name: 'Check API key' }).isVisible()).toBe(true);
    await expectNoAxeViolations(popup);
    await popup.emulateMedia({ colorScheme: 'dark' });
    await expectNoAxeViolations(popup);
    svc.clearFaults();
    await popup.close();
  });
  it('5,000 stored mentions: one page at first, more on scroll; the keyboard opens one', async () => {
    const ids = svc.projects().map((p) => p.project_id);
    const base = svc.url.replace('127.0.0.1', 'news.acme.test');
    /** Replaces the stored mentions with `count` others and their preview, in one write. */
    const storeMentions = async (count: number) => {
      const entries = await storageOfStore(storedMentions(ids, count, Date.now(), base));
      await ext.page.evaluate(async (entries) => {
        const old = Object.keys(await chrome.storage.local.get(null));
        await chrome.storage.local.remove(old.filter((key) => key.startsWith('mention')));
        await chrome.storage.local.set(entries);
      }, entries);
    };
    // The first paint comes from the preview, whatever the store holds; the store (5,000 records,
    // 2.6 MB here) is read after it. Times are logged, not asserted: wall time on a busy
    // two-core machine is no test. Medians of three openings, each left open until the whole
    // store is in (so no read of it is still under way when the next one opens).
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[1];
    const timed = async (count: number) => {
      await storeMentions(count);
      const runs: PopupTimes[] = [];
      for (let i = 0; i < 3; i++) {
        const { page, times } = await openPopupTimed(browser);
        if (count > 50) await page.locator('.show-more').waitFor();
        runs.push(await times());
        await page.close();
      }
      return {
        firstRow: median(runs.map((r) => r.firstRowMs)),
        wholeStore: median(runs.map((r) => r.wholeStoreMs ?? NaN)),
      };
    };
    // A single row; one full page (what the preview holds at most); 5,000.
    const [one, page, many] = [await timed(1), await timed(50), await timed(5_000)];
    console.log(
      `popup, first row after navigation (median of 3): ${one.firstRow} ms with 1 stored ` +
        `mention, ${page.firstRow} ms with 50, ${many.firstRow} ms with 5,000; with 5,000 the ` +
        `whole store was read and in place after ${many.wholeStore} ms`,
    );

    const { page: popup } = await openPopupTimed(browser);
    const rows = popup.locator('[data-mention-list] li');
    // The first page comes from the preview: the rows on screen in the first frame, the rest next.
    const first = await listedTitles(popup);
    expect(first.length).toBeGreaterThan(0);
    expect(await popup.getByText('5,000 unread', { exact: true }).isVisible()).toBe(true);
    expect(await popup.evaluate(() => document.documentElement.scrollWidth)).toBe(400);
    // Then the whole store, in place: the rows already shown stay put, one page in all, and the
    // next page on offer.
    await popup.locator('.show-more').waitFor();
    expect(await rows.count()).toBe(50);
    expect((await listedTitles(popup)).slice(0, first.length)).toEqual(first);

    // Scrolled on for a few pages, the pages far above hold no rows, only their height.
    const scroller = popup.locator('.scroller');
    const firstRowTop = () =>
      popup.evaluate(
        () => document.querySelector('[data-mention-list] li')!.getBoundingClientRect().top,
      );
    const topBefore = await firstRowTop();
    for (const last of [100, 150, 200]) {
      await scroller.evaluate((el) => el.scrollTo(0, el.scrollHeight));
      await popup.waitForFunction((n) => document.querySelector(`[aria-posinset="${n}"]`), last);
    }
    const firstPage = popup.locator('[data-mention-list] > :first-child');
    await popup.waitForFunction(
      () => !document.querySelector('[data-mention-list] > :first-child li'),
    );
    expect(await firstPage.evaluate((page) => page.getBoundingClientRect().height)).toBeGreaterThan(
      1_000,
    );
    expect(await rows.count()).toBeLessThan(200);
    // Back at the top: the same rows, where they were.
    await scroller.evaluate((el) => el.scrollTo(0, 0));
    await firstPage.locator('li').first().waitFor();
    expect((await listedTitles(popup)).slice(0, first.length)).toEqual(first);
    expect(await firstRowTop()).toBe(topBefore);

    await popup.keyboard.press('j');
    await popup.keyboard.press('j');
    const focused = await popup.evaluate(() => document.activeElement?.textContent ?? '');
    expect(focused).toContain('Stored mention number 2');
    const [tab] = await Promise.all([
      browser.context.waitForEvent('page'),
      inputThatClosesPopup(popup, popup.keyboard.press('Enter')),
    ]);
    await tab.waitForURL(`${base}/mention/2`);
    await tab.close();
    if (!popup.isClosed()) await popup.close();
  });
});
