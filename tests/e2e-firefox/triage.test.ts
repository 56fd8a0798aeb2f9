// Mute and snooze in the Firefox build, against the fake service (issue 16), driven in the popup by
// accessible names as in Chromium: a muted author's mention leaves the list and the badge, and that
// author's next mention is stored but neither counted nor notified; snoozed, the extension counts
// but raises nothing, and resuming raises one summary. (The popup's shortcut: smoke.test.ts.) The
// steps share one browser and run in order.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeService, type FakeProject, type FakeService } from '../fake-service/server';
import { press } from './support/by-name';
import {
  axeViolations,
  extensionCalls,
  listedTitles,
  openPopup as openExtensionPopup,
  waitFor,
} from './support/extension-calls';
import { launchFirefoxWithExtension, type FirefoxExtensionBrowser } from './support/firefox';

let svc: FakeService;
let firefox: FirefoxExtensionBrowser;
let calls: ReturnType<typeof extensionCalls>;
let acme: FakeProject;

beforeAll(async () => {
  svc = await startFakeService({ port: 0 });
  firefox = await launchFirefoxWithExtension();
  calls = extensionCalls(firefox);
  await calls.command('saveConnection', { serviceUrl: svc.url, apiKey: svc.apiKey });
  await calls.waitForPoll();
  acme = svc.projects().find((p) => p.name === 'Acme')!;
  // Nothing new and nothing on screen: each step sees exactly what it adds.
  await calls.command('markAllRead', {});
});
afterAll(async () => {
  await firefox?.close();
  await svc?.close();
});

/** A poll, finished: what the fake service holds now is stored and notified. */
async function poll(): Promise<void> {
  const since = Date.now();
  await calls.command('pollNow');
  await calls.waitForPoll(since);
}

async function badgeIs(text: string): Promise<void> {
  await waitFor(
    `the badge ${JSON.stringify(text)}`,
    () => firefox.badgeText(),
    (t) => t === text,
  );
}

const openPopup = () => openExtensionPopup(firefox);

describe('mute and snooze in Firefox', () => {
  it('a muted author leaves the list and the badge; their next mention neither counts nor notifies', async () => {
    svc.addMentions(acme.project_id, 1, { author: 'Spam Bot', title: 'Spam Bot says hello' });
    svc.addMentions(acme.project_id, 1, { author: 'Jane Doe', title: 'Jane Doe on Acme' });
    await poll();
    await badgeIs('2');

    const popup = await openPopup();
    try {
      await waitFor(
        'both listed',
        () => listedTitles(popup),
        (t) => t.length === 2,
      );
      const row = await popup.waitForSelector(
        '[data-mention-list] li ::-p-text(Spam Bot says hello)',
      );
      const item = await row!.evaluateHandle((el) => el.closest('li')!);
      const more = await item.$('::-p-aria([name="More actions"][role="button"])');
      await more!.click();
      await press(popup, 'menuitem', 'Mute author Spam Bot');
      await popup.waitForSelector('::-p-text(Muted author Spam Bot)');
      await waitFor(
        'the muted mention gone',
        () => listedTitles(popup),
        (t) => t.length === 1 && t[0] === 'Jane Doe on Acme',
      );
      await badgeIs('1');
      expect(await axeViolations(popup)).toEqual([]);
    } finally {
      await popup.close();
    }

    await calls.recordNotifications();
    const [again] = svc.addMentions(acme.project_id, 1, {
      author: 'Spam Bot',
      title: 'Spam Bot again',
    });
    const [jane] = svc.addMentions(acme.project_id, 1, { author: 'Jane Doe' });
    await poll();
    // Stored (muted, not dropped); only Jane Doe's counts and notifies.
    const store = await firefox.evaluate(async () => browser.storage.local.get(null));
    expect(Object.keys(store)).toContain(`mention:${acme.project_id}:${again.id}`);
    await badgeIs('2');
    const raised = await waitFor('a notification', calls.raisedNotifications, (r) => r.length > 0);
    expect(raised).toEqual([`mm:mention:${acme.project_id}:${jane.id}`]);
  });

  it('snoozed, it counts but raises nothing; resuming raises one summary', async () => {
    const popup = await openPopup();
    try {
      await press(popup, 'button', 'Snooze notifications');
      await press(popup, 'menuitem', 'For 1 hour');
      await popup.waitForSelector('::-p-text(Notifications snoozed until)');

      await calls.recordNotifications();
      svc.addMentions(acme.project_id, 2, { author: 'Jane Doe' });
      await poll();
      await badgeIs('4');
      expect(await calls.raisedNotifications()).toEqual([]);

      await press(popup, 'button', 'Resume notifications');
      const ids = await waitFor('one summary', calls.raisedNotifications, (r) => r.length > 0);
      expect(ids).toHaveLength(1);
      expect(ids[0]).toMatch(/^mm:summary:/);
      expect(await axeViolations(popup)).toEqual([]);
    } finally {
      await popup.close();
    }
  });
});
