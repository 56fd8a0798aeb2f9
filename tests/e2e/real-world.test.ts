// Issue 14 in the built extension, in real Chromium, driven through its pages as a person would,
// against a fake service that behaves like the real PHP back end: a project whose reply holds its
// whole history (3,000 records), a key changed while a login for the old key is still under way,
// a service writing UTC−5 wall time to a browser at UTC+9, and a 20-second outage of 503s whose
// words speak of sessions.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeService, type FakeService } from '../fake-service/server';
import { launchWithExtension, type ExtensionBrowser } from './support/chromium';
import { ExtensionPage, POLL_ALARM } from './support/extension-page';
import { resetExtension } from './support/reset-extension';
import { unreadIn } from './support/storage-views';
import { openPopup } from './support/popup';

const SECOND_KEY = 'second-account-key-9876';

let svc: FakeService;
let browser: ExtensionBrowser;
let ext: ExtensionPage;

beforeAll(async () => {
  svc = await startFakeService({ port: 0 });
  browser = await launchWithExtension();
  ext = await ExtensionPage.open(browser);
});
afterAll(async () => {
  await browser?.close();
  await svc?.close();
});
beforeEach(async () => {
  svc.reset();
  await resetExtension(ext, browser.extensionId);
});

/**
 * The options page, connected through its form: address, key, "Save and connect". Done when the
 * settings hold the key and the page says so (a second save shows the same words as the first,
 * hence the wait for the stored key).
 */
async function connectThroughOptions(apiKey: string, page?: Page): Promise<Page> {
  const options = page ?? (await browser.openPage('options.html'));
  await options.getByRole('main').waitFor();
  await options.getByLabel('Service address').fill(svc.url);
  await options.getByLabel('API key', { exact: true }).fill(apiKey);
  await options.getByRole('button', { name: 'Save and connect' }).click();
  const deadline = Date.now() + 15_000;
  while ((await ext.local<{ apiKey?: string }>('settings'))?.apiKey !== apiKey) {
    if (Date.now() > deadline) throw new Error('The connection was not saved');
    await options.waitForTimeout(50);
  }
  await options.getByText(/^Connected: \d+ projects?/).waitFor({ timeout: 15_000 });
  return options;
}

/** "Refresh" in the popup, then the end of the poll it started. */
async function refreshFromPopup(popup: Page): Promise<void> {
  const since = Date.now();
  await popup.getByRole('button', { name: 'Refresh' }).click();
  await ext.waitForPoll(since);
}

describe('a project whose reply holds its whole history', () => {
  it('after "Mark all read" with 3,000 in one reply, the badge stays empty across polls while a new mention counts', async () => {
    const big = svc.projects()[0];
    // Spread over the last two days, so all of them are recent enough to arrive unread.
    svc.addMentions(big.project_id, 3_000, {}, { spacingMs: 60_000 });
    await connectThroughOptions(svc.apiKey);
    await ext.waitForPoll();
    const stored = await ext.store();
    expect(stored.byProject[big.project_id]?.length).toBe(500);

    const popup = await openPopup(browser);
    await popup.getByRole('button', { name: 'Mark all read' }).click();
    await popup.getByRole('heading', { name: 'You are all caught up' }).waitFor();
    expect((await ext.settledBadge()).text).toBe('');
    await ext.clearNotifications();

    for (let poll = 0; poll < 3; poll++) {
      await refreshFromPopup(popup);
      expect((await ext.settledBadge()).text).toBe('');
      expect(unreadIn(await ext.store()).total).toBe(0);
    }
    expect(await ext.notificationIds()).toEqual([]);

    const [fresh] = svc.addMentions(big.project_id, 1);
    await refreshFromPopup(popup);
    expect((await ext.settledBadge()).text).toBe('1');
    const after = await ext.store();
    expect(unreadIn(after).total).toBe(1);
    expect(after.byProject[big.project_id].find((m) => !m.read)?.id).toBe(fresh.id);
    await popup.getByRole('link', { name: `Unread: ${fresh.title}` }).waitFor();
    await popup.close();
  });
});

describe('a key changed while a login for the old key is under way', () => {
  it('shows only the new account, and no call carries the old token', async () => {
    svc.addAccount(SECOND_KEY, { seedData: true });
    const options = await connectThroughOptions(svc.apiKey);
    await ext.waitForPoll();
    const oldProjects = svc.projects().map((p) => p.project_id);
    const newProjects = svc.projects(SECOND_KEY).map((p) => p.project_id);

    // The old account's session ends; its next login hangs on a slow network.
    svc.expireTokens();
    svc.setFault('slow', { func: 'login', count: 1, delayMs: 4_000 });
    const pollWithOldKey = ext.command('pollNow');
    const deadline = Date.now() + 5_000;
    while (!svc.log.some((e) => e.func === 'login' && e.status === 0)) {
      if (Date.now() > deadline) throw new Error('The background never started its login');
      await options.waitForTimeout(25);
    }

    const savedAt = svc.log.length;
    await connectThroughOptions(SECOND_KEY, options);
    await pollWithOldKey;
    // The old login has answered by now; what follows must use the new account's token only.
    await options.waitForTimeout(300);
    const since = Date.now();
    await ext.ok('pollNow');
    await ext.waitForPoll(since);

    const calls = svc.log.slice(savedAt).filter((e) => e.func !== 'login' && e.query.token);
    expect(calls.length).toBeGreaterThan(0);
    for (const call of calls) expect(svc.accountOfToken(call.query.token)).toBe(SECOND_KEY);

    const store = await ext.store();
    const storedProjects = Object.keys(store.byProject).map(Number);
    expect(storedProjects.length).toBeGreaterThan(0);
    for (const id of storedProjects) {
      expect(newProjects).toContain(id);
      expect(oldProjects).not.toContain(id);
    }
    const cached = (await ext.local<{ project_id: number }[]>('projects')) ?? [];
    expect(cached.map((p) => p.project_id).sort()).toEqual([...newProjects].sort());

    // The options page lists the new account's projects (the seed names them alike: by id).
    await options.reload();
    await options
      .getByText(/^Connected|projects?/)
      .first()
      .waitFor();
    const unreadNew = unreadIn(store).total;
    expect((await ext.settledBadge()).text).toBe(unreadNew > 0 ? String(unreadNew) : '');
  });
});

describe('a service that is not on UTC', () => {
  let tokyo: ExtensionBrowser;
  let tokyoExt: ExtensionPage;
  let eastern: FakeService;

  beforeAll(async () => {
    eastern = await startFakeService({ port: 0, utcOffsetMinutes: -5 * 60 });
    tokyo = await launchWithExtension({ timeZone: 'Asia/Tokyo' });
    tokyoExt = await ExtensionPage.open(tokyo);
  });
  afterAll(async () => {
    await tokyo?.close();
    await eastern?.close();
  });

  it('with the service at UTC−5 and the browser at UTC+9, a fresh mention reads as minutes old', async () => {
    const offset = await tokyoExt.page.evaluate(() => new Date().getTimezoneOffset());
    expect(offset).toBe(-9 * 60);
    await resetExtension(tokyoExt, tokyo.extensionId);
    await tokyoExt.configure(eastern.url, eastern.apiKey);

    const project = eastern.projects()[0];
    const [fresh] = eastern.addMentions(project.project_id, 2);
    const since = Date.now();
    await tokyoExt.ok('pollNow');
    await tokyoExt.waitForPoll(since);

    const stored = (await tokyoExt.store()).byProject[project.project_id];
    const record = stored.find((m) => m.id === fresh.id);
    expect(record).toBeDefined();
    // Its instant is within minutes of now, not five (or nine, or fourteen) hours away.
    expect(Math.abs(Date.now() - record!.addedAt)).toBeLessThan(5 * 60_000);

    const popup = await tokyo.context.newPage();
    await popup.setViewportSize({ width: 400, height: 600 });
    await popup.goto(`chrome-extension://${tokyo.extensionId}/popup.html`);
    const row = popup.getByRole('listitem').filter({ hasText: fresh.title }).first();
    await row.waitFor();
    const time = (await row.locator('time').first().textContent())?.trim() ?? '';
    expect(time).toMatch(/just now|\bmin/i);
    expect(time).not.toMatch(/hour|\bh\b|day/i);

    // The options say what was detected, and a zone chosen there moves every age at once: read
    // as UTC+1 instead of UTC−5, the same wall time is six hours earlier.
    const options = await tokyo.openPage('options.html');
    const zone = options.getByLabel('Service time zone');
    await expect
      .poll(() => zone.locator('option:checked').textContent())
      .toBe('Automatic (detected UTC\u22125)');
    await zone.selectOption({ label: 'UTC+1:00' });
    await options.getByText("Saved: the service's times are read as UTC+1.").waitFor();
    await expect
      .poll(async () => (await row.locator('time').first().textContent())?.trim())
      .toMatch(/6 hours ago/);
    await zone.selectOption({ index: 0 });
    await expect
      .poll(async () => (await row.locator('time').first().textContent())?.trim())
      .toMatch(/just now|\bmin/i);
    await options.close();
    await popup.close();
  });
});

describe('a short outage', () => {
  it('after a 20-second outage of 503s about the session, polling resumes by itself', async () => {
    await connectThroughOptions(svc.apiKey);
    await ext.waitForPoll();
    const healthy = await ext.settledBadge();
    expect(healthy.text).toMatch(/^\d+$/);
    expect(unreadIn(await ext.store()).total).toBe(Number(healthy.text));

    const outageEnds = Date.now() + 20_000;
    svc.setFault('unavailable', { forMs: 20_000 });
    for (let failures = 1; failures <= 3; failures++) {
      expect(await ext.ok('pollNow')).toEqual({ polled: false });
      const status = await ext.status();
      expect(status.keyRejected).toBe(false);
      expect(status.lastError?.kind).toBe('server');
      // The next attempt is always on the alarm: nothing waits for the user.
      const alarm = await ext.alarm();
      expect(alarm).toBeDefined();
      expect(alarm!.scheduledTime).toBeGreaterThan(Date.now());
    }
    expect((await ext.settledBadge()).text).toBe('×');
    expect(unreadIn(await ext.store()).total).toBe(Number(healthy.text));

    await ext.page.waitForTimeout(Math.max(0, outageEnds - Date.now() + 250));
    // The alarm fires early (alarms are the extension's own; its page can move it): the poll it
    // starts must find the service back and clear the attention.
    const since = Date.now();
    await ext.page.evaluate(
      (name) => chrome.alarms.create(name, { when: Date.now() + 50 }),
      POLL_ALARM,
    );
    const status = await ext.waitForPoll(since);
    expect(status.lastError).toBeNull();
    expect(status.schedule.consecutiveFailures).toBe(0);
    expect((await ext.settledBadge()).text).toBe(healthy.text);
    expect(await ext.alarm()).toBeDefined();
  });
});
