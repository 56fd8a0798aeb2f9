// Changes that arrive while a poll is running, and changes of connection: the poll that follows
// must work from the new state, not the one the running poll started with.

import { afterAll, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { startFakeService, type FakeService } from '../../../fake-service/server';
import { useBackground } from '../../support/background';
import { expectedFirstSyncUnread } from '../../support/background-store';
import { unreadCount } from '../../support/mention-factory';
import { mentionCount } from '@/lib/mentions/store';

const h = useBackground();
let second: FakeService | undefined;
afterAll(async () => {
  await second?.close();
});

/** Starts an alarm poll and holds it at its last project's mentions. */
async function heldPoll() {
  const last = h.fake.projects().at(-1)!.project_id;
  const held = h.hold('getMentions', last);
  await h.fireAlarmWithoutWaiting();
  await h.until(() => held.waiting > 0, 'the poll to reach the last project');
  return held;
}

it('polls again with a new API key saved while a poll with the old one runs', async () => {
  await h.start();
  await h.connect();
  const held = await heldPoll();

  h.fake.addAccount('second-account-key-0123', { seedData: false });
  const reply = await h.send('saveConnection', {
    serviceUrl: h.fake.url,
    apiKey: 'second-account-key-0123',
  });
  expect(reply).toEqual({ ok: true, value: { projectCount: 0 } });
  h.fake.clearLog();
  held.release();
  await h.idle();

  // The follow-up poll listed the new account's projects (none), with the new account's token.
  expect(h.count('listProjects')).toBe(1);
  expect(mentionCount(await h.store())).toBe(0);
  expect(await h.badge()).toBe('');
});

it('joins the running poll when a save changes nothing', async () => {
  await h.start();
  await h.connect();
  const held = await heldPoll();
  await h.send('saveConnection', { serviceUrl: h.fake.url, apiKey: h.fake.apiKey });
  h.fake.clearLog();
  held.release();
  await h.idle();
  expect(h.count('listProjects')).toBe(0);
});

it('fetches a project added during a poll right after it, not an interval later', async () => {
  await h.start();
  await h.connect();
  const held = await heldPoll();

  const added = await h.send('addProject', {
    input: {
      name: 'Initech',
      type: 'brandMonitoring',
      language: 'all',
      source: ['twitter', 'web'],
      location: 'all',
      email_notification: 0,
      browser_notification: 0,
      fields: { brand_url: 'initech.test' },
    },
  });
  if (!added.ok || added.value.projectId === undefined) throw new Error('addProject failed');
  const projectId = added.value.projectId;
  h.fake.addMentions(projectId, 2);
  held.release();
  await h.idle();

  const store = await h.store();
  expect(store.byProject[projectId]?.map((m) => m.read)).toEqual([false, false]);
});

it('forgets the mentions and read state of a service it no longer uses', async () => {
  await h.start();
  await h.connect();
  await h.send('markAllRead', {});
  expect(unreadCount(await h.store())).toBe(0);

  // Another service whose project and mention ids are the same as the first one's.
  second = await startFakeService({ port: 0 });
  const reply = await h.send('saveConnection', { serviceUrl: second.url, apiKey: second.apiKey });
  expect(reply.ok).toBe(true);
  await h.idle();

  // Had the old read state survived, nothing would be unread.
  expect(unreadCount(await h.store())).toBe(expectedFirstSyncUnread(second));
});

it('takes a session refused even after a fresh login for an outage, not a rejected key', async () => {
  await h.start();
  await h.connect();
  // Every call's token is refused; the login itself (the key) is accepted.
  h.fake.setFault('rejectToken', { count: 1_000 });
  h.fake.clearLog();
  await h.fireAlarm();
  expect(h.count('login')).toBe(1);
  const status = await h.status();
  expect(status.keyRejected).toBe(false);
  expect(status.lastError?.kind).toBe('auth');
  expect(status.schedule.consecutiveFailures).toBe(1);
  expect(await h.badge()).not.toBe('!');
  // Polling goes on, backing off.
  expect(await h.alarmTime()).toBe(status.schedule.nextPollAt);
  expect(status.schedule.nextPollAt).toBeGreaterThan(Date.now());
});

it('notices a permission granted in the browser and polls at once', async () => {
  const contains = vi.spyOn(fakeBrowser.permissions, 'contains').mockResolvedValue(false);
  await h.start();
  await h.connect();
  expect(await h.badge()).toBe('⊘');
  expect(h.count('getMentions')).toBe(0);

  contains.mockResolvedValue(true);
  const onAdded = vi.mocked(fakeBrowser.permissions.onAdded.addListener).mock.calls[0][0];
  onAdded({ origins: [`${h.fake.url}/*`] });
  await h.idle();
  expect(h.count('getMentions')).toBe(h.fake.projects().length);
  expect(await h.badge()).toBe(String(expectedFirstSyncUnread(h.fake)));
});
