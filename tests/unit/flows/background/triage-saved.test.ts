// Saving for later and settings backups through the real background: a saved mention is a copy
// that survives "Mark all read" and the store's pruning; everything of the triage is the account's
// and goes with it; an import applies a whole file or nothing.

import { describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { buildBackup } from '@/lib/backup/backup';
import { recordOf } from '@/lib/mentions/mention-record';
import { DEFAULT_SETTINGS } from '@/lib/settings/settings';
import { EMPTY_TRIAGE } from '../../support/triage-fixtures';
import { useBackground } from '../../support/background';
import { triageSteps } from '../../support/background-triage';

const h = useBackground();
const s = triageSteps(h);

describe('saving for later', () => {
  it('keeps a copy through Mark all read and the store’s pruning; unsave removes it', async () => {
    await s.connected();
    const project = s.projectIds().notifying[0];
    const [oldest] = (await h.store()).byProject[project].slice(-1);
    const key = { projectId: project, id: oldest.id };
    expect(await h.send('saveMention', { key })).toEqual({ ok: true, value: null });
    expect((await s.saved()).items).toEqual([
      { record: recordOf(oldest), savedAt: expect.any(Number) },
    ]);
    // Saving again changes nothing.
    await h.send('saveMention', { key });
    expect((await s.saved()).items).toHaveLength(1);

    await h.send('markAllRead', {});
    // 500 newer mentions push the oldest out of the project (its cap).
    h.fake.addMentions(project, 500);
    await h.fireAlarm();
    expect((await h.store()).byProject[project].some((m) => m.id === oldest.id)).toBe(false);
    expect((await s.saved()).items.map((item) => item.record.id)).toEqual([oldest.id]);

    expect(await h.send('unsaveMention', { key })).toEqual({ ok: true, value: null });
    expect((await s.saved()).items).toEqual([]);
  });

  it('refuses a mention the store no longer has, in words', async () => {
    await s.connected();
    const reply = await h.send('saveMention', { key: { projectId: 1, id: 999_999 } });
    expect(reply).toMatchObject({ ok: false, error: { kind: 'invalid-input' } });
    expect(!reply.ok && reply.error.message).toMatch(/no longer stored/);
  });
});

describe('the account’s triage', () => {
  it('goes with the account: disconnecting clears rules, switches, snooze and saved', async () => {
    await s.connected();
    const [mention] = (await s.preview()).newestUnread;
    await h.send('mute', { kind: 'phrase', value: 'launch', projectId: null });
    await h.send('setProjectSwitches', { projectId: mention.project_id, notify: false });
    await h.send('snooze', { until: Date.now() + 3_600_000 });
    await h.send('saveMention', { key: { projectId: mention.project_id, id: mention.id } });

    await h.send('disconnect', {});
    await h.idle();
    const local = await fakeBrowser.storage.local.get(['triage', 'savedMentions']);
    expect(local).toEqual({});
    expect(await s.triage()).toEqual(EMPTY_TRIAGE);
    expect(await fakeBrowser.alarms.get('snooze-end')).toBeUndefined();
  });
});

describe('importing settings', () => {
  it('applies a whole file: preferences, rules, switches and the saved mentions still stored', async () => {
    await s.connected();
    const [first, second] = (await s.preview()).newestUnread;
    const file = buildBackup(
      {
        ...DEFAULT_SETTINGS,
        pollIntervalMinutes: 30,
        quietHours: { enabled: true, start: 60, end: 120 },
      },
      {
        ...EMPTY_TRIAGE,
        muteRules: [
          { id: 'rabc1', kind: 'author', value: first.author, projectId: null, createdAt: 1 },
        ],
        projectSwitches: { '77': { notify: false, badge: true } },
      },
      { items: [second, { ...first, id: 424_242 }].map((m) => ({ record: m, savedAt: 1 })) },
      { includeApiKey: true },
    );

    const reply = await h.send('importSettings', { backup: JSON.parse(JSON.stringify(file)) });
    // The file's key is not used: this browser already has an account.
    expect(reply).toEqual({
      ok: true,
      value: { muteRules: 1, projectSwitches: 1, saved: 1, apiKey: false, accounts: 0, leftOut: 0 },
    });
    const settings = (await fakeBrowser.storage.local.get('settings')).settings;
    expect(settings).toMatchObject({
      pollIntervalMinutes: 30,
      quietHours: { enabled: true, start: 60, end: 120 },
      apiKey: h.fake.apiKey,
    });
    expect(await s.triage()).toMatchObject({
      muteRules: [{ id: 'rabc1', value: first.author }],
      projectSwitches: { '77': { notify: false, badge: true } },
    });
    // The imported rule hides that author from the preview at once.
    expect((await s.preview()).newestUnread.some((m) => m.author === first.author)).toBe(false);
    expect((await s.saved()).items.map((item) => item.record.id)).toEqual([second.id]);

    // The same file again adds nothing.
    const again = await h.send('importSettings', { backup: file });
    expect(again).toMatchObject({ ok: true, value: { muteRules: 0, saved: 0 } });
  });

  it('connects a browser without an account with the file’s address and key', async () => {
    await h.start();
    const file = buildBackup(
      { ...DEFAULT_SETTINGS, serviceUrl: h.fake.url, apiKey: h.fake.apiKey },
      EMPTY_TRIAGE,
      { items: [] },
      { includeApiKey: true },
    );
    const reply = await h.send('importSettings', { backup: file });
    expect(reply).toMatchObject({ ok: true, value: { apiKey: true } });
    await h.idle();
    expect(Object.keys((await h.store()).byProject).length).toBeGreaterThan(0);
  });

  it('refuses a backup storage would not read back as sent, changing nothing', async () => {
    await s.connected();
    const before = await fakeBrowser.storage.local.get(null);
    const reply = await h.send('importSettings', {
      backup: {
        format: 'mention-monitor-settings',
        version: 1,
        preferences: { pollIntervalMinutes: 'often', notificationsEnabled: true },
        muteRules: [{ id: 'r1', kind: 'mood', value: 'x', projectId: null, createdAt: 1 }],
        projectSwitches: {},
        savedIds: [],
      },
    });
    // The options page words a file's problems (parseBackup) before it sends anything; what
    // reaches the background anyway is refused whole.
    expect(reply).toEqual({
      ok: false,
      error: { kind: 'invalid-input', message: 'The request was malformed.' },
    });
    expect(await fakeBrowser.storage.local.get(null)).toEqual(before);
  });
});
