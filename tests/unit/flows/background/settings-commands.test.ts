// The settings commands through the real runtime.onMessage listener: a preference saved (and kept
// by a save from an older page that does not send it), and disconnecting.

import { describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { useBackground } from '../../support/background';

const h = useBackground();

describe('preferences', () => {
  it('saves where a mention opens, and a save without it (an older page) keeps it', async () => {
    await h.start();
    await h.connect();
    const { settingsItem } = await import('@/lib/storage/items');
    expect((await settingsItem.getValue()).openInBackground).toBe(false);

    const saved = await h.send('savePreferences', {
      pollIntervalMinutes: 10,
      notificationsEnabled: true,
      openInBackground: true,
    });
    expect(saved).toEqual({ ok: true, value: null });
    expect(await settingsItem.getValue()).toMatchObject({
      pollIntervalMinutes: 10,
      openInBackground: true,
    });

    await h.send('savePreferences', { pollIntervalMinutes: 15, notificationsEnabled: true });
    expect(await settingsItem.getValue()).toMatchObject({
      pollIntervalMinutes: 15,
      openInBackground: true,
    });
  });
});

describe('connection commands', () => {
  it('disconnects: token, key, alarm and (if asked) mentions gone', async () => {
    await h.start();
    await h.connect();
    expect(await h.send('disconnect', { keepMentions: false })).toEqual({ ok: true, value: null });
    await h.idle();
    expect(await fakeBrowser.storage.session.get('token')).toEqual({});
    expect(JSON.stringify(await fakeBrowser.storage.local.get())).not.toContain(h.fake.apiKey);
    expect(await h.alarmTime()).toBeUndefined();
    expect(Object.keys((await h.store()).byProject)).toEqual([]);
    expect(await h.badge()).toBe('?');
  });
});
