// The Firefox build connected to the fake service over real HTTP (issue 7, "Firefox"): saved from an
// extension page, the connection logs in once and the first poll fetches every project; a poll
// asked for reuses the token; the badge counts the unread mentions the extension stored (the last
// week of the service's backlog); the popup lists the newest of them, with no axe violations. The
// steps share one browser and run in order: each starts from the state the previous one left.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PREVIEW_UNREAD } from '../../lib/mentions/preview';
import { parseServiceDate } from '../../lib/time/service-date';
import { startFakeService, type FakeMention, type FakeService } from '../fake-service/server';
import {
  POPUP_SIZE,
  axeViolations,
  extensionCalls,
  listedTitles,
  waitFor,
} from './support/extension-calls';
import { launchFirefoxWithExtension, type FirefoxExtensionBrowser } from './support/firefox';

const WEEK_MS = 7 * 24 * 60 * 60 * 1000;
const POLL_ALARM = 'mention-monitor-poll';

/** The parts of the popup's preview (lib/mentions/preview.ts) checked here. */
interface PreviewView {
  unread: number;
  /** Copies of the first screen's mentions, newest first. */
  newestUnread: { title: string }[];
}

/** The parts of the sync status (lib/sync/status.ts) checked here. */
interface SyncStatusView {
  schedule: { consecutiveFailures: number; nextPollAt: number };
  lastError: unknown;
  projectErrors: Record<string, unknown>;
}

let svc: FakeService;
let firefox: FirefoxExtensionBrowser;
/** Taken just before the connection is saved: the first sync's 7-day rule is read against it. */
let connectedAt: number;

let calls: ReturnType<typeof extensionCalls>;

beforeAll(async () => {
  svc = await startFakeService({ port: 0 });
  firefox = await launchFirefoxWithExtension();
  calls = extensionCalls(firefox);
});
afterAll(async () => {
  await firefox?.close();
  await svc?.close();
});

/**
 * What a first sync at `now` leaves unread: the mentions whose date_added is within the last 7
 * days (read with the extension's own date rule), newest first as the popup orders them.
 */
function unreadAfterFirstSync(now: number): FakeMention[] {
  const at = (m: FakeMention) => parseServiceDate(m.date_added) ?? now;
  return svc
    .projects()
    .flatMap((p) => svc.mentions(p.project_id))
    .filter((m) => at(m) >= now - WEEK_MS)
    .sort((a, b) => at(b) - at(a) || b.id - a.id || b.project_id - a.project_id);
}

function requests(): string[] {
  return svc.log.map((entry) => `${entry.func}:${entry.status}`);
}

function mentionsFetchedFor(): number[] {
  return svc.log
    .filter((entry) => entry.func === 'getMentions')
    .map((entry) => Number(entry.query.project_id))
    .sort((a, b) => a - b);
}

function projectIds(): number[] {
  return svc
    .projects()
    .map((p) => p.project_id)
    .sort((a, b) => a - b);
}

describe('the extension in Firefox, against the fake service', () => {
  it('saving the connection logs in once, and its first poll fetches every project', async () => {
    // Not configured yet: the badge asks for setup.
    await waitFor(
      'the set-up badge',
      () => firefox.badgeText(),
      (text) => text === '?',
    );
    svc.clearLog();
    connectedAt = Date.now();
    const saved = await calls.command('saveConnection', {
      serviceUrl: svc.url,
      apiKey: svc.apiKey,
    });
    expect(saved).toEqual({ projectCount: svc.projects().length });
    await calls.waitForPoll();

    // The check before saving (login, project list), then the poll with that token.
    expect(requests().slice(0, 3)).toEqual(['login:200', 'listProjects:200', 'listProjects:200']);
    expect(requests().filter((r) => r.startsWith('login:'))).toHaveLength(1);
    expect(requests().filter((r) => r.startsWith('listProjects:'))).toHaveLength(2);
    expect(mentionsFetchedFor()).toEqual(projectIds());
    expect(requests().every((r) => r.endsWith(':200'))).toBe(true);
  });

  it('pollNow polls again with the same token: one project list, every project once', async () => {
    svc.clearLog();
    expect(await calls.command('pollNow')).toEqual({ polled: true });
    expect(requests().filter((r) => r.startsWith('login:'))).toHaveLength(0);
    expect(requests().filter((r) => r.startsWith('listProjects:'))).toHaveLength(1);
    expect(mentionsFetchedFor()).toEqual(projectIds());
    expect(requests().every((r) => r.endsWith(':200'))).toBe(true);

    // Recorded as a success, with the next poll on the named alarm.
    const status = await calls.session<SyncStatusView>('syncStatus');
    expect(status?.lastError).toBeNull();
    expect(status?.projectErrors).toEqual({});
    expect(status?.schedule.consecutiveFailures).toBe(0);
    const alarm = await firefox.evaluate((name) => browser.alarms.get(name), POLL_ALARM);
    expect(alarm?.scheduledTime).toBe(status?.schedule.nextPollAt);
  });

  it('the badge counts the unread mentions stored: those of the last week', async () => {
    const expected = unreadAfterFirstSync(connectedAt).length;
    // The seed has older mentions too, so the 7-day rule is really exercised.
    const held = svc.projects().flatMap((p) => svc.mentions(p.project_id)).length;
    expect(expected).toBeGreaterThan(0);
    expect(expected).toBeLessThan(held);

    const preview = await calls.local<PreviewView>('mentionPreview');
    expect(preview?.unread).toBe(expected);
    const badge = await waitFor(
      'the badge',
      () => firefox.badgeText(),
      (text) => text === String(expected),
    );
    expect(badge).toBe(String(preview?.unread));
    const title = await firefox.evaluate(() => browser.action.getTitle({}));
    expect(title).toContain('Last successful check');
  });

  it('the popup lists the newest unread mentions, with no axe violations', async () => {
    const expected = unreadAfterFirstSync(connectedAt).map((m) => m.title);
    // The background's preview holds the first page, the popup paints from it.
    const preview = await calls.local<PreviewView>('mentionPreview');
    const previewTitles = (preview?.newestUnread ?? []).map((record) => record.title);
    expect(previewTitles).toEqual(expected.slice(0, PREVIEW_UNREAD));

    const popup = await firefox.openPage('popup.html');
    try {
      await popup.setViewport(POPUP_SIZE);
      await popup.waitForSelector('main:not([aria-busy]) [data-mention-list] li');
      const shown = await waitFor(
        'the listed titles',
        () => listedTitles(popup),
        (titles) => titles.length >= Math.min(expected.length, 50),
      );
      expect(shown.length).toBeGreaterThan(0);
      expect(shown).toEqual(expected.slice(0, shown.length));
      // The list is the named list of the page, one item per mention.
      const label = await popup.$eval('[data-mention-list]', (list) => ({
        role: list.getAttribute('role'),
        name: list.getAttribute('aria-label'),
      }));
      expect(label.role).toBe('list');
      expect(label.name).toBeTruthy();
      expect(await axeViolations(popup)).toEqual([]);
    } finally {
      await popup.close();
    }
  });

  it('the mentions page (also the sidebar) lists what is stored and a search narrows it, axe clean', async () => {
    const sidebar = await firefox.evaluate(() => browser.runtime.getManifest().sidebar_action);
    // Firefox gives the manifest's paths back as the add-on's URLs.
    expect(sidebar?.default_panel).toMatch(/\/mentions\.html$/);
    const newest = unreadAfterFirstSync(connectedAt)[0];
    const page = await firefox.openPage('mentions.html');
    try {
      await page.waitForSelector('.result .result__title');
      const titles = () =>
        page.$$eval('.result .result__title', (els) => els.map((e) => e.textContent));
      expect(await titles()).toContain(newest.title);
      // A word of the newest title, typed as a person would: the list keeps only what has it.
      const word = newest.title.split(/\s+/).find((w) => w.length > 3) ?? newest.title;
      await page.type('input[type="search"]', word);
      const narrowed = await waitFor(
        'the searched titles',
        titles,
        (list) =>
          list.length > 0 && list.every((t) => t?.toLowerCase().includes(word.toLowerCase())),
      );
      expect(narrowed).toContain(newest.title);
      expect(await page.$$eval('.result mark', (marks) => marks.length)).toBeGreaterThan(0);
      expect(await axeViolations(page)).toEqual([]);
    } finally {
      await page.close();
    }
  });
});
