// What notifies under triage, in the built extension in real Chromium, against the fake service
// (issue 16): a muted author's new mention is neither counted, listed nor notified while another
// author's is; a snoozed extension counts but raises no notification, then one summary when the
// user resumes; a saved mention stays listed under Saved after the store pruned it. Every action
// is taken in the popup through the accessible names a person (or a screen reader) meets. The
// steps share one browser and run in order.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from './support/axe';
import { connectedSuite } from './support/connected-suite';
import { listedTitles, openPopup } from './support/popup';

const suite = connectedSuite();

beforeAll(async () => {
  await suite.ext.clearNotifications();
});

/** The row of the listed mention titled `title`. */
function row(popup: Page, title: string) {
  return popup.locator('[data-mention-list] li').filter({ hasText: title });
}

describe('triage and notifications in Chromium', () => {
  it('a muted author’s new mention is neither counted, listed nor notified; another’s is', async () => {
    suite.svc.addMentions(suite.acme.project_id, 1, {
      author: 'Spam Bot',
      title: 'Spam Bot says hello',
    });
    await suite.poll();
    await suite.ext.clearNotifications();
    expect((await suite.ext.settledBadge()).text).toBe('1');

    const popup = await openPopup(suite.browser);
    const menuButton = row(popup, 'Spam Bot says hello').getByRole('button', {
      name: 'More actions',
    });
    await menuButton.click();
    await popup.getByRole('menuitem', { name: 'Mute author Spam Bot', exact: true }).click();
    await popup.getByText('Muted author Spam Bot').waitFor();
    // Gone from the list and from the badge at once.
    await expect.poll(() => listedTitles(popup)).not.toContain('Spam Bot says hello');
    expect((await suite.ext.settledBadge()).text).toBe('');
    await popup.close();

    const [spam] = suite.svc.addMentions(suite.acme.project_id, 1, {
      author: 'Spam Bot',
      title: 'Spam Bot again',
    });
    const [jane] = suite.svc.addMentions(suite.acme.project_id, 1, {
      author: 'Jane Doe',
      title: 'Jane Doe reviews Acme',
    });
    await suite.poll();

    // Stored (muted, not dropped), but only Jane's counts and notifies.
    const stored = (await suite.ext.store()).byProject[suite.acme.project_id].map((m) => m.id);
    expect(stored).toContain(spam.id);
    expect((await suite.ext.settledBadge()).text).toBe('1');
    expect(await suite.ext.notificationIds()).toEqual([
      `mm:mention:${suite.acme.project_id}:${jane.id}`,
    ]);

    const again = await openPopup(suite.browser);
    await again.getByText('Jane Doe reviews Acme').waitFor();
    expect(await listedTitles(again)).not.toContain('Spam Bot again');
    await again.close();
    await suite.ext.clearNotifications();
  });

  it('snoozed, it counts but raises nothing; resuming raises one summary', async () => {
    const popup = await openPopup(suite.browser);
    const snooze = popup.getByRole('button', { name: 'Snooze notifications' });
    await snooze.click();
    await popup.getByRole('menuitem', { name: 'For 1 hour' }).click();
    await popup.getByText(/^Notifications snoozed until /).waitFor();
    expect(await axeViolations(popup)).toEqual([]);

    suite.svc.addMentions(suite.acme.project_id, 3, { author: 'Jane Doe' });
    await suite.poll();
    expect((await suite.ext.settledBadge()).text).toBe('4');
    expect(await suite.ext.notificationIds()).toEqual([]);

    await popup.getByRole('button', { name: 'Resume notifications' }).click();
    await popup.getByText(/^Notifications snoozed until /).waitFor({ state: 'detached' });
    await expect.poll(() => suite.ext.notificationIds()).toHaveLength(1);
    const [summary] = await suite.ext.notificationIds();
    expect(summary).toMatch(/^mm:summary:/);
    // Nothing missed is replayed one by one: a poll after the summary raises nothing more.
    await suite.poll();
    expect(await suite.ext.notificationIds()).toEqual([summary]);
    await popup.close();
    await suite.ext.clearNotifications();
  });

  it('a saved mention stays under Saved after the store pruned it', async () => {
    const [kept] = suite.svc.addMentions(suite.acme.project_id, 1, {
      title: 'Keep this one for the report',
    });
    await suite.poll();
    const popup = await openPopup(suite.browser);
    await row(popup, 'Keep this one for the report')
      .getByRole('button', { name: 'Save for later' })
      .click();
    await popup.getByRole('button', { name: /^Saved/ }).click();
    await expect.poll(() => listedTitles(popup)).toEqual(['Keep this one for the report']);
    await popup.close();

    // 500 newer mentions in the same project (its date, later ids): the store keeps a project's
    // newest 500, so the saved one is pruned.
    suite.svc.addMentions(suite.acme.project_id, 500, { date_added: kept.date_added });
    await suite.poll();
    const stored = (await suite.ext.store()).byProject[suite.acme.project_id].map((m) => m.id);
    expect(stored).not.toContain(kept.id);

    const after = await openPopup(suite.browser);
    await after.getByRole('button', { name: /^Saved/ }).click();
    await expect.poll(() => listedTitles(after)).toEqual(['Keep this one for the report']);
    await after.getByRole('button', { name: 'Remove from Saved' }).first().waitFor();
    await after.close();
  });
});
