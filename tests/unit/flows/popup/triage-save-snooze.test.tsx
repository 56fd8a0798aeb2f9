// @vitest-environment happy-dom
// Saving for later from the popup (the star, s) and the Saved view, which outlives "Mark all read"
// and the store's pruning; and the snooze: its menu, the status line and "Resume notifications".
// The background's own command handlers answer (../../support/popup-triage.ts).
import { FIRST_ACCOUNT } from '@/lib/accounts/accounts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { uiLanguage } from '@/lib/i18n';
import { recordOf } from '@/lib/mentions/mention-record';
import { savedMentionsItem, settingsItem, triageItem } from '@/lib/storage/items';
import { clockTime } from '@/lib/mention-view/snooze';
import { stored } from '../../support/mention-factory';
import { link, popupWith } from '../../support/popup-actions';
import { usePopup } from '../../support/popup-flow';
import { CONFIGURED, listedTitles, rowOf } from '../../support/popup-page';
import { answerTriage, storedSaved, storedTriage } from '../../support/popup-triage';

vi.mock('@/lib/messaging/messenger', () => ({ sendMessage: vi.fn() }));

const popup = usePopup();
beforeEach(() => answerTriage(popup.background));
afterEach(() => vi.useRealTimers());

const star = (title: string, name = 'Save for later') =>
  within(rowOf(title)).getByRole('button', { name });
const view = (name: string | RegExp) => screen.getByRole('button', { name });

describe('saving for later', () => {
  it('the star saves; Saved counts and lists it, and keeps it after Mark all read', async () => {
    await popupWith();
    expect(view('Saved').getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(star('Bravo'));
    await waitFor(() => expect(star('Bravo', 'Remove from Saved')).toBeTruthy());
    expect(popup.background.calls).toEqual([
      { type: 'saveMention', data: { key: { projectId: 2, id: 2 } } },
    ]);
    expect(view('Saved 1')).toBeTruthy();
    expect((await storedSaved()).items.map((item) => item.record.title)).toEqual(['Bravo']);

    fireEvent.click(screen.getByRole('button', { name: 'Mark all read' }));
    await screen.findByRole('heading', { name: 'You are all caught up' });
    fireEvent.click(view('Saved 1'));
    await waitFor(() => expect(listedTitles()).toEqual(['Bravo']));
    expect(rowOf('Bravo').classList.contains('mention--read')).toBe(true);
  });

  it('s saves the focused mention and s again unsaves it', async () => {
    await popupWith();
    fireEvent.keyDown(document.body, { key: 'j' });
    expect(document.activeElement).toBe(link('Alpha'));
    fireEvent.keyDown(document.activeElement!, { key: 's' });
    await waitFor(() => expect(star('Alpha', 'Remove from Saved')).toBeTruthy());
    fireEvent.keyDown(document.activeElement!, { key: 's' });
    await waitFor(() => expect(star('Alpha')).toBeTruthy());
    expect(popup.background.types()).toEqual(['saveMention', 'unsaveMention']);
  });

  it('a saved mention the store has pruned is listed from its copy, as read', async () => {
    const gone = stored({ id: 77, project_id: 1, title: 'Pruned long ago', read: false });
    await savedMentionsItem(FIRST_ACCOUNT).setValue({
      items: [{ record: recordOf(gone), savedAt: Date.now() }],
    });
    await popupWith();
    fireEvent.click(view('Saved 1'));
    await waitFor(() => expect(listedTitles()).toEqual(['Pruned long ago']));
    expect(rowOf('Pruned long ago').classList.contains('mention--read')).toBe(true);
    expect(star('Pruned long ago', 'Remove from Saved')).toBeTruthy();
  });

  it('unsaved in Saved, a row stays in place until the view changes', async () => {
    await popupWith();
    fireEvent.click(star('Alpha'));
    await waitFor(() => expect(view('Saved 1')).toBeTruthy());
    fireEvent.click(star('Charlie'));
    await waitFor(() => expect(view('Saved 2')).toBeTruthy());
    fireEvent.click(view('Saved 2'));
    await waitFor(() => expect(listedTitles()).toEqual(['Charlie', 'Alpha']));
    fireEvent.click(star('Charlie', 'Remove from Saved'));
    await waitFor(() => expect(view('Saved 1')).toBeTruthy());
    expect(listedTitles()).toEqual(['Charlie', 'Alpha']);
    expect(star('Charlie')).toBeTruthy();
    fireEvent.click(view('All recent'));
    fireEvent.click(view('Saved 1'));
    await waitFor(() => expect(listedTitles()).toEqual(['Alpha']));
  });

  it('a muted mention leaves Saved too; nothing saved says so', async () => {
    await popupWith();
    fireEvent.click(star('Alpha'));
    await waitFor(() => expect(view('Saved 1')).toBeTruthy());
    await act(async () => {
      await triageItem(FIRST_ACCOUNT).setValue({
        ...(await storedTriage()),
        muteRules: [{ id: 'r1', kind: 'author', value: '@ann', projectId: null, createdAt: 1 }],
      });
    });
    await waitFor(() => expect(view('Saved')).toBeTruthy());
    fireEvent.click(view('Saved'));
    await screen.findByRole('heading', { name: 'Nothing saved yet' });
  });
});

describe('snoozing', () => {
  beforeEach(() => {
    // Noon: an hour later is still today.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2026, 5, 10, 12, 0));
  });

  async function snooze(choice: string) {
    fireEvent.click(screen.getByRole('button', { name: 'Snooze notifications' }));
    const menu = await screen.findByRole('menu');
    fireEvent.click(within(menu).getByRole('menuitem', { name: choice }));
  }

  it('for an hour: the line says until when; Resume notifications ends it', async () => {
    await popupWith();
    const button = screen.getByRole('button', { name: 'Snooze notifications' });
    expect(button.getAttribute('aria-haspopup')).toBe('menu');
    fireEvent.click(button);
    const menu = await screen.findByRole('menu');
    const eight = clockTime(new Date(2026, 5, 11, 8, 0).getTime(), uiLanguage());
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['For 1 hour', `Until tomorrow ${eight}`, 'Until I turn them back on']);
    fireEvent.click(within(menu).getByRole('menuitem', { name: 'For 1 hour' }));
    const until = new Date(2026, 5, 10, 13, 0).getTime();
    const line = `Notifications snoozed until ${clockTime(until, uiLanguage())}`;
    await screen.findByText(line);
    expect(popup.background.calls).toEqual([{ type: 'snooze', data: { until } }]);
    expect(document.activeElement).toBe(button);

    fireEvent.click(screen.getByRole('button', { name: 'Resume notifications' }));
    await waitFor(() => expect(screen.queryByText(line)).toBeNull());
    expect(popup.background.types()).toEqual(['snooze', 'resumeNotifications']);
    expect((await storedTriage()).snooze).toBeNull();
  });

  it('until turned back on, and until tomorrow morning', async () => {
    await popupWith();
    await snooze('Until I turn them back on');
    await screen.findByText('Notifications snoozed until you turn them back on');
    const eight = clockTime(new Date(2026, 5, 11, 8, 0).getTime(), uiLanguage());
    await snooze(`Until tomorrow ${eight}`);
    await screen.findByText(`Notifications snoozed until tomorrow ${eight}`);
  });

  it('quiet hours say so, with Resume too', async () => {
    await popupWith(undefined, {
      ...CONFIGURED,
      quietHours: { enabled: true, start: 11 * 60, end: 14 * 60 },
    });
    const end = clockTime(new Date(2026, 5, 10, 14, 0).getTime(), uiLanguage());
    await screen.findByText(`Quiet hours until ${end}`);
    fireEvent.click(screen.getByRole('button', { name: 'Resume notifications' }));
    await waitFor(() => expect(screen.queryByText(`Quiet hours until ${end}`)).toBeNull());
    expect((await settingsItem.read()).quietHours.enabled).toBe(true);
  });
});
