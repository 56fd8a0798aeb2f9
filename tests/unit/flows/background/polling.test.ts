// Polling through the real listeners: the first poll, the badge and tooltip it leaves, the
// first-sync rule, the alarm across worker starts, and one failing project among good ones.
// Single flight and the lease are in polling-single-flight.test.ts.

import { describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { parseServiceDate } from '@/lib/time/service-date';
import { mentionCount } from '@/lib/mentions/store';
import { useBackground } from '../../support/background';
import {
  DAY_MS,
  allKeys,
  apartFromTimes,
  badgeFor,
  expectedFirstSyncUnread,
} from '../../support/background-store';

const h = useBackground();

describe('set-up and the first poll', () => {
  it('asks to be set up, and calls nothing, before the settings exist', async () => {
    await h.start();
    expect(await h.badge()).toBe('?');
    expect(await h.title()).toMatch(/not set up/i);
    expect(h.fake.log).toHaveLength(0);
    expect(await h.alarmTime()).toBeTypeOf('number');
  });

  it('polls right after the connection is saved: badge = unread, tooltip per project', async () => {
    await h.start();
    await h.connect();

    const projects = h.fake.projects();
    expect(h.count('login')).toBe(1);
    // One listProjects to check the settings, one for the poll that followed at once.
    expect(h.count('listProjects')).toBe(2);
    expect(h.count('getMentions')).toBe(projects.length);

    const store = await h.store();
    const total = projects.reduce((n, p) => n + h.fake.mentions(p.project_id).length, 0);
    expect(mentionCount(store)).toBe(total);
    expect(new Set(allKeys(store)).size).toBe(total);
    const unread = expectedFirstSyncUnread(h.fake);
    expect(unread).toBeGreaterThan(0);
    expect(unread).toBeLessThan(total);
    expect(await h.badge()).toBe(String(unread));

    const title = await h.title();
    for (const project of projects) {
      const count = (store.byProject[project.project_id] ?? []).filter((m) => !m.read).length;
      if (count > 0) expect(title).toContain(`${project.name}: ${count}`);
      else expect(title).not.toContain(`${project.name}:`);
    }
    expect(title).toMatch(/last successful check/i);

    const status = await h.status();
    expect(status.schedule.lastSuccessAt).toBeTypeOf('number');
    expect(status.lastError).toBeNull();
    const interval = 5 * 60_000;
    const delay = (await h.alarmTime())! - status.schedule.lastSuccessAt!;
    expect(delay).toBeGreaterThanOrEqual(interval * 0.9);
    expect(delay).toBeLessThanOrEqual(interval * 1.1);
  });

  it('starts mentions older than 7 days as read on the first sync, and later ones unread', async () => {
    await h.start();
    await h.connect();
    const now = Date.now();
    const store = await h.store();
    for (const m of Object.values(store.byProject).flat()) {
      const added = parseServiceDate(m.date_added)!;
      expect(m.read, `${m.date_added}`).toBe(added < now - 7 * DAY_MS);
    }

    // After the first sync even an old mention is news: the service only just found it.
    const acme = h.fake.projects()[0].project_id;
    const [fresh, old] = h.fake.addMentions(acme, 2);
    h.rewrite = (func, body) =>
      func === 'getMentions' && Array.isArray(body)
        ? body.map((m: { id: number }) =>
            m.id === old.id ? { ...m, date_added: '2020-01-01 10:00:00' } : m,
          )
        : body;
    const before = Number(await h.badge());
    await h.fireAlarm();
    const after = await h.store();
    const stored = after.byProject[acme].filter((m) => m.id === fresh.id || m.id === old.id);
    expect(stored).toHaveLength(2);
    expect(stored.every((m) => !m.read)).toBe(true);
    expect(await h.badge()).toBe(String(before + 2));
  });
});

describe('the host permission', () => {
  it('shows its own state and calls nothing while it is missing', async () => {
    await h.start();
    await h.connect();
    h.fake.clearLog();
    const contains = vi.mocked(fakeBrowser.permissions.contains);
    contains.mockResolvedValue(false);

    await h.fireAlarm();
    expect(h.fake.log).toHaveLength(0);
    expect((await h.status()).permissionMissing).toBe(true);
    expect(await h.badge()).toBe('⊘');
    expect(await h.title()).toMatch(/allow access/i);
    expect(contains).toHaveBeenCalledWith({ origins: ['http://127.0.0.1/*'] });

    // Granted again from the options page, which saves the connection: back to the count.
    contains.mockResolvedValue(true);
    await h.connect();
    expect((await h.status()).permissionMissing).toBe(false);
    expect(await h.badge()).toBe(String(expectedFirstSyncUnread(h.fake)));
  });
});

describe('the alarm', () => {
  it('is put back when a worker starts without it, without polling before it is due', async () => {
    await h.start();
    await h.connect();
    const due = (await h.status()).schedule.nextPollAt;
    await fakeBrowser.alarms.clearAll();
    h.fake.clearLog();

    await h.restartWorker();
    expect(await h.alarmTime()).toBe(due);
    expect(h.fake.log).toHaveLength(0);
    expect(await h.badge()).toBe(String(expectedFirstSyncUnread(h.fake)));
  });

  it('polls at once after an update that dropped the alarm when a poll is overdue', async () => {
    await h.start();
    await h.connect();
    await fakeBrowser.alarms.clearAll();
    h.clockOffsetMs = 20 * 60_000;
    h.fake.clearLog();

    await h.restartWorker();
    await fakeBrowser.runtime.onInstalled.trigger({ reason: 'update', temporary: false });
    await h.idle();
    expect(h.count('listProjects')).toBe(1);
    expect(await h.alarmTime()).toBeGreaterThan(Date.now());
  });
});

describe('one failing project', () => {
  it('never stops the others, and its error is recorded for it', async () => {
    await h.start();
    await h.connect();
    const projects = h.fake.projects();
    for (const p of projects) h.fake.addMentions(p.project_id, 1);
    h.fake.clearLog();
    const before = await h.store();

    h.fake.setFault('html500', { func: 'getMentions', count: 1 });
    await h.fireAlarm();

    const failed = h.fake.log.find((e) => e.faults.includes('html500'))!;
    const failedId = Number(failed.query.project_id);
    const status = await h.status();
    expect(Object.keys(status.projectErrors)).toEqual([String(failedId)]);
    expect(status.projectErrors[failedId].kind).toBe('server');
    expect(status.lastError).toBeNull();
    expect(status.schedule.consecutiveFailures).toBe(0);

    const store = await h.store();
    // The failing project keeps what it had; every other one got its new mention.
    expect(apartFromTimes(store.byProject[failedId])).toEqual(
      apartFromTimes(before.byProject[failedId]),
    );
    for (const p of projects.filter((p) => p.project_id !== failedId)) {
      expect(store.byProject[p.project_id]).toHaveLength(h.fake.mentions(p.project_id).length);
    }
    expect(await h.badge()).toBe(badgeFor(store));

    await h.fireAlarm();
    expect((await h.status()).projectErrors).toEqual({});
    expect((await h.store()).byProject[failedId]).toHaveLength(h.fake.mentions(failedId).length);
  });

  it('copes with a project removed on the service in the middle of a poll', async () => {
    await h.start();
    await h.connect();
    const [gone, ...rest] = h.fake.projects();
    const { client, token } = await h.serviceClient();
    for (const p of rest) h.fake.addMentions(p.project_id, 1);
    const held = h.hold('getMentions');

    await h.fireAlarmWithoutWaiting();
    await h.until(() => held.waiting > 0, 'the poll to fetch mentions');
    await client.removeProject(token, gone.project_id);
    held.release();
    await h.idle();

    const status = await h.status();
    expect(Object.keys(status.projectErrors)).toEqual([String(gone.project_id)]);
    let store = await h.store();
    for (const p of rest) {
      expect(store.byProject[p.project_id] ?? []).toHaveLength(
        h.fake.mentions(p.project_id).length,
      );
    }

    // The next list no longer has it: its error goes; its mentions stay until the lists have left
    // it out three times over an hour (lib/sync/project-roster.ts), then go.
    await h.fireAlarm();
    expect((await h.status()).projectErrors).toEqual({});
    expect((await h.store()).byProject[gone.project_id]).toBeDefined();
    for (let i = 0; i < 2; i++) {
      h.clockOffsetMs += 40 * 60_000;
      await h.fireAlarm();
    }
    store = await h.store();
    expect(store.byProject[gone.project_id]).toBeUndefined();
    expect(store.syncedProjects).not.toContain(gone.project_id);
    expect((await h.status()).projectErrors).toEqual({});
    expect(await h.badge()).toBe(badgeFor(store));
  });
});
