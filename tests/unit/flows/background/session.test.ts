// The session through the real listeners: where the token and key live, re-login once, the
// rejected key (a refused login, and nothing else) and its pause, a key changed mid-login, and the
// silent login after a browser restart.

import { describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { useBackground } from '../../support/background';
import { expectedFirstSyncUnread } from '../../support/background-store';

const h = useBackground();

function tokensSent(): string[] {
  return [...new Set(h.fake.log.map((e) => e.query.token).filter(Boolean))];
}

describe('where secrets live', () => {
  it('keeps the token in session storage only, and the API key out of sync storage', async () => {
    await h.start();
    await h.connect();
    await h.send('savePreferences', { pollIntervalMinutes: 10, notificationsEnabled: false });
    const [token] = tokensSent();
    expect(token).toBeTruthy();

    const session = await fakeBrowser.storage.session.get();
    expect(JSON.stringify(session)).toContain(token);
    const local = JSON.stringify(await fakeBrowser.storage.local.get());
    expect(local).not.toContain(token);
    expect(local).toContain(h.fake.apiKey);
    expect(await fakeBrowser.storage.sync.get()).toEqual({});
    // Nor does the token reach what the user sees.
    expect(await h.title()).not.toContain(token);
  });
});

describe('re-login', () => {
  it('logs in again exactly once after the token expired, and retries the call once', async () => {
    await h.start();
    await h.connect();
    h.fake.clearLog();
    h.fake.expireTokens();

    await h.fireAlarm();
    expect(h.count('login')).toBe(1);
    const lists = h.fake.log.filter((e) => e.func === 'listProjects').map((e) => e.status);
    expect(lists).toEqual([401, 200]);
    expect(h.fake.log.filter((e) => e.func === 'getMentions').every((e) => e.status === 200)).toBe(
      true,
    );
    const status = await h.status();
    expect(status.keyRejected).toBe(false);
    expect(status.lastError).toBeNull();
    expect(await h.badge()).toBe(String(expectedFirstSyncUnread(h.fake)));

    // The new token is the one kept.
    const fresh = h.fake.log.at(-1)!.query.token;
    expect(JSON.stringify(await fakeBrowser.storage.session.get())).toContain(fresh);
  });

  it('shares one login among calls that find the token rejected together', async () => {
    await h.start();
    await h.connect();
    h.fake.clearLog();
    h.fake.setFault('rejectToken', { func: 'getMentions', count: 3 });

    await h.fireAlarm();
    expect(h.count('login')).toBe(1);
    expect(h.count('getMentions')).toBe(h.fake.projects().length + 3);
    const status = await h.status();
    expect(status.projectErrors).toEqual({});
    expect(status.keyRejected).toBe(false);
  });

  it('shares one login among concurrent callers after a browser restart', async () => {
    await h.start();
    await h.connect();
    // The browser's start polls; its login fails, so no token is held after it.
    h.fake.setFault('html500', { func: 'login', count: 1 });
    await h.restartBrowser();
    h.fake.clearLog();
    const projectId = h.fake.projects()[0].project_id;

    const [poll, project] = await Promise.all([
      h.send('pollNow'),
      h.send('getProject', { projectId }),
    ]);
    expect(poll).toEqual({ ok: true, value: { polled: true } });
    expect(project).toMatchObject({ ok: true, value: { project_id: projectId } });
    expect(h.count('login')).toBe(1);
  });
});

describe('a rejected key', () => {
  it('is a refused login only: "!", polling paused, and tried again by itself hours later', async () => {
    await h.start();
    await h.connect();
    h.fake.clearLog();
    // The token expires and the key is withdrawn on the service's side.
    h.fake.expireTokens();
    h.fake.setFault('rejectToken', { func: 'login' });

    const started = Date.now();
    await h.fireAlarm();
    // The call's 401 costs one login; the refused login ends it.
    expect(h.fake.log.map((e) => `${e.func}:${e.status}`)).toEqual([
      'listProjects:401',
      'login:401',
    ]);
    const status = await h.status();
    expect(status.keyRejected).toBe(true);
    expect(status.lastError?.kind).toBe('key-rejected');
    expect(await h.badge()).toBe('!');
    expect(await h.title()).toMatch(/rejected/i);
    // The mentions stay where they were.
    expect(Object.keys((await h.store()).byProject).length).toBeGreaterThan(0);
    // Never left without an alarm: the key is tried again by itself, hours from now.
    const retryAt = await h.alarmTime();
    expect(retryAt).toBeGreaterThan(started + 60 * 60_000);

    // New settings (the key fixed on the service's side): polling resumes at once.
    h.fake.clearFaults();
    h.fake.clearLog();
    await h.connect();
    expect(h.count('getMentions')).toBe(h.fake.projects().length);
    expect((await h.status()).keyRejected).toBe(false);
    expect(await h.badge()).toBe(String(expectedFirstSyncUnread(h.fake)));
  });

  it('is rejected after one refused login when there is no token yet', async () => {
    await h.start();
    await h.connect();
    h.fake.clearLog();
    h.fake.setFault('rejectToken', { func: 'login' });

    // A browser start: no token, and the start's poll logs in.
    await h.restartBrowser();
    expect(h.count('login')).toBe(1);
    expect(h.count('listProjects')).toBe(0);
    expect((await h.status()).keyRejected).toBe(true);
    expect(await h.badge()).toBe('!');
  });

  it('is not a token refused on every call after the one re-login: no "!", polling goes on', async () => {
    await h.start();
    await h.connect();
    h.fake.clearLog();
    // Every call refuses the token; the login itself is fine.
    h.fake.setFault('rejectToken');

    await h.fireAlarm();
    // Log in again once, retry once, then stop: no loop of logins.
    expect(h.count('login')).toBe(1);
    expect(h.count('listProjects')).toBe(2);
    const status = await h.status();
    expect(status.keyRejected).toBe(false);
    expect(status.lastError?.kind).toBe('auth');
    expect(await h.badge()).not.toBe('!');
    expect(await h.alarmTime()).toBeDefined();
  });

  it('is not an outage whose words speak of the session (503): no login, no "!"', async () => {
    await h.start();
    await h.connect();
    h.fake.clearLog();
    h.fake.setFault('unavailable');

    await h.fireAlarm();
    expect(h.count('login')).toBe(0);
    const status = await h.status();
    expect(status.keyRejected).toBe(false);
    expect(status.lastError).toMatchObject({ kind: 'server' });
    expect(await h.badge()).not.toBe('!');
    expect(await h.alarmTime()).toBeDefined();
  });

  it('is refused when saving a key the service rejects, and nothing is saved', async () => {
    await h.start();
    const reply = await h.send('saveConnection', { serviceUrl: h.fake.url, apiKey: 'wrong-key' });
    expect(reply).toMatchObject({ ok: false, error: { kind: 'key-rejected' } });
    expect(JSON.stringify(await fakeBrowser.storage.local.get())).not.toContain('wrong-key');
    expect(await h.badge()).toBe('?');
  });
});

describe('a key changed during a slow login', () => {
  const KEY_B = 'key-B-fedcba9876543210';

  it("throws the late login away: no call carries the old account's token", async () => {
    await h.start();
    await h.connect();
    h.fake.addAccount(KEY_B, { seedData: true });
    h.fake.clearLog();
    // The poll's token has expired: its re-login for the old key is slow.
    h.fake.expireTokens();
    h.fake.setFault('slow', { func: 'login', delayMs: 600, count: 1 });

    await h.fireAlarmWithoutWaiting();
    await h.until(() => h.fake.log.some((e) => e.func === 'login'), 'the slow login');
    const reply = await h.send('saveConnection', { serviceUrl: h.fake.url, apiKey: KEY_B });
    expect(reply).toMatchObject({ ok: true });
    await h.idle();

    // The old key's login did answer, after the save.
    const logins = h.fake.log.filter((e) => e.func === 'login');
    expect(logins.map((e) => e.body?.key)).toEqual([h.fake.apiKey, KEY_B]);
    // Every call after the first (the poll's 401 with the expired token) carried KEY_B's token.
    const calls = h.fake.log.filter((e) => e.func !== 'login');
    expect(calls[0]).toMatchObject({ func: 'listProjects', status: 401 });
    for (const call of calls.slice(1)) {
      expect(h.fake.accountOfToken(call.query.token), `${call.func}`).toBe(KEY_B);
    }
    expect(calls.slice(1).length).toBeGreaterThan(0);
    // The token kept is KEY_B's, and the key itself is not beside it.
    const session = JSON.stringify(await fakeBrowser.storage.session.get());
    const kept = [...session.matchAll(/"token":"([^"]+)"/g)].map((m) => m[1]);
    expect(kept.length).toBeGreaterThan(0);
    for (const token of kept) expect(h.fake.accountOfToken(token)).toBe(KEY_B);
    expect(session).not.toContain(KEY_B);
    expect((await h.status()).keyRejected).toBe(false);
  });
});

describe('a browser restart', () => {
  it('forgets the token; the start polls at once and logs in silently', async () => {
    await h.start();
    await h.connect();
    const project = h.fake.projects()[0].project_id;
    h.fake.addMentions(project, 2);
    h.fake.clearLog();
    const before = await h.status();

    await h.restartBrowser();
    expect(h.count('login')).toBe(1);
    expect(h.fake.log.every((e) => e.status === 200)).toBe(true);
    const after = await h.status();
    expect(after.lastError).toBeNull();
    expect(after.schedule.lastSuccessAt).toBeGreaterThanOrEqual(before.schedule.lastSuccessAt!);
    expect(await h.badge()).toBe(String(expectedFirstSyncUnread(h.fake)));
  });

  it('keeps the backoff on disk: a failing service is not polled again at the start', async () => {
    await h.start();
    await h.connect();
    h.fake.setFault('html500');
    await h.fireAlarm();
    const failing = await h.status();
    expect(failing.schedule.consecutiveFailures).toBe(1);
    h.fake.clearLog();

    await h.restartBrowser();
    expect(await fakeBrowser.storage.session.get('syncStatus')).toEqual({});
    expect(h.fake.log).toHaveLength(0);
    const after = await h.status();
    expect(after.schedule.consecutiveFailures).toBe(1);
    expect(after.schedule.nextPollAt).toBe(failing.schedule.nextPollAt);
    expect(after.lastError).toEqual(failing.lastError);
  });
});
