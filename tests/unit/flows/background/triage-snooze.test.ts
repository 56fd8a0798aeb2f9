// Snooze and quiet hours through the real background: while held the badge counts and no
// notification is raised; at the end, one summary of what was missed, never one by one.

import { describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { useBackground } from '../../support/background';
import { triageSteps } from '../../support/background-triage';

const h = useBackground();
const s = triageSteps(h);
const HOUR = 3_600_000;

describe('snooze', () => {
  it('counts but raises nothing, then one summary when resumed', async () => {
    const create = await s.connected();
    const [a, b] = s.projectIds().notifying;
    expect(await h.send('snooze', { until: Date.now() + HOUR })).toEqual({ ok: true, value: null });
    const badge = Number(await h.badge());

    h.fake.addMentions(a, 2);
    await h.fireAlarm();
    h.fake.addMentions(b, 1);
    await h.fireAlarm();
    expect(create).not.toHaveBeenCalled();
    expect(await h.badge()).toBe(String(badge + 3));
    expect(await s.triage()).toMatchObject({ missed: 3, snooze: { until: expect.any(Number) } });

    expect(await h.send('resumeNotifications', {})).toEqual({ ok: true, value: null });
    await h.idle();
    const ids = s.created(create);
    expect(ids).toHaveLength(1);
    expect(ids[0]).toMatch(/^mm:summary:/);
    expect(await s.titleOf(ids[0])).toBe('3 new mentions while snoozed');
    expect(await s.triage()).toMatchObject({ missed: 0, snooze: null });
    expect(await fakeBrowser.alarms.get('snooze-end')).toBeUndefined();

    // Notifying again, one per project as before.
    create.mockClear();
    const [next] = h.fake.addMentions(b, 1);
    await h.fireAlarm();
    expect(s.created(create)).toEqual([`mm:mention:${b}:${next.id}`]);
  });

  it('ends at its time by its alarm, with one summary', async () => {
    const create = await s.connected();
    const until = Date.now() + HOUR;
    await h.send('snooze', { until });
    expect((await fakeBrowser.alarms.get('snooze-end'))?.scheduledTime).toBe(until);
    h.fake.addMentions(s.projectIds().notifying[0], 1);
    await h.fireAlarm();
    expect(create).not.toHaveBeenCalled();

    h.clockOffsetMs = HOUR + 1_000;
    await s.fireSnoozeEnd();
    const ids = s.created(create);
    expect(ids).toHaveLength(1);
    expect(await s.titleOf(ids[0])).toBe('1 new mention while snoozed');
    expect(await s.triage()).toMatchObject({ missed: 0, snooze: null });
  });

  it('until turned back on: no alarm; resuming with nothing missed raises nothing', async () => {
    const create = await s.connected();
    await h.send('snooze', { until: null });
    expect(await fakeBrowser.alarms.get('snooze-end')).toBeUndefined();
    h.clockOffsetMs = 48 * HOUR;
    expect((await s.triage()).snooze).toEqual({ until: null });
    await h.send('resumeNotifications', {});
    await h.idle();
    expect(create).not.toHaveBeenCalled();
    expect((await s.triage()).snooze).toBeNull();
  });

  it('refuses a time already past, in words', async () => {
    await s.connected();
    const reply = await h.send('snooze', { until: Date.now() - 1 });
    expect(reply).toMatchObject({ ok: false, error: { kind: 'invalid-input' } });
    expect(!reply.ok && reply.error.message).toMatch(/future/);
    expect((await s.triage()).snooze).toBeNull();
  });

  it('a restart of the worker while snoozed shows the summary once', async () => {
    const create = await s.connected();
    await h.send('snooze', { until: null });
    h.fake.addMentions(s.projectIds().notifying[0], 2);
    await h.fireAlarm();
    await h.send('resumeNotifications', {});
    await h.restartWorker();
    expect(new Set(s.created(create)).size).toBe(1);
    expect(Object.keys(await fakeBrowser.notifications.getAll())).toHaveLength(1);
  });
});

describe('quiet hours', () => {
  /** Quiet hours around the present local time, ending in `endsInMinutes`. */
  async function quietNow(endsInMinutes: number) {
    const now = new Date(Date.now() + h.clockOffsetMs);
    const minute = now.getHours() * 60 + now.getMinutes();
    const reply = await h.send('savePreferences', {
      pollIntervalMinutes: 5,
      notificationsEnabled: true,
      quietHours: {
        enabled: true,
        start: (minute + 1440 - 60) % 1440,
        end: (minute + endsInMinutes) % 1440,
      },
    });
    expect(reply.ok).toBe(true);
  }

  it('hold notifications and count; the first poll after they end brings one summary', async () => {
    const create = await s.connected();
    await quietNow(30);
    const [a, b] = s.projectIds().notifying;
    h.fake.addMentions(a, 1);
    h.fake.addMentions(b, 1);
    await h.fireAlarm();
    expect(create).not.toHaveBeenCalled();
    expect((await s.triage()).missed).toBe(2);

    h.clockOffsetMs = 40 * 60_000;
    await h.fireAlarm();
    const ids = s.created(create);
    expect(ids).toHaveLength(1);
    expect(await s.titleOf(ids[0])).toBe('2 new mentions during quiet hours');
    expect((await s.triage()).missed).toBe(0);
  });

  it('"Resume notifications" lifts them until they end', async () => {
    const create = await s.connected();
    await quietNow(120);
    const project = s.projectIds().notifying[0];
    h.fake.addMentions(project, 1);
    await h.fireAlarm();
    await h.send('resumeNotifications', {});
    await h.idle();
    expect(s.created(create)).toHaveLength(1);
    expect((await s.triage()).quietResumedUntil).toBeGreaterThan(Date.now());

    create.mockClear();
    const [next] = h.fake.addMentions(project, 1);
    await h.fireAlarm();
    expect(s.created(create)).toEqual([`mm:mention:${project}:${next.id}`]);
  });
});
