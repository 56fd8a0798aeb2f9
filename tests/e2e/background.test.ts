// The background in the built extension, in real Chromium, against the fake service over real
// HTTP (issue 3, "End to end"): configure and see the badge count; expire the token and see one
// re-login; faults on and off with the stored mentions kept and the badge recovering; the service
// worker stopped between steps; new mentions and their notifications; a rejected key; and the
// figures of a scripted session (polls, logins, requests, bytes written).
import { afterAll, beforeAll, beforeEach, describe, expect, it, onTestFinished } from 'vitest';
import { parseServiceDate } from '../../lib/mentions/service-date';
import { isStoreKey } from '../../lib/mentions/shard-keys';
import { startFakeService, type FakeProject, type FakeService } from '../fake-service/server';
import { launchWithExtension, type ExtensionBrowser } from './support/chromium';
import {
  ExtensionPage,
  mentionTotal,
  POLL_ALARM,
  unreadIn,
  type Badge,
  type MentionStoreView,
} from './support/extension-page';
import { recordStorageWrites, stopServiceWorker, takeStorageWrites } from './support/worker';

const WEEK_MS = 7 * 24 * 60 * 60 * 1000;
const MINUTE_MS = 60_000;

// One browser for the file (a launch costs seconds on these machines); each test starts from a
// freshly reset extension and a freshly seeded service.
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
  await ext.resetExtension(browser.extensionId);
});

async function configure(): Promise<void> {
  await ext.configure(svc.url, svc.apiKey);
}

/**
 * What the badge should count after a first sync at `now`: every mention the service holds, less
 * those whose date_added is more than 7 days old (read with the extension's own date rule).
 */
function expectedUnreadAfterFirstSync(now: number): Map<number, number> {
  const unread = new Map<number, number>();
  for (const project of svc.projects()) {
    const recent = svc
      .mentions(project.project_id)
      .filter((m) => (parseServiceDate(m.date_added) ?? now) >= now - WEEK_MS);
    unread.set(project.project_id, recent.length);
  }
  return unread;
}

function sum(values: Iterable<number>): number {
  let total = 0;
  for (const value of values) total += value;
  return total;
}

function projectNamed(name: string): FakeProject {
  const project = svc.projects().find((p) => p.name === name);
  if (!project) throw new Error(`The seed has no project ${name}`);
  return project;
}

function requests(): string[] {
  return svc.log.map((entry) => `${entry.func}:${entry.status}`);
}

function count(func: string): number {
  return svc.log.filter((entry) => entry.func === func).length;
}

async function badgeCount(): Promise<number> {
  const { text } = await ext.settledBadge();
  expect(text).toMatch(/^\d+$/);
  return Number(text);
}

function firstUnread(store: MentionStoreView) {
  const mention = Object.values(store.byProject)
    .flat()
    .find((m) => !m.read);
  if (!mention) throw new Error('No unread mention in the store');
  return mention;
}

/** A badge with the tooltip's time of the last successful check left out. */
function withoutCheckTime(badge: Badge): Badge {
  return {
    ...badge,
    title: badge.title.replace(/^Last successful check: .*$/m, 'Last successful check'),
  };
}

describe('the background in Chromium, against the fake service', () => {
  it('configured, the badge counts the unread mentions (the last week of the backlog) and the tooltip names projects', async () => {
    expect((await ext.settledBadge()).text).toBe('?');

    await ext.configure(svc.url, svc.apiKey);
    const expected = expectedUnreadAfterFirstSync(Date.now());
    const total = sum(expected.values());
    // The seed has old mentions, so the 7-day rule is really exercised.
    const held = sum(svc.projects().map((p) => svc.mentions(p.project_id).length));
    expect(total).toBeGreaterThan(0);
    expect(total).toBeLessThan(held);

    const badge = await ext.settledBadge();
    expect(badge.text).toBe(String(total));
    for (const project of svc.projects()) {
      const unread = expected.get(project.project_id) ?? 0;
      if (unread > 0) expect(badge.title).toContain(`${project.name}: ${unread}`);
      else expect(badge.title).not.toContain(`${project.name}:`);
    }
    expect(badge.title).toContain('Last successful check');

    // Every mention the service holds is stored once, and the store agrees with the badge.
    const store = await ext.store();
    for (const project of svc.projects()) {
      const stored = (store.byProject[project.project_id] ?? []).map((m) => m.id).sort();
      const held = svc
        .mentions(project.project_id)
        .map((m) => m.id)
        .sort();
      expect(stored).toEqual(held);
    }
    expect(unreadIn(store).total).toBe(total);

    const status = await ext.status();
    expect(status.lastError).toBeNull();
    expect(status.schedule.consecutiveFailures).toBe(0);
    expect(status.schedule.lastSuccessAt).not.toBeNull();
    // The next poll is one interval (5 min ± 10%) away, on the named alarm.
    const alarm = await ext.alarm();
    expect(alarm?.scheduledTime).toBe(status.schedule.nextPollAt);
    const delay = status.schedule.nextPollAt - status.schedule.lastSuccessAt!;
    expect(delay).toBeGreaterThanOrEqual(4.5 * MINUTE_MS - 1);
    expect(delay).toBeLessThanOrEqual(5.5 * MINUTE_MS + 1);
  });

  it('an expired token costs exactly one re-login, and the poll succeeds', async () => {
    await configure();
    const badgeBefore = await ext.settledBadge();
    const tokenBefore = await ext.session<{ token: string }>('token');
    const projects = svc.projects();

    svc.clearLog();
    svc.expireTokens();
    expect(await ext.ok('pollNow')).toEqual({ polled: true });

    expect(count('login')).toBe(1);
    expect(svc.log.find((e) => e.func === 'login')?.status).toBe(200);
    // The one rejected call is the first; it is retried once with the fresh token.
    expect(requests().slice(0, 3)).toEqual(['listProjects:401', 'login:200', 'listProjects:200']);
    expect(requests().filter((r) => r.endsWith(':401'))).toHaveLength(1);
    const fetched = svc.log.filter((e) => e.func === 'getMentions');
    expect(fetched.map((e) => Number(e.query.project_id)).sort()).toEqual(
      projects.map((p) => p.project_id).sort(),
    );
    expect(fetched.every((e) => e.status === 200)).toBe(true);

    const status = await ext.status();
    expect(status.lastError).toBeNull();
    expect(status.projectErrors).toEqual({});
    expect(status.keyRejected).toBe(false);
    const tokenAfter = await ext.session<{ token: string }>('token');
    expect(tokenAfter?.token).toBeTruthy();
    expect(tokenAfter?.token).not.toBe(tokenBefore?.token);
    // The same counts; the poll succeeded, so only the time of the last check may have moved on.
    expect(withoutCheckTime(await ext.settledBadge())).toEqual(withoutCheckTime(badgeBefore));

    // The fresh token is kept: the next poll logs in no more.
    svc.clearLog();
    expect(await ext.ok('pollNow')).toEqual({ polled: true });
    expect(count('login')).toBe(0);
    expect(requests().every((r) => r.endsWith(':200'))).toBe(true);
  });

  it('a failing service keeps the stored mentions; the badge turns to × only after 3 failed polls, and recovers', async () => {
    await configure();
    const before = await ext.settledBadge();
    const storeBefore = await ext.store();
    const acme = projectNamed('Acme');

    svc.setFault('html500');
    for (let failures = 1; failures <= 3; failures++) {
      expect(await ext.ok('pollNow')).toEqual({ polled: false });
      const status = await ext.status();
      expect(status.schedule.consecutiveFailures).toBe(failures);
      expect(status.lastError?.kind).toBe('server');
      expect(await ext.store()).toEqual(storeBefore);
      // Backoff: the alarm is set at least 30 s and at most 2^(n-1) minutes after the failure.
      const delay = status.schedule.nextPollAt - status.lastPollAt!;
      expect(delay).toBeGreaterThanOrEqual(30_000);
      expect(delay).toBeLessThanOrEqual(2 ** (failures - 1) * MINUTE_MS);
      expect((await ext.alarm())?.scheduledTime).toBe(status.schedule.nextPollAt);
      const badge = await ext.settledBadge();
      if (failures < 3) {
        expect(status.schedule.attention).toBe(false);
        expect(badge).toEqual(before);
      } else {
        expect(status.schedule.attention).toBe(true);
        expect(badge.text).toBe('×');
        expect(badge.title).toContain('cannot be reached');
        // The counts are still there for the user, under the problem.
        expect(badge.title).toContain(`${acme.name}: `);
      }
    }
    // Every failed poll was one request: the project list, refused.
    expect(requests().filter((r) => r === 'listProjects:500')).toHaveLength(3);

    // The service comes back, with news found during the outage.
    svc.addMentions(acme.project_id, 2);
    svc.clearFaults();
    expect(await ext.ok('pollNow')).toEqual({ polled: true });
    const status = await ext.status();
    expect(status.schedule).toMatchObject({ consecutiveFailures: 0, attention: false });
    expect(status.lastError).toBeNull();
    expect(await badgeCount()).toBe(Number(before.text) + 2);
    expect(mentionTotal(await ext.store())).toBe(mentionTotal(storeBefore) + 2);
  });

  it('a rate limit schedules the next poll no earlier than Retry-After', async () => {
    await configure();
    const before = await ext.settledBadge();

    svc.clearLog();
    // 90 s is beyond the backoff's first step (at most 60 s), so only Retry-After explains it.
    svc.setFault('rateLimit', { count: 1, retryAfter: '90' });
    expect(await ext.ok('pollNow')).toEqual({ polled: false });
    expect(requests()).toEqual(['listProjects:429']);

    const status = await ext.status();
    expect(status.lastError?.kind).toBe('rate-limited');
    expect(status.schedule.consecutiveFailures).toBe(1);
    expect(status.schedule.nextPollAt - status.lastPollAt!).toBeGreaterThanOrEqual(90_000);
    expect((await ext.alarm())?.scheduledTime).toBe(status.schedule.nextPollAt);
    // One failure is a blip, not an attention state.
    expect(await ext.settledBadge()).toEqual(before);

    expect(await ext.ok('pollNow')).toEqual({ polled: true });
    expect((await ext.status()).schedule.consecutiveFailures).toBe(0);
  });

  it('a stopped service worker comes back with the badge, the store and the alarm intact, and polls again', async () => {
    await configure();
    const badge = await ext.settledBadge();
    const store = await ext.store();
    const status = await ext.status();
    const alarm = await ext.alarm();
    expect(alarm).toBeDefined();
    const acme = projectNamed('Acme');

    // Stopped, then woken by a message that changes nothing: nothing changed either.
    await stopServiceWorker(ext.page, browser.extensionId);
    svc.clearLog();
    await ext.ok('markRead', { keys: [] });
    expect(await ext.store()).toEqual(store);
    expect(await ext.status()).toEqual(status);
    expect(await ext.alarm()).toEqual(alarm);
    expect(await ext.settledBadge()).toEqual(badge);
    expect(svc.log).toHaveLength(0);

    // The browser need not keep the badge, and may lose the alarm: a worker start restores both,
    // without polling before the poll is due.
    await stopServiceWorker(ext.page, browser.extensionId);
    await ext.page.evaluate(async (name) => {
      await chrome.action.setBadgeText({ text: '' });
      await chrome.action.setTitle({ title: 'stale' });
      await chrome.alarms.clear(name);
    }, POLL_ALARM);
    await ext.ok('markRead', { keys: [] });
    await expect.poll(() => ext.badge()).toEqual(badge);
    await expect
      .poll(() => ext.alarm())
      .toMatchObject({ name: POLL_ALARM, scheduledTime: status.schedule.nextPollAt });
    expect(svc.log).toHaveLength(0);

    // The alarm wakes a stopped worker, and its poll works with the token kept in the session.
    await stopServiceWorker(ext.page, browser.extensionId);
    svc.addMentions(acme.project_id, 2);
    const alarmAt = Date.now();
    await ext.page.evaluate(
      (name) => chrome.alarms.create(name, { when: Date.now() + 200 }),
      POLL_ALARM,
    );
    const afterAlarm = await ext.waitForPoll(alarmAt);
    expect(afterAlarm.lastError).toBeNull();
    expect(count('login')).toBe(0);
    expect(count('listProjects')).toBe(1);
    expect(count('getMentions')).toBe(svc.projects().length);
    expect(await badgeCount()).toBe(Number(badge.text) + 2);
    const next = await ext.alarm();
    expect(next?.scheduledTime).toBe(afterAlarm.schedule.nextPollAt);
    expect(next!.scheduledTime).toBeGreaterThan(Date.now() + 4 * MINUTE_MS);

    // "Refresh now" after a stop works too.
    await stopServiceWorker(ext.page, browser.extensionId);
    svc.clearLog();
    svc.addMentions(acme.project_id, 1);
    expect(await ext.ok('pollNow')).toEqual({ polled: true });
    expect(count('login')).toBe(0);
    expect(await badgeCount()).toBe(Number(badge.text) + 3);
    expect(mentionTotal(await ext.store())).toBe(mentionTotal(store) + 3);
  });

  it('marking a mention read after a worker stop lowers the badge by one, for good', async () => {
    await configure();
    const unread = await badgeCount();
    const mention = firstUnread(await ext.store());
    const key = { projectId: mention.project_id, id: mention.id };
    const isRead = async () =>
      (await ext.store()).byProject[key.projectId]?.find((m) => m.id === key.id)?.read;

    await stopServiceWorker(ext.page, browser.extensionId);
    await ext.ok('markRead', { keys: [key] });
    expect(await isRead()).toBe(true);
    expect(await badgeCount()).toBe(unread - 1);

    // Another stop and a poll of the same data leave it read.
    await stopServiceWorker(ext.page, browser.extensionId);
    expect(await ext.ok('pollNow')).toEqual({ polled: true });
    expect(await isRead()).toBe(true);
    expect(await badgeCount()).toBe(unread - 1);
  });

  it('new mentions raise the badge and one notification per project that asks for them', async () => {
    await configure();
    const notifying = svc.projects().filter((p) => p.browser_notification === 1);
    const silent = svc.projects().filter((p) => p.browser_notification === 0);
    expect(notifying.length).toBeGreaterThanOrEqual(2);
    expect(silent.length).toBeGreaterThanOrEqual(1);

    // The first sync's backlog is one summary, not a notification per project or per mention.
    expect(await ext.notificationIds()).toEqual([expect.stringMatching(/^mm:summary:/)]);
    await ext.clearNotifications();

    const unread = await badgeCount();
    const [several, single] = notifying;
    const quiet = silent[0];
    const three = svc.addMentions(several.project_id, 3);
    const one = svc.addMentions(single.project_id, 1);
    svc.addMentions(quiet.project_id, 2);
    expect(await ext.ok('pollNow')).toEqual({ polled: true });
    expect(await badgeCount()).toBe(unread + 6);
    expect(await ext.notificationIds()).toEqual(
      [
        `mm:project:${several.project_id}:${three.at(-1)!.id}`,
        `mm:mention:${single.project_id}:${one[0].id}`,
      ].sort(),
    );

    // A mention never notifies twice: the same data again raises nothing.
    await ext.clearNotifications();
    expect(await ext.ok('pollNow')).toEqual({ polled: true });
    expect(await ext.notificationIds()).toEqual([]);

    // The global switch off: the badge still counts, no notification.
    await ext.ok('savePreferences', { pollIntervalMinutes: 5, notificationsEnabled: false });
    svc.addMentions(several.project_id, 2);
    expect(await ext.ok('pollNow')).toEqual({ polled: true });
    expect(await badgeCount()).toBe(unread + 8);
    expect(await ext.notificationIds()).toEqual([]);
  });

  it('a rejected key (the login refused) shows !, pauses, retries by itself hours later, and recovers on save', async () => {
    await configure();
    const before = await ext.settledBadge();
    const store = await ext.store();

    svc.clearLog();
    svc.expireTokens();
    svc.setFault('rejectToken', { func: 'login', count: 1000 });
    expect(await ext.ok('pollNow')).toEqual({ polled: false });
    // The token refused, one login, refused too: the key itself is rejected.
    expect(requests()).toEqual(['listProjects:401', 'login:401']);
    const status = await ext.status();
    expect(status.keyRejected).toBe(true);
    expect(status.lastError?.kind).toBe('key-rejected');
    const badge = await ext.settledBadge();
    expect(badge.text).toBe('!');
    expect(badge.title).toContain('rejected the API key');
    expect(await ext.store()).toEqual(store);

    // Paused, not stopped: the alarm is there, hours ahead, and nothing is sent before it.
    const alarm = await ext.alarm();
    expect(alarm).toBeDefined();
    expect(alarm!.scheduledTime - Date.now()).toBeGreaterThan(2 * 60 * MINUTE_MS);
    svc.clearLog();
    expect(await ext.ok('pollNow')).toEqual({ polled: false });
    expect(svc.log).toHaveLength(0);
    expect((await ext.settledBadge()).text).toBe('!');

    // The key works again: saving the connection again recovers at once.
    svc.clearFaults();
    const recovered = await ext.configure(svc.url, svc.apiKey);
    expect(recovered.keyRejected).toBe(false);
    expect(recovered.lastError).toBeNull();
    expect(count('login')).toBe(1);
    const after = await ext.settledBadge();
    expect(after.text).toBe(before.text);
    expect(after.title).not.toContain('rejected');
    expect(after.title).toContain('Last successful check');
    expect(await ext.store()).toEqual(store);
    expect(await ext.alarm()).toBeDefined();
  });

  it('a session refused even after a fresh login is an error, not a rejected key: polling goes on', async () => {
    await configure();
    svc.clearLog();
    svc.setFault('rejectToken', { count: 1000 });
    expect(await ext.ok('pollNow')).toEqual({ polled: false });
    expect(requests()).toEqual(['listProjects:401', 'login:200', 'listProjects:401']);
    const status = await ext.status();
    expect(status.keyRejected).toBe(false);
    expect(status.lastError?.kind).toBe('auth');
    expect((await ext.settledBadge()).text).not.toBe('!');
    expect(await ext.alarm()).toBeDefined();
    svc.clearFaults();
  });

  it('figures of a scripted session: polls, logins, requests and bytes written', async () => {
    const worker = browser.serviceWorker;
    await recordStorageWrites(worker);
    // The meter gets a page of its own, closed at the end, so its listener outlives no test.
    const meter = await ExtensionPage.open(browser);
    onTestFinished(() => meter.page.close());
    await meter.startChangeMeter();
    const projectCount = svc.projects().length;
    const seeded = sum(svc.projects().map((p) => svc.mentions(p.project_id).length));

    interface Phase {
      name: string;
      polls: number;
      requests: number;
      logins: number;
      /** storage.local.set calls per key, and the JSON size they wrote. */
      writes: Record<string, { calls: number; bytes: number }>;
      /** What storage.onChanged reported per key (changed values only). */
      changed: Record<string, { events: number; bytes: number }>;
    }
    const phases: Phase[] = [];
    async function phase(name: string, run: () => Promise<unknown>): Promise<Phase> {
      svc.clearLog();
      await takeStorageWrites(worker);
      await meter.takeChanges();
      const lastPollBefore = (await ext.session<{ lastPollAt: number | null }>('syncStatus'))
        ?.lastPollAt;
      await run();
      const lastPollAfter = (await ext.status()).lastPollAt;
      const writes: Phase['writes'] = {};
      for (const write of await takeStorageWrites(worker)) {
        for (const key of write.keys) {
          const entry = (writes[key] ??= { calls: 0, bytes: 0 });
          entry.calls += 1;
          entry.bytes += write.bytes[key];
        }
      }
      const result: Phase = {
        name,
        polls: lastPollAfter !== lastPollBefore ? 1 : 0,
        requests: svc.log.length,
        logins: count('login'),
        writes,
        changed: await meter.takeChanges(),
      };
      phases.push(result);
      return result;
    }

    const configure = await phase('configure (save + first poll)', () =>
      ext.configure(svc.url, svc.apiKey),
    );
    // One fresh arrival settles what the extension knows of the service's clock (a first sync's
    // history only bounds it): from then on the stored times stay where they are.
    const acme = projectNamed('Acme');
    await phase('a fresh mention settles the clock', async () => {
      svc.addMentions(acme.project_id, 1);
      expect(await ext.ok('pollNow')).toEqual({ polled: true });
    });
    const idle: Phase[] = [];
    for (let i = 1; i <= 5; i++) {
      idle.push(await phase(`idle poll ${i}`, () => ext.ok('pollNow')));
    }
    const tenNew = await phase('poll with 10 new mentions', async () => {
      svc.addMentions(acme.project_id, 10);
      expect(await ext.ok('pollNow')).toEqual({ polled: true });
    });
    const expiry = await phase('token expired + poll', async () => {
      svc.expireTokens();
      expect(await ext.ok('pollNow')).toEqual({ polled: true });
    });

    // Records are summed as one column (`mention:*`): one key per mention would flood the log.
    const keys = [
      ...new Set(
        phases.flatMap((p) => Object.keys(p.writes)).filter((k) => !k.startsWith('mention:')),
      ),
    ].sort();
    const cell = (p: Phase, key: string) =>
      `${p.writes[key]?.calls ?? 0}×/${p.writes[key]?.bytes ?? 0}B/Δ${p.changed[key]?.bytes ?? 0}B`;
    const totals = {
      polls: sum(phases.map((p) => p.polls)),
      logins: sum(phases.map((p) => p.logins)),
      requests: sum(phases.map((p) => p.requests)),
    };
    const localBytes = (p: Phase) => sum(Object.values(p.writes).map((w) => w.bytes));
    const recordKeys = (p: Phase) => Object.keys(p.writes).filter((k) => k.startsWith('mention:'));
    const recordBytes = (p: Phase) => sum(recordKeys(p).map((k) => p.writes[k].bytes));
    console.log(
      [
        '===== FIGURES: background e2e session (Chromium, fake service) =====',
        `projects: ${projectCount}, mentions on the service at the start: ${seeded}`,
        `totals: polls ${totals.polls}, logins ${totals.logins}, requests ${totals.requests}`,
        'per phase: polls, requests, logins; then per storage.local key: set() calls × / JSON bytes written / bytes storage.onChanged reported',
        ...phases.map(
          (p) =>
            `  ${p.name.padEnd(30)} polls ${p.polls} req ${String(p.requests).padStart(2)} login ${p.logins} | local ${String(localBytes(p)).padStart(6)}B | ` +
            [
              `mention:* ${recordKeys(p).length}×/${recordBytes(p)}B`,
              ...keys.map((key) => `${key} ${cell(p, key)}`),
            ].join(', '),
        ),
        `idle poll: ${idle[0].requests} requests, ${localBytes(idle[0])} bytes written to storage.local (${Object.keys(idle[0].writes).join(', ')})`,
        `10-new poll: ${tenNew.requests} requests, ${localBytes(tenNew)} bytes written (records ${recordBytes(tenNew)})`,
        '===== END FIGURES =====',
      ].join('\n'),
    );

    // The deterministic facts.
    expect(configure.logins).toBe(1);
    expect(totals.polls).toBe(9);
    for (const p of idle) {
      expect(p.polls).toBe(1);
      expect(p.logins).toBe(0);
      expect(p.requests).toBe(1 + projectCount);
      // A poll that changed nothing writes nothing to storage.local: the status moves in session.
      expect(p.writes).toEqual({});
      expect(p.changed).toEqual({});
    }
    expect(tenNew.logins).toBe(0);
    expect(tenNew.requests).toBe(1 + projectCount);
    // The ten records, each once, the preview, and beside them at most the notifications they
    // raise and what they taught of the service's clock: one set() call.
    expect(recordKeys(tenNew)).toHaveLength(10);
    const others = Object.keys(tenNew.writes).filter((k) => !k.startsWith('mention:'));
    expect(others).toContain('mentionPreview');
    for (const key of others) {
      expect(['mentionPreview', 'notificationOutbox', 'serviceClock']).toContain(key);
    }
    expect(Object.values(tenNew.writes).every((w) => w.calls === 1)).toBe(true);
    // One login per token expiry, and one retried request.
    expect(expiry.logins).toBe(1);
    expect(expiry.requests).toBe(1 + 1 + 1 + projectCount);
    expect(Object.keys(expiry.writes).filter(isStoreKey)).toEqual([]);
    expect(totals.logins).toBe(2);
  });
});
