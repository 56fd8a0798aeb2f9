// Failures that never stop polling (issue 14), through the real listeners with the fake clock and
// alarms: an outage of 503s is an outage, not a rejected key; a rejected key pauses polling but
// tries again by itself hours later; one project's 403 or refused session stays that project's;
// a 429 ends the poll's remaining calls; secrets never reach the stored status.

import { describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { BACKOFF_FLOOR_MS } from '@/lib/sync/backoff';
import { KEY_RETRY_JITTER, KEY_RETRY_MS } from '@/lib/sync/schedule';
import { useBackground } from '../../support/background';
import { goOffline } from '../../support/background-environment';
import { apartFromTimes, expectedFirstSyncUnread } from '../../support/background-store';

const h = useBackground();

async function connected(): Promise<void> {
  await h.start();
  await h.connect();
  h.fake.clearLog();
}

/** Moves the fake clock to `when` (epoch ms), if it is ahead. */
function advanceTo(when: number): void {
  const now = Date.now();
  if (when > now) h.clockOffsetMs += when - now;
}

/** Things that must hold after every poll, whatever went wrong: there is always a next one. */
async function expectPollingAlive(): Promise<void> {
  const alarm = await h.alarmTime();
  expect(alarm, 'an alarm is pending').toBeTypeOf('number');
  expect((await h.status()).schedule.nextPollAt).toBe(alarm);
}

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

describe('one project’s own failure', () => {
  it('a 403 stays that project’s error; the others merge and the key is not rejected', async () => {
    await connected();
    const [acme, ...rest] = h.fake.projects();
    for (const p of h.fake.projects()) h.fake.addMentions(p.project_id, 1);
    const before = await h.store();
    h.fake.setFault('forbidden', { func: 'getMentions', projectId: acme.project_id });

    await h.fireAlarm();
    const status = await h.status();
    expect(Object.keys(status.projectErrors)).toEqual([String(acme.project_id)]);
    expect(status.keyRejected).toBe(false);
    expect(status.lastError).toBeNull();
    expect(status.schedule.consecutiveFailures).toBe(0);
    const store = await h.store();
    expect(apartFromTimes(store.byProject[acme.project_id])).toEqual(
      apartFromTimes(before.byProject[acme.project_id]),
    );
    for (const p of rest) {
      expect(store.byProject[p.project_id]).toHaveLength(h.fake.mentions(p.project_id).length);
    }
    expect(await h.badge()).not.toBe('!');
    await expectPollingAlive();
  });

  it('a session refused again after the one re-login stays that project’s error', async () => {
    await connected();
    const [, backlinks] = h.fake.projects();
    // The first call and its retry after a fresh login are both refused, for this project only.
    h.fake.setFault('rejectToken', { func: 'getMentions', count: 2 });
    const held = h.fake.projects().filter((p) => p.project_id !== backlinks.project_id);
    const gates = held.map((p) => h.hold('getMentions', p.project_id));

    await h.fireAlarmWithoutWaiting();
    await h.until(() => h.count('getMentions') >= 2, 'the call and its retry');
    for (const gate of gates) gate.release();
    await h.idle();

    expect(h.count('login')).toBe(1);
    const status = await h.status();
    expect(Object.keys(status.projectErrors)).toEqual([String(backlinks.project_id)]);
    expect(status.projectErrors[backlinks.project_id].kind).toBe('auth');
    expect(status.keyRejected).toBe(false);
    expect(status.schedule.consecutiveFailures).toBe(0);
    expect(await h.badge()).not.toBe('!');
  });
});

describe('a 429', () => {
  it('ends the poll: projects not yet fetched are not asked, those fetched merge, Retry-After schedules the next', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0);
    await connected();
    const [first, second, third, fourth] = h.fake.projects();
    expect(fourth).toBeDefined();
    for (const p of h.fake.projects()) h.fake.addMentions(p.project_id, 1);
    const before = await h.store();
    // The second and third are asked at the same time as the first, and answered after its 429.
    const gates = [second, third].map((p) => h.hold('getMentions', p.project_id));
    h.fake.setFault('rateLimit', { func: 'getMentions', count: 1, retryAfter: '900' });

    await h.fireAlarmWithoutWaiting();
    await h.until(() => h.fake.log.some((e) => e.status === 429), 'the 429');
    for (const gate of gates) gate.release();
    await h.idle();

    const asked = h.fake.log.filter((e) => e.func === 'getMentions').map((e) => e.query.project_id);
    expect(asked.sort()).toEqual([first, second, third].map((p) => String(p.project_id)).sort());
    const store = await h.store();
    for (const p of [second, third]) {
      expect(store.byProject[p.project_id]).toHaveLength(h.fake.mentions(p.project_id).length);
    }
    for (const p of [first, fourth]) {
      expect(apartFromTimes(store.byProject[p.project_id])).toEqual(
        apartFromTimes(before.byProject[p.project_id]),
      );
    }
    const status = await h.status();
    expect(status.lastError?.kind).toBe('rate-limited');
    expect(status.projectErrors[first.project_id]?.kind).toBe('rate-limited');
    expect(status.projectErrors[fourth.project_id]).toBeUndefined();
    expect(status.schedule.consecutiveFailures).toBe(1);
    expect((await h.alarmTime())! - status.lastPollAt!).toBe(900_000);

    // The next poll asks every project again.
    h.fake.clearLog();
    advanceTo((await h.alarmTime())!);
    await h.fireAlarm();
    expect(h.count('getMentions')).toBe(h.fake.projects().length);
    expect((await h.store()).byProject[fourth.project_id]).toHaveLength(
      h.fake.mentions(fourth.project_id).length,
    );
    expect((await h.status()).schedule.consecutiveFailures).toBe(0);
  });
});

describe('secrets', () => {
  it('never reach the stored status, even when the service echoes the key in an error', async () => {
    await connected();
    const [acme] = h.fake.projects();
    const key = h.fake.apiKey;
    h.intercept = (url, func) =>
      func === 'getMentions' && url.searchParams.get('project_id') === String(acme.project_id)
        ? new Response(JSON.stringify({ error: `Backend failure while serving key=${key}` }), {
            status: 500,
            headers: { 'Content-Type': 'application/json' },
          })
        : undefined;

    await h.fireAlarm();
    const status = await h.status();
    expect(status.projectErrors[acme.project_id]?.kind).toBe('server');
    const stored = JSON.stringify({
      local: (await fakeBrowser.storage.local.get('syncStatus')).syncStatus,
      session: (await fakeBrowser.storage.session.get('syncStatus')).syncStatus,
    });
    expect(stored).not.toContain(key);
    expect(stored).not.toContain(encodeURIComponent(key));
    const token = (await fakeBrowser.storage.session.get('token')).token as { token?: string };
    if (token?.token) expect(stored).not.toContain(token.token);
    expect(await h.title()).not.toContain(key);
  });
});
