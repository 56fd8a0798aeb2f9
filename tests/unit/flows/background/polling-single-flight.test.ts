import { POLL_LEASE_MS } from '../../support/limits';
// Polling through the real listeners, one poll at a time: an alarm, "refresh now" and a settings
// save arriving together make one poll; a dead worker's lease is waited out, and a poll stopped
// with its worker resumes by itself.

import { describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { useBackground } from '../../support/background';

const h = useBackground();

describe('single flight', () => {
  it('makes one poll of an alarm and two "refresh now" arriving together', async () => {
    await h.start();
    await h.connect();
    h.fake.clearLog();
    const alarm = (await fakeBrowser.alarms.get('mention-monitor-poll'))!;

    const replies = Promise.all([h.send('pollNow'), h.send('pollNow')]);
    await fakeBrowser.alarms.onAlarm.trigger(alarm);
    const [a, b] = await replies;
    await h.idle();
    expect(a).toEqual({ ok: true, value: { polled: true } });
    expect(b).toEqual(a);
    expect(h.count('listProjects')).toBe(1);
    expect(h.count('getMentions')).toBe(h.fake.projects().length);
  });

  it('makes one poll of an alarm, "refresh now" and a settings save arriving together', async () => {
    await h.start();
    await h.connect();
    h.fake.clearLog();
    const held = h.hold('getMentions');

    await h.fireAlarmWithoutWaiting();
    await h.until(() => held.waiting > 0, 'the poll to fetch mentions');
    const refresh = h.send('pollNow');
    const save = await h.send('saveConnection', { serviceUrl: h.fake.url, apiKey: h.fake.apiKey });
    expect(save).toMatchObject({ ok: true });
    held.release();
    expect(await refresh).toEqual({ ok: true, value: { polled: true } });
    await h.idle();

    // The save checks the settings with one login and one listProjects; the rest is one poll.
    expect(h.count('login')).toBe(1);
    expect(h.count('listProjects')).toBe(2);
    expect(h.count('getMentions')).toBe(h.fake.projects().length);
  });

  it('waits for a dead worker’s lease to expire, then polls again', async () => {
    await h.start();
    await h.connect();
    const now = Date.now();
    // What a worker killed mid-poll leaves: its lease and the alarm for when the lease expires.
    await fakeBrowser.storage.session.set({
      pollLease: { owner: 'dead-worker', acquiredAt: now, expiresAt: now + POLL_LEASE_MS },
    });
    await fakeBrowser.alarms.create('mention-monitor-poll', { when: now + POLL_LEASE_MS });
    await h.restartWorker();
    h.fake.clearLog();

    expect(await h.send('pollNow')).toEqual({ ok: true, value: { polled: false } });
    expect(h.fake.log).toHaveLength(0);
    expect(await h.alarmTime()).toBeGreaterThanOrEqual(now + POLL_LEASE_MS);

    h.clockOffsetMs = POLL_LEASE_MS + 1_000;
    h.fake.addMentions(h.fake.projects()[0].project_id, 1);
    const before = Number(await h.badge());
    await h.fireAlarm();
    expect(h.count('listProjects')).toBe(1);
    expect(await h.badge()).toBe(String(before + 1));
    expect((await fakeBrowser.storage.session.get('pollLease')).pollLease).toBeUndefined();
  });
  it('resumes by itself after the worker was stopped in the middle of a poll', async () => {
    await h.start();
    await h.connect();
    const acme = h.fake.projects()[0].project_id;
    h.fake.addMentions(acme, 2);
    const before = Number(await h.badge());
    const held = h.hold('getMentions');
    await h.fireAlarmWithoutWaiting();
    await h.until(() => held.waiting > 0, 'the poll to fetch mentions');
    const startedAt = Date.now();
    held.abandon();

    // A new worker finds the dead one's lease: no second poll on top of it.
    await h.restartWorker();
    h.fake.clearLog();
    expect(await h.send('pollNow')).toEqual({ ok: true, value: { polled: false } });
    expect(h.fake.log).toHaveLength(0);
    expect(await h.alarmTime()).toBeGreaterThanOrEqual(startedAt + POLL_LEASE_MS - 1_000);

    // The alarm the dead poll left fires once its lease has expired.
    h.clockOffsetMs = POLL_LEASE_MS;
    await h.fireAlarm();
    expect(h.count('listProjects')).toBe(1);
    expect(await h.badge()).toBe(String(before + 2));
    expect((await h.status()).lastError).toBeNull();
  });
});
