import { KEY_RETRY_JITTER, KEY_RETRY_MS, BACKOFF_FLOOR_MS } from '../../support/limits';
// Failures that never stop polling (issue 14), through the real listeners with the fake clock and
// alarms: an outage of 503s is an outage, not a rejected key; a rejected key pauses polling but
// tries again by itself hours later. A project's own failure, a 429 and secrets are in
// failures-in-a-poll.test.ts.

import { describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { useBackground } from '../../support/background';
import { goOffline } from '../../support/background-environment';
import { failureSteps } from '../../support/background-failures';
import { expectedFirstSyncUnread } from '../../support/background-store';

const h = useBackground();
const { connected, advanceTo, expectPollingAlive } = failureSteps(h);

describe('a 20-second outage of 503s', () => {
  it('is an outage, not a rejected key: backoff alarms keep firing and the first success clears it', async () => {
    // Backoff at its floor (30 s), so the first backoff alarm falls after the outage.
    vi.spyOn(Math, 'random').mockReturnValue(0);
    await connected();
    const count = String(expectedFirstSyncUnread(h.fake));
    const outageEnds = Date.now() + 20_000;
    h.fake.setFault('unavailable');

    // The alarm, then "Refresh" twice while it lasts: three failures in a row.
    await h.fireAlarm();
    for (let press = 0; press < 2; press++) {
      expect(await h.badge()).toBe(count);
      h.clockOffsetMs += 5_000;
      expect(await h.send('pollNow')).toEqual({ ok: true, value: { polled: false } });
      await h.idle();
    }
    expect(Date.now()).toBeLessThan(outageEnds);
    expect(h.fake.log.length).toBeGreaterThan(0);
    expect(h.fake.log.every((e) => e.status === 503)).toBe(true);
    let status = await h.status();
    expect(status.keyRejected).toBe(false);
    expect(status.schedule.consecutiveFailures).toBe(3);
    expect(status.lastError?.kind).toBe('server');
    expect(await h.badge()).toBe('×');
    await expectPollingAlive();

    // The next backoff alarm falls after the end of the outage; the service is back by then.
    const due = (await h.alarmTime())!;
    expect(due - status.lastPollAt!).toBeGreaterThanOrEqual(BACKOFF_FLOOR_MS);
    advanceTo(due);
    expect(Date.now()).toBeGreaterThanOrEqual(outageEnds);
    h.fake.clearFaults();
    await h.fireAlarm();

    status = await h.status();
    expect(status.schedule.consecutiveFailures).toBe(0);
    expect(status.schedule.attention).toBe(false);
    expect(status.lastError).toBeNull();
    expect(await h.badge()).toBe(count);
    await expectPollingAlive();
  });

  it('during a login after a browser restart is an outage too', async () => {
    await connected();
    h.fake.setFault('unavailable', { func: 'login' });

    await h.restartBrowser();
    expect(h.count('login')).toBe(1);
    const status = await h.status();
    expect(status.keyRejected).toBe(false);
    expect(status.schedule.consecutiveFailures).toBe(1);
    expect(await h.badge()).not.toBe('!');
    await expectPollingAlive();
  });
});

describe('a rejected key', () => {
  /** The service refuses the session and every login with this key. */
  function rejectKey(): void {
    h.fake.setFault('rejectToken');
    h.fake.setFault('rejectToken', { func: 'login' });
  }

  it('pauses polling, says so, and tries again by itself about three hours later', async () => {
    await connected();
    const unreadAtStart = Number(await h.badge());
    rejectKey();

    await h.fireAlarm();
    let status = await h.status();
    expect(status.keyRejected).toBe(true);
    expect(status.lastError?.kind).toBe('key-rejected');
    expect(await h.badge()).toBe('!');
    expect(await h.title()).toMatch(/tried again every few hours/);
    // The mentions stay where they were.
    expect(Object.keys((await h.store()).byProject).length).toBeGreaterThan(0);

    const retryAt = (await h.alarmTime())!;
    expect(retryAt - status.lastPollAt!).toBeGreaterThanOrEqual(
      KEY_RETRY_MS * (1 - KEY_RETRY_JITTER),
    );
    expect(retryAt - status.lastPollAt!).toBeLessThanOrEqual(KEY_RETRY_MS * (1 + KEY_RETRY_JITTER));
    await expectPollingAlive();

    // Before then, neither "Refresh" nor a worker start sends the refused key again, and the
    // alarm stays where it is.
    h.fake.clearLog();
    h.clockOffsetMs += 60 * 60_000;
    expect(await h.send('pollNow')).toEqual({ ok: true, value: { polled: false } });
    await h.restartWorker();
    expect(h.fake.log).toHaveLength(0);
    expect(await h.alarmTime()).toBe(retryAt);
    expect(await h.badge()).toBe('!');

    // The key is accepted again on the service's side: that alarm's poll finds out.
    h.fake.clearFaults();
    h.fake.addMentions(h.fake.projects()[0].project_id, 1);
    advanceTo(retryAt);
    await h.fireAlarm();
    status = await h.status();
    expect(status.keyRejected).toBe(false);
    expect(status.lastError).toBeNull();
    expect(h.count('getMentions')).toBe(h.fake.projects().length);
    // What was unread, and the one mention that arrived meanwhile.
    expect(await h.badge()).toBe(String(unreadAtStart + 1));
    await expectPollingAlive();
  });

  it('is tried again at the retry time after a browser restart too', async () => {
    await connected();
    rejectKey();
    await h.fireAlarm();
    const retryAt = (await h.alarmTime())!;
    h.fake.clearLog();

    // The durable status keeps the retry time; the alarm is put back at it.
    await h.restartBrowser();
    await fakeBrowser.alarms.clearAll();
    await h.restartWorker();
    expect(h.fake.log).toHaveLength(0);
    expect(await h.alarmTime()).toBe(retryAt);
    expect((await h.status()).keyRejected).toBe(true);
  });

  it('is tried again at once when the settings are saved', async () => {
    await connected();
    rejectKey();
    await h.fireAlarm();
    h.fake.clearFaults();
    h.fake.clearLog();

    await h.connect();
    expect(h.count('getMentions')).toBe(h.fake.projects().length);
    expect((await h.status()).keyRejected).toBe(false);
    expect(await h.badge()).toBe(String(expectedFirstSyncUnread(h.fake)));
  });

  it('while offline stays paused without counting anything', async () => {
    await connected();
    rejectKey();
    await h.fireAlarm();
    const before = await h.status();
    const online = goOffline();
    try {
      advanceTo((await h.alarmTime())!);
      await h.fireAlarm();
    } finally {
      online();
    }
    const after = await h.status();
    expect(after.keyRejected).toBe(true);
    expect(after.schedule.consecutiveFailures).toBe(before.schedule.consecutiveFailures);
    await expectPollingAlive();
  });
});
