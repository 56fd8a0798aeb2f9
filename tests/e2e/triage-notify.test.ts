// What notifies under triage, in the built extension in real Chromium, against the fake service
// (issue 16): a muted author's new mention is neither counted, listed nor notified while another
// author's is; a snoozed extension counts but raises no notification, then one summary when the
// user resumes; a saved mention stays listed under Saved after the store pruned it. Every action
// is taken in the popup through the accessible names a person (or a screen reader) meets. The
// steps share one browser and run in order.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeService, type FakeProject, type FakeService } from '../fake-service/server';
import { axeViolations } from './support/axe';
import { launchWithExtension, type ExtensionBrowser } from './support/chromium';
import { ExtensionPage } from './support/extension-page';
import { listedTitles, openPopup } from './support/popup';

let svc: FakeService;
let browser: ExtensionBrowser;
let ext: ExtensionPage;
let acme: FakeProject;

beforeAll(async () => {
  svc = await startFakeService({ port: 0 });
  browser = await launchWithExtension();
  ext = await ExtensionPage.open(browser);
  await ext.configure(svc.url, svc.apiKey);
  acme = svc.projects().find((p) => p.name === 'Acme')!;
  // Start from nothing new and nothing on screen, so each step sees exactly what it adds.
  await ext.ok('markAllRead', {});
  await ext.clearNotifications();
});
afterAll(async () => {
  await browser?.close();
  await svc?.close();
});

/** A poll, finished: what the fake service holds now is stored (and its notifications raised). */
async function poll(): Promise<void> {
  const since = Date.now();
  await ext.ok('pollNow');
  await ext.waitForPoll(since);
}

/** The row of the listed mention titled `title`. */
function row(popup: Page, title: string) {
  return popup.locator('[data-mention-list] li').filter({ hasText: title });
}

describe('triage and notifications in Chromium', () => {
  it('a muted author’s new mention is neither counted, listed nor notified; another’s is', async () => {
    svc.addMentions(acme.project_id, 1, { author: 'Spam Bot', title: 'Spam Bot says hello' });
    await poll();
    await ext.clearNotifications();
    expect((await ext.settledBadge()).text).toBe('1');

    const popup = await openPopup(browser);
    const menuButton = row(popup, 'Spam Bot says hello').getByRole('button', {
      name: 'More actions',
    });
    await menuButton.click();
    await popup.getByRole('menuitem', { name: 'Mute author Spam Bot', exact: true }).click();
    await popup.getByText('Muted author Spam Bot').waitFor();
    // Gone from the list and from the badge at once.
    await expect.poll(() => listedTitles(popup)).not.toContain('Spam Bot says hello');
    expect((await ext.settledBadge()).text).toBe('');
    await popup.close();

    const [spam] = svc.addMentions(acme.project_id, 1, {
      author: 'Spam Bot',
      title: 'Spam Bot again',
    });
    const [jane] = svc.addMentions(acme.project_id, 1, {
      author: 'Jane Doe',
      title: 'Jane Doe reviews Acme',
    });
    await poll();

    // Stored (muted, not dropped), but only Jane's counts and notifies.
    const stored = (await ext.store()).byProject[acme.project_id].map((m) => m.id);
    expect(stored).toContain(spam.id);
    expect((await ext.settledBadge()).text).toBe('1');
    expect(await ext.notificationIds()).toEqual([`mm:mention:${acme.project_id}:${jane.id}`]);

    const again = await openPopup(browser);
    await again.getByText('Jane Doe reviews Acme').waitFor();
    expect(await listedTitles(again)).not.toContain('Spam Bot again');
    await again.close();
    await ext.clearNotifications();
  });

  it('snoozed, it counts but raises nothing; resuming raises one summary', async () => {
    const popup = await openPopup(browser);
    const snooze = popup.getByRole('button', { name: 'Snooze notifications' });
    await snooze.click();
    await popup.getByRole('menuitem', { name: 'For 1 hour' }).click();
    await popup.getByText(/^Notifications snoozed until /).waitFor();
    expect(await axeViolations(popup)).toEqual([]);

    svc.addMentions(acme.project_id, 3, { author: 'Jane Doe' });
    await poll();
    expect((await ext.settledBadge()).text).toBe('4');
    expect(await ext.notificationIds()).toEqual([]);

    await popup.getByRole('button', { name: 'Resume notifications' }).click();
    await popup.getByText(/^Notifications snoozed until /).waitFor({ state: 'detached' });
    await expect.poll(() => ext.notificationIds()).toHaveLength(1);
    const [summary] = await ext.notificationIds();
    expect(summary).toMatch(/^mm:summary:/);
    // Nothing missed is replayed one by one: a poll after the summary raises nothing more.
    await poll();
    expect(await ext.notificationIds()).toEqual([summary]);
    await popup.close();
    await ext.clearNotifications();
  });

  it('a saved mention stays under Saved after the store pruned it', async () => {
    const [kept] = svc.addMentions(acme.project_id, 1, { title: 'Keep this one for the report' });
    await poll();
    const popup = await openPopup(browser);
    await row(popup, 'Keep this one for the report')
      .getByRole('button', { name: 'Save for later' })
      .click();
    await popup.getByRole('button', { name: /^Saved/ }).click();
    await expect.poll(() => listedTitles(popup)).toEqual(['Keep this one for the report']);
    await popup.close();

    // 500 newer mentions in the same project (its date, later ids): the store keeps a project's
    // newest 500, so the saved one is pruned.
    svc.addMentions(acme.project_id, 500, { date_added: kept.date_added });
    await poll();
    const stored = (await ext.store()).byProject[acme.project_id].map((m) => m.id);
    expect(stored).not.toContain(kept.id);

    const after = await openPopup(browser);
    await after.getByRole('button', { name: /^Saved/ }).click();
    await expect.poll(() => listedTitles(after)).toEqual(['Keep this one for the report']);
    await after.getByRole('button', { name: 'Remove from Saved' }).first().waitFor();
    await after.close();
  });
});
