// The popup's triage in the built extension, in real Chromium, against the fake service (issue 16),
// driven by accessible names and keys: a muted author's mention leaves the list and the badge while
// another author's stays, and Undo brings it back; a saved mention stays under Saved after "Mark
// all read"; s saves the focused mention and x opens its menu on the first mute; a snooze shows its
// line and "Resume notifications" clears it. axe-core clean with the menu open and with the line.
// The steps share one browser and run in order.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeViolations } from './support/axe';
import { connectedSuite } from './support/connected-suite';
import { listedTitles, openPopup } from './support/popup';

interface TriageView {
  muteRules?: { id: string; kind: string; value: string; projectId: number | null }[];
  snooze?: { until: number | null } | null;
}
interface SavedView {
  items?: { record: { id: number; title: string } }[];
}

const suite = connectedSuite();

/** The row whose title is exactly `title` (after the "Unread:" said to screen readers). */
const row = (popup: Page, title: string) =>
  popup.getByRole('listitem').filter({
    has: popup.locator('.mention__title', { hasText: new RegExp(`^(Unread: )?${title}$`) }),
  });

describe('triage in the popup, in Chromium', () => {
  it('a muted author leaves the list and the badge, another author stays; Undo brings it back', async () => {
    suite.svc.addMentions(suite.acme.project_id, 1, {
      title: 'Spam from Jane',
      author: 'Jane Doe',
    });
    suite.svc.addMentions(suite.acme.project_id, 1, { title: 'News from Sam', author: 'Sam Roe' });
    await suite.poll();
    expect((await suite.ext.settledBadge()).text).toBe('2');

    const popup = await openPopup(suite.browser);
    expect((await listedTitles(popup)).sort()).toEqual(['News from Sam', 'Spam from Jane']);
    const more = row(popup, 'Spam from Jane').getByRole('button', { name: 'More actions' });
    await more.click();
    const menu = popup.getByRole('menu');
    await menu.waitFor();
    expect(await more.getAttribute('aria-expanded')).toBe('true');
    expect(await axeViolations(popup)).toEqual([]);
    await menu.getByRole('menuitem', { name: 'Mute author Jane Doe', exact: true }).click();

    await popup.getByText('Muted author Jane Doe').waitFor();
    await expect.poll(() => listedTitles(popup)).toEqual(['News from Sam']);
    expect(await popup.getByRole('button', { name: 'New 1' }).isVisible()).toBe(true);
    expect((await suite.ext.settledBadge()).text).toBe('1');
    const triage = await suite.ext.local<TriageView>('triage');
    expect(
      triage?.muteRules?.map(({ kind, value, projectId }) => ({ kind, value, projectId })),
    ).toEqual([{ kind: 'author', value: 'Jane Doe', projectId: null }]);

    // A new mention of the muted author is stored but neither listed nor counted.
    suite.svc.addMentions(suite.acme.project_id, 1, {
      title: 'More spam from Jane',
      author: 'jane doe',
    });
    await suite.poll();
    expect((await suite.ext.settledBadge()).text).toBe('1');
    expect(await listedTitles(popup)).toEqual(['News from Sam']);

    await popup.getByRole('button', { name: 'Undo' }).click();
    await expect
      .poll(async () => (await listedTitles(popup)).sort())
      .toEqual(['News from Sam', 'Spam from Jane']);
    // What arrived while the popup was open waits behind its button, as any new mention does.
    await popup.getByRole('button', { name: /^Show 1 new/ }).click();
    await expect
      .poll(async () => (await listedTitles(popup)).sort())
      .toEqual(['More spam from Jane', 'News from Sam', 'Spam from Jane']);
    expect((await suite.ext.settledBadge()).text).toBe('3');
    expect((await suite.ext.local<TriageView>('triage'))?.muteRules).toEqual([]);
    await popup.close();
  });

  it('a saved mention stays under Saved after Mark all read', async () => {
    const popup = await openPopup(suite.browser);
    const star = row(popup, 'News from Sam').getByRole('button', { name: 'Save for later' });
    await star.click();
    await row(popup, 'News from Sam').getByRole('button', { name: 'Remove from Saved' }).waitFor();
    await popup.getByRole('button', { name: 'Saved 1' }).waitFor();

    await popup.getByRole('button', { name: 'Mark all read' }).click();
    await popup.getByRole('heading', { name: 'You are all caught up' }).waitFor();
    expect((await suite.ext.settledBadge()).text).toBe('');

    await popup.getByRole('button', { name: 'Saved 1' }).click();
    await expect.poll(() => listedTitles(popup)).toEqual(['News from Sam']);
    expect(await row(popup, 'News from Sam').getAttribute('class')).toContain('mention--read');
    const saved = await suite.ext.local<SavedView>('savedMentions');
    expect(saved?.items?.map((item) => item.record.title)).toEqual(['News from Sam']);
    await popup.close();

    // Opened again, the popup lists it under Saved from storage.
    const again = await openPopup(suite.browser);
    await again.getByRole('button', { name: 'Saved 1' }).click();
    await expect.poll(() => listedTitles(again)).toEqual(['News from Sam']);
    await again.close();
  });

  it('s saves the focused mention; x opens its menu on the first mute, Esc gives focus back', async () => {
    suite.svc.addMentions(suite.acme.project_id, 1, { title: 'Keyboard story', author: 'Kim Key' });
    await suite.poll();
    const popup = await openPopup(suite.browser);
    await expect.poll(() => listedTitles(popup)).toEqual(['Keyboard story']);
    await popup.keyboard.press('j');
    const link = row(popup, 'Keyboard story').getByRole('link');
    expect(await link.evaluate((el) => el === document.activeElement)).toBe(true);

    await popup.keyboard.press('s');
    await popup.getByRole('button', { name: 'Saved 2' }).waitFor();
    await row(popup, 'Keyboard story').getByRole('button', { name: 'Remove from Saved' }).waitFor();

    await popup.keyboard.press('x');
    const menu = popup.getByRole('menu');
    await menu.waitFor();
    const first = menu.getByRole('menuitem', { name: 'Mute author Kim Key', exact: true });
    expect(await first.evaluate((el) => el === document.activeElement)).toBe(true);
    await popup.keyboard.press('ArrowDown');
    expect(await popup.evaluate(() => document.activeElement?.textContent)).toBe(
      'Mute author Kim Key in this project',
    );
    await popup.keyboard.press('Escape');
    await menu.waitFor({ state: 'detached' });
    const more = row(popup, 'Keyboard story').getByRole('button', { name: 'More actions' });
    expect(await more.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(popup.isClosed()).toBe(false);
    expect((await suite.ext.local<TriageView>('triage'))?.muteRules).toEqual([]);
    await popup.close();
  });

  it('a snooze shows its line; Resume notifications clears it', async () => {
    await suite.ext.clearNotifications();
    const popup = await openPopup(suite.browser);
    await popup.getByRole('button', { name: 'Snooze notifications' }).click();
    const menu = popup.getByRole('menu');
    await menu.getByRole('menuitem', { name: 'For 1 hour' }).click();
    // The click only sends the command: the background stores the snooze a moment later.
    const storedUntil = async () =>
      (await suite.ext.local<TriageView>('triage'))?.snooze?.until ?? 0;
    await expect.poll(storedUntil).toBeGreaterThan(Date.now());
    const until = await storedUntil();
    // The time as the popup writes it: the browser's language, its short time style.
    const time = await popup.evaluate(
      (ms) =>
        new Intl.DateTimeFormat(chrome.i18n.getUILanguage(), { timeStyle: 'short' }).format(ms),
      until,
    );
    const sameDay = new Date(until).toDateString() === new Date().toDateString();
    const line = sameDay
      ? `Notifications snoozed until ${time}`
      : `Notifications snoozed until tomorrow ${time}`;
    await popup.getByText(line).waitFor();
    // Still counted while snoozed.
    suite.svc.addMentions(suite.acme.project_id, 1, { title: 'While snoozed' });
    await suite.poll();
    expect((await suite.ext.settledBadge()).text).toBe('2');
    expect(await suite.ext.notificationIds()).toEqual([]);
    expect(await axeViolations(popup)).toEqual([]);

    await popup.getByRole('button', { name: 'Resume notifications' }).click();
    await popup.getByText(line).waitFor({ state: 'detached' });
    expect((await suite.ext.local<TriageView>('triage'))?.snooze ?? null).toBeNull();
    await popup.close();
  });
});
