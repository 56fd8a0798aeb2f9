// Scheduling after failures through the real alarm listener: exponential backoff within bounds,
// Retry-After honoured and clamped, success resets, offline skips, and the attention badge only
// after a few failures in a row.

import { describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { backoffCeiling } from '@/lib/sync/schedule';
import { BACKOFF_CAP_MS, BACKOFF_FLOOR_MS, PROJECT_CONCURRENCY } from '../../support/limits';
import { useBackground } from '../../support/background';
import { goOffline } from '../../support/background-environment';
import { expectedFirstSyncUnread } from '../../support/background-store';

const h = useBackground();
const HOUR_MS = 60 * 60_000;

/** The delay the last poll chose: from its time to the alarm it left. */
async function lastDelay(): Promise<number> {
  const status = await h.status();
  return (await h.alarmTime())! - status.lastPollAt!;
}

async function connected(): Promise<void> {
  await h.start();
  await h.connect();
  h.fake.clearLog();
}

describe('backoff', () => {
  it.each([
    ['the top of', 0.999_999],
    ['the bottom of', 0],
    ['the middle of', 0.5],
  ])('keeps delays within bounds, drawing from %s the range', async (_where, draw) => {
    // The background takes Math.random when it starts.
    vi.spyOn(Math, 'random').mockReturnValue(draw);
    await connected();
    h.fake.setFault('html500', { func: 'listProjects' });

    let previous = 0;
    for (let failures = 1; failures <= 9; failures++) {
      await h.fireAlarm();
      const status = await h.status();
      expect(status.schedule.consecutiveFailures).toBe(failures);
      expect(status.lastError?.kind).toBe('server');
      const delay = await lastDelay();
      expect(delay).toBeGreaterThanOrEqual(BACKOFF_FLOOR_MS);
      expect(delay).toBeLessThanOrEqual(Math.min(BACKOFF_CAP_MS, 60_000 * 2 ** (failures - 1)));
      expect(delay).toBeGreaterThanOrEqual(previous);
      const expected = BACKOFF_FLOOR_MS + draw * (backoffCeiling(failures) - BACKOFF_FLOOR_MS);
      expect(Math.abs(delay - expected)).toBeLessThanOrEqual(1);
      previous = delay;
    }
    if (draw > 0.99) expect(previous).toBeGreaterThan(0.99 * BACKOFF_CAP_MS);
  });

  it('resets after a success', async () => {
    await connected();
    h.fake.setFault('html500', { func: 'listProjects' });
    await h.fireAlarm();
    await h.fireAlarm();
    h.fake.clearFaults();

    await h.fireAlarm();
    const status = await h.status();
    expect(status.schedule.consecutiveFailures).toBe(0);
    expect(status.lastError).toBeNull();
    const delay = await lastDelay();
    expect(delay).toBeGreaterThanOrEqual(0.9 * 5 * 60_000);
    expect(delay).toBeLessThanOrEqual(1.1 * 5 * 60_000);
  });

  it('uses the poll interval from the settings after a success', async () => {
    await connected();
    const saved = await h.send('savePreferences', {
      pollIntervalMinutes: 15,
      notificationsEnabled: true,
    });
    expect(saved).toEqual({ ok: true, value: null });
    await h.fireAlarm();
    const delay = await lastDelay();
    expect(delay).toBeGreaterThanOrEqual(0.9 * 15 * 60_000);
    expect(delay).toBeLessThanOrEqual(1.1 * 15 * 60_000);
  });
});

describe('an interval stored outside today’s choices', () => {
  it('never makes a save fail: 45 minutes (an older version, another device) stays and is used', async () => {
    await connected();
    const { settings } = await fakeBrowser.storage.local.get('settings');
    await fakeBrowser.storage.local.set({
      settings: { ...(settings as object), pollIntervalMinutes: 45 },
    });

    // What the options page sends when the notifications switch is toggled: the interval as shown.
    const saved = await h.send('savePreferences', {
      pollIntervalMinutes: 45,
      notificationsEnabled: false,
    });
    expect(saved).toEqual({ ok: true, value: null });
    const stored = (await fakeBrowser.storage.local.get('settings')).settings;
    expect(stored).toMatchObject({ pollIntervalMinutes: 45, notificationsEnabled: false });

    await h.fireAlarm();
    const delay = await lastDelay();
    expect(delay).toBeGreaterThanOrEqual(0.9 * 45 * 60_000);
    expect(delay).toBeLessThanOrEqual(1.1 * 45 * 60_000);
  });

  it.each([
    ['a fraction of a minute, rounded', 45.4, 45],
    ['a whole day', 24 * 60, 24 * 60],
  ])('accepts %s', async (_what, sent, kept) => {
    await connected();
    const saved = await h.send('savePreferences', {
      pollIntervalMinutes: sent,
      notificationsEnabled: true,
    });
    expect(saved).toEqual({ ok: true, value: null });
    expect((await fakeBrowser.storage.local.get('settings')).settings).toMatchObject({
      pollIntervalMinutes: kept,
    });
  });

  it('refuses one beyond a day', async () => {
    await connected();
    const saved = await h.send('savePreferences', {
      pollIntervalMinutes: 24 * 60 + 1,
      notificationsEnabled: true,
    });
    expect(saved).toMatchObject({ ok: false, error: { kind: 'invalid-input' } });
  });
});

describe('Retry-After', () => {
  it.each([
    ['honoured when longer than the backoff', '7200', 2 * HOUR_MS],
    ['clamped up to 30 s', '1', 30_000],
    ['clamped down to 24 h', '999999', 24 * HOUR_MS],
  ])('is %s', async (_what, retryAfter, expected) => {
    vi.spyOn(Math, 'random').mockReturnValue(0);
    await connected();
    h.fake.setFault('rateLimit', { func: 'listProjects', retryAfter });

    await h.fireAlarm();
    expect(h.fake.log.map((e) => e.status)).toEqual([429]);
    expect((await h.status()).lastError?.kind).toBe('rate-limited');
    expect(await lastDelay()).toBe(expected);
  });

  it('accepts an HTTP date', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0);
    await connected();
    const at = new Date(Date.now() + 3 * HOUR_MS).toUTCString();
    h.fake.setFault('rateLimit', { func: 'listProjects', retryAfter: at });

    await h.fireAlarm();
    expect(Math.abs((await h.alarmTime())! - Date.parse(at))).toBeLessThanOrEqual(2_000);
  });

  it('is honoured when the projects’ calls are rate limited, and ends the poll there', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0);
    await connected();
    h.fake.setFault('rateLimit', { func: 'getMentions', retryAfter: '600' });

    await h.fireAlarm();
    const status = await h.status();
    expect(status.schedule.consecutiveFailures).toBe(1);
    expect(status.lastError?.kind).toBe('rate-limited');
    // Only the calls already under way when the first 429 came were made; no project after them.
    const asked = h.count('getMentions');
    expect(asked).toBeLessThanOrEqual(PROJECT_CONCURRENCY);
    expect(asked).toBeLessThan(h.fake.projects().length);
    expect(Object.keys(status.projectErrors)).toHaveLength(asked);
    expect(await lastDelay()).toBe(600_000);
  });
});

describe('offline', () => {
  it('skips a cycle without a request and without counting a failure', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0.999_999);
    await connected();
    h.fake.setFault('html500', { func: 'listProjects' });
    await h.fireAlarm();
    await h.fireAlarm();
    h.fake.clearLog();
    const before = await h.status();

    const online = goOffline();
    try {
      await h.fireAlarm();
      expect(await h.send('pollNow')).toEqual({ ok: true, value: { polled: false } });
    } finally {
      online();
    }
    expect(h.fake.log).toHaveLength(0);
    const status = await h.status();
    expect(status.schedule.consecutiveFailures).toBe(2);
    expect(status.lastError).toEqual(before.lastError);
    // Still backing off at the level it had reached.
    const delay = await lastDelay();
    expect(delay).toBeLessThanOrEqual(backoffCeiling(2));
    expect(delay).toBeGreaterThan(backoffCeiling(1));
    expect(await h.badge()).not.toBe('×');
  });
});

describe('the attention badge', () => {
  it('shows "×" only after three failures in a row, and recovers after a success', async () => {
    await connected();
    const count = String(expectedFirstSyncUnread(h.fake));
    h.fake.setFault('html500', { func: 'listProjects' });

    await h.fireAlarm();
    expect(await h.badge()).toBe(count);
    await h.fireAlarm();
    expect(await h.badge()).toBe(count);
    await h.fireAlarm();
    expect(await h.badge()).toBe('×');
    expect(await h.title()).toMatch(/cannot be reached/i);
    // A worker start keeps it.
    await h.restartWorker();
    expect(await h.badge()).toBe('×');

    h.fake.clearFaults();
    await h.fireAlarm();
    expect(await h.badge()).toBe(count);
    expect(await h.title()).toContain('Acme');
  });

  it('is not raised by one failing project among good ones', async () => {
    await connected();
    for (let i = 0; i < 4; i++) {
      h.fake.setFault('html500', { func: 'getMentions', count: 1 });
      await h.fireAlarm();
    }
    expect((await h.status()).schedule.consecutiveFailures).toBe(0);
    expect(await h.badge()).toBe(String(expectedFirstSyncUnread(h.fake)));
  });
});
