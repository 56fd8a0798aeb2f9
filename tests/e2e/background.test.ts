// The background in the built extension, in real Chromium, against the fake service over real
// HTTP (issue 3, "End to end"): configure and see the badge count; expire the token and see one
// re-login; faults on and off with the stored mentions kept and the badge recovering; a rate
// limit; a rejected key and a refused session. The worker stopped between steps, new mentions and
// their notifications, and the figures of a scripted session: background-worker.test.ts.
import { describe, expect, it } from 'vitest';
import { parseServiceDate } from '../../lib/time/service-date';
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
import type { Badge } from './support/extension-page';
import { mentionTotal, unreadIn } from './support/storage-views';

const WEEK_MS = 7 * 24 * 60 * 60 * 1000;

useBackgroundSuite();

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

function requests(): string[] {
  return svc.log.map((entry) => `${entry.func}:${entry.status}`);
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

  it('an empty project list keeps every project, mention and read mark, and the options page says so', async () => {
    await configure();
    await ext.ok('markAllRead', {});
    const storeBefore = await ext.store();
    expect((await ext.settledBadge()).text).toBe('');
    await ext.clearNotifications();

    // A lost database connection answered as an empty list, three checks in a row.
    svc.setFault('shrunkList');
    for (let i = 0; i < 3; i++) expect(await ext.ok('pollNow')).toEqual({ polled: true });
    expect(await ext.store()).toEqual(storeBefore);
    const options = await browser.openPage('options.html');
    const acme = options.getByRole('listitem').filter({
      has: options.getByRole('heading', { name: projectNamed('Acme').name, exact: true }),
    });
    await acme.getByText("Not in the service's last project list", { exact: false }).waitFor();
    await options.close();

    // The service is back: nothing comes back unread, nothing is notified.
    svc.addMentions(projectNamed('Acme').project_id, 1);
    svc.clearFaults();
    expect(await ext.ok('pollNow')).toEqual({ polled: true });
    const store = await ext.store();
    expect(mentionTotal(store)).toBe(mentionTotal(storeBefore) + 1);
    expect(unreadIn(store).total).toBe(1);
    expect((await ext.settledBadge()).text).toBe('1');
    expect((await ext.status()).absentProjects).toEqual({});
    expect(await ext.notificationIds()).toHaveLength(1);
  });
});
