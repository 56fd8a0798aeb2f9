// The popup in Firefox against the fake service, by accessible names as in Chromium
// (tests/e2e/popup.test.ts): the badge and the popup count the same unread mentions; opening a
// mention opens its page in a tab and marks it read; a hostile title is text and a javascript: URL
// never opens; "Mark all read" clears the badge and Undo brings it back; after the service expires its tokens (`POST /__control/expire-tokens`) the
// extension logs in again on its next poll, by itself, and keeps polling with no mention lost;
// "Refresh" says what it found.
// popup.html is opened as a tab at the toolbar popup's size (the real popup is no page puppeteer
// can drive: support/toolbar.ts). The steps share one browser and run in order.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeService, type FakeMention, type FakeService } from '../fake-service/server';
import { byRole, press, shows } from './support/by-name';
import {
  axeViolations,
  extensionCalls,
  listedTitles,
  openPopup as openExtensionPopup,
  waitFor,
} from './support/extension-calls';
import { launchFirefoxWithExtension, type FirefoxExtensionBrowser } from './support/firefox';

const POLL_ALARM = 'mention-monitor-poll';
const HOSTILE_TITLE = '<img src=x onerror=alert(1)>';
const UNSAFE_TITLE = 'A mention whose link is a script';

let svc: FakeService;
let firefox: FirefoxExtensionBrowser;
let calls: ReturnType<typeof extensionCalls>;
/** The newest mention: a page the browser can load at once (the fake answers on loopback). */
let opened: FakeMention;

beforeAll(async () => {
  svc = await startFakeService({ port: 0 });
  const acme = svc.projects().find((p) => p.name === 'Acme')!;
  svc.addMentions(acme.project_id, 1, { title: UNSAFE_TITLE, url: 'javascript:alert(1)' });
  svc.addMentions(acme.project_id, 1, { title: HOSTILE_TITLE });
  [opened] = svc.addMentions(acme.project_id, 1, {
    title: 'Acme opens a repair shop',
    url: `${svc.url}/story/repair-shop`,
  });
  firefox = await launchFirefoxWithExtension();
  calls = extensionCalls(firefox);
  await calls.command('saveConnection', { serviceUrl: svc.url, apiKey: svc.apiKey });
  await calls.waitForPoll();
});
afterAll(async () => {
  await firefox?.close();
  await svc?.close();
});

const openPopup = () => openExtensionPopup(firefox);

/** The badge as a number ('' is none), once it reads `expected` when given. */
async function badge(expected?: number): Promise<number> {
  const text = await waitFor(
    `the badge ${expected ?? ''}`,
    () => firefox.badgeText(),
    (text) => /^\d*$/.test(text) && (expected === undefined || text === String(expected || '')),
  );
  return text === '' ? 0 : Number(text);
}

function requests(): string[] {
  return svc.log.map((entry) => `${entry.func}:${entry.status}`);
}

/** Every mention the service holds, as the keys the extension stores them under. */
function heldKeys(): string[] {
  return svc
    .projects()
    .flatMap((p) => svc.mentions(p.project_id))
    .map((m) => `mention:${m.project_id}:${m.id}`);
}

describe('the popup in Firefox', () => {
  it('counts the same unread mentions as the badge, newest first, axe clean', async () => {
    const count = await badge();
    expect(count).toBeGreaterThan(0);
    const popup = await openPopup();
    try {
      await shows(popup, `${count} unread`);
      expect((await listedTitles(popup))[0]).toBe(opened.title);
      expect(await axeViolations(popup)).toEqual([]);
    } finally {
      await popup.close();
    }
  });

  it('opening a mention opens its page in a tab, marks it read and lowers the badge by one', async () => {
    const before = await badge();
    const popup = await openPopup();
    try {
      await press(popup, 'link', `Unread: ${opened.title}`);
    } catch (error) {
      // Opened in front, the popup closes itself (as the toolbar popup does): not a failure.
      if (!popup.isClosed()) throw error;
    }
    await waitFor(
      'the mention’s tab',
      () => firefox.evaluate(async () => (await browser.tabs.query({})).map((t) => t.url)),
      (urls) => urls.includes(opened.url),
    );
    await badge(before - 1);
    if (!popup.isClosed()) await popup.close().catch(() => {});

    // Opened again, the popup's list of unread mentions has it no more.
    const again = await openPopup();
    try {
      await shows(again, `${before - 1} unread`);
      await again.waitForSelector('[data-mention-list] li');
      expect(await listedTitles(again)).not.toContain(opened.title);
    } finally {
      await again.close();
    }
  });

  it('a hostile title is literal text; a javascript: URL is no link and never opens', async () => {
    const before = await badge();
    const tabs = () => firefox.evaluate(async () => (await browser.tabs.query({})).length);
    const popup = await openPopup();
    const tabsBefore = await tabs();
    const dialogs: string[] = [];
    popup.on('dialog', (dialog) => dialogs.push(dialog.message()));
    try {
      expect(await listedTitles(popup)).toContain(HOSTILE_TITLE);
      expect(await popup.$$('[data-mention-list] img')).toHaveLength(0);

      const row = await popup.waitForSelector(`.mention ::-p-text(${UNSAFE_TITLE})`);
      const item = await row!.evaluateHandle((el) => el.closest('.mention')!);
      expect(await item.$$('a')).toHaveLength(0);
      expect(await item.evaluate((el) => el.textContent)).toContain(
        'Not a web link, so it does not open.',
      );
      await row!.click();
      await new Promise((wait) => setTimeout(wait, 300));
      expect(await tabs()).toBe(tabsBefore);
      expect(popup.isClosed()).toBe(false);
      expect(await badge()).toBe(before);
      expect(dialogs).toEqual([]);
    } finally {
      await popup.close();
    }
  });

  it('"Mark all read" clears the badge; Undo brings it back', async () => {
    const before = await badge();
    expect(before).toBeGreaterThan(0);
    const popup = await openPopup();
    try {
      await press(popup, 'button', 'Mark all read');
      await byRole(popup, 'heading', 'You are all caught up');
      await badge(0);
      await press(popup, 'button', 'Undo');
      await popup.waitForSelector('[data-mention-list] li');
      await badge(before);

      await press(popup, 'button', 'Mark all read');
      await byRole(popup, 'heading', 'You are all caught up');
      await badge(0);
      expect(await axeViolations(popup)).toEqual([]);
    } finally {
      await popup.close();
    }
  });

  it('after the service expires its tokens, the next poll logs in again by itself; no mention is lost', async () => {
    const acme = svc.projects().find((p) => p.name === 'Acme')!;
    const expired = await fetch(`${svc.url}/__control/expire-tokens`, { method: 'POST' });
    expect(expired.status).toBe(200);
    const fresh = svc.addMentions(acme.project_id, 2, { author: 'Jane Doe' });
    svc.clearLog();

    // The extension's own poll: its alarm, brought forward to now.
    const since = Date.now();
    await firefox.evaluate((name) => browser.alarms.create(name, { when: Date.now() }), POLL_ALARM);
    await calls.waitForPoll(since);
    // The one rejected call is the first; it is retried once with a fresh token.
    expect(requests().slice(0, 3)).toEqual(['listProjects:401', 'login:200', 'listProjects:200']);
    expect(requests().filter((r) => r.startsWith('login:'))).toHaveLength(1);
    expect(requests().filter((r) => !r.endsWith(':200'))).toEqual(['listProjects:401']);
    await badge(2);

    // Every mention the service holds is stored, the new ones in the popup's list.
    const stored = Object.keys(await firefox.evaluate(() => browser.storage.local.get(null)));
    expect(stored).toEqual(expect.arrayContaining(heldKeys()));
    const popup = await openPopup();
    try {
      await shows(popup, '2 unread');
      expect((await listedTitles(popup)).sort()).toEqual(fresh.map((m) => m.title).sort());
    } finally {
      await popup.close();
    }

    // And it keeps polling: the next poll is scheduled, and runs with the fresh token.
    const status = await calls.session<{ schedule: { nextPollAt: number } }>('syncStatus');
    const alarm = await firefox.evaluate((name) => browser.alarms.get(name), POLL_ALARM);
    expect(alarm?.scheduledTime).toBe(status?.schedule.nextPollAt);
    svc.clearLog();
    const next = Date.now();
    await firefox.evaluate((name) => browser.alarms.create(name, { when: Date.now() }), POLL_ALARM);
    await calls.waitForPoll(next);
    expect(requests().filter((r) => r.startsWith('login:'))).toHaveLength(0);
    expect(requests().every((r) => r.endsWith(':200'))).toBe(true);
  });

  it('"Refresh" polls at once and says what it found', async () => {
    const before = await badge();
    const popup = await openPopup();
    try {
      svc.addMentions(svc.projects()[0].project_id, 2);
      await press(popup, 'button', 'Refresh');
      await shows(popup, '2 new mentions');
      await badge(before + 2);
      // The list takes the new rows from the store a moment after the words say what came.
      await popup.waitForFunction(
        (count) =>
          document.querySelectorAll('[data-mention-list] li .mention__title').length === count,
        {},
        before + 2,
      );
      expect(await listedTitles(popup)).toHaveLength(before + 2);
      expect(await axeViolations(popup)).toEqual([]);
    } finally {
      await popup.close();
    }
  });
});
