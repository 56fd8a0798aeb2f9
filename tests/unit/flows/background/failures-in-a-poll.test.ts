// Failures inside one poll that never stop polling (issue 14), through the real listeners with the
// fake clock and alarms: one project's 403 or refused session stays that project's; a 429 ends the
// poll's remaining calls; secrets never reach the stored status.

import { describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { useBackground } from '../../support/background';
import { failureSteps } from '../../support/background-failures';
import { apartFromTimes } from '../../support/background-store';

const h = useBackground();
const { connected, advanceTo, expectPollingAlive } = failureSteps(h);

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
