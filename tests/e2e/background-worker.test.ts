// The background's worker in the built extension, in real Chromium, against the fake service over
// real HTTP (issue 3, "End to end"): the service worker stopped between steps, reads marked after a
// stop, new mentions and their notifications, and the figures of a scripted session (polls,
// logins, requests, bytes written).
import { describe, expect, it, onTestFinished } from 'vitest';
import { isStoreKey } from '../../lib/mentions/store-format';
import {
  badgeCount,
  browser,
  configure,
  count,
  ext,
  MINUTE_MS,
  projectNamed,
  sum,
  svc,
  useBackgroundSuite,
} from './support/background-suite';
import { startChangeMeter, takeChanges } from './support/change-meter';
import { ExtensionPage, POLL_ALARM } from './support/extension-page';
import { firstUnread, mentionTotal } from './support/storage-views';
import { recordStorageWrites, stopServiceWorker, takeStorageWrites } from './support/worker';

useBackgroundSuite();

describe('the background in Chromium, against the fake service', () => {
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

  it('figures of a scripted session: polls, logins, requests and bytes written', async () => {
    const worker = browser.serviceWorker;
    await recordStorageWrites(worker);
    // The meter gets a page of its own, closed at the end, so its listener outlives no test.
    const meter = await ExtensionPage.open(browser);
    onTestFinished(() => meter.page.close());
    await startChangeMeter(meter.page);
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
      await takeChanges(meter.page);
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
        changed: await takeChanges(meter.page),
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
