// @vitest-environment happy-dom
// What the popup does on "Refresh" (progress, how many are new, failures in words) and with live
// updates from storage, without moving the list under the reader.
import { FIRST_ACCOUNT } from '@/lib/accounts/accounts';
import { fireEvent, screen, waitFor } from '@testing-library/preact';
import { describe, expect, it, vi } from 'vitest';
import { writeMentionStore } from '@/lib/mentions/mention-storage';
import type { StoredMention } from '@/lib/mentions/store';
import { syncStatusItem } from '@/lib/storage/items';
import { stored, storeOf } from '../../support/mention-factory';
import { popupWith, stored_ } from '../../support/popup-actions';
import { usePopup } from '../../support/popup-flow';
import { checked, listedTitles, MINUTE } from '../../support/popup-page';

vi.mock('@/lib/messaging/messenger', () => ({ sendMessage: vi.fn() }));

const popup = usePopup();

describe('refresh', () => {
  it('shows progress, then how many mentions are new, and shows them at once', async () => {
    let finish: () => void = () => undefined;
    popup.background.poll = () =>
      new Promise((resolve) => {
        finish = () => resolve({ ok: true, value: { polled: true } });
      });
    await popupWith();
    fireEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    const busy = await screen.findByRole('button', { name: 'Checking…' });
    expect(busy.getAttribute('aria-disabled')).toBe('true');
    // A second press while it runs starts nothing.
    fireEvent.click(busy);
    const fresh = stored({
      id: 50,
      project_id: 1,
      title: 'Fresh',
      addedAt: Date.now(),
      firstSeen: Date.now(),
    });
    const store = await stored_();
    await writeMentionStore(FIRST_ACCOUNT, {
      ...store,
      byProject: { ...store.byProject, 1: [fresh, ...store.byProject[1]] },
    });
    await syncStatusItem(FIRST_ACCOUNT).setValue(checked(0));
    finish();
    expect(await screen.findByText('1 new mention')).toBeTruthy();
    expect(popup.background.types()).toEqual(['pollNow']);
    expect(screen.getByRole('button', { name: 'Refresh' })).toBeTruthy();
    expect(screen.getByText('Checked just now')).toBeTruthy();
    await waitFor(() => expect(listedTitles()).toEqual(['Fresh', 'Alpha', 'Bravo', 'Charlie']));
    expect(screen.queryByRole('button', { name: /Show .* new/ })).toBeNull();
  });

  it('reports a failed check', async () => {
    popup.background.poll = async () => {
      await syncStatusItem(FIRST_ACCOUNT).setValue({
        ...checked(30 * MINUTE),
        lastError: { kind: 'network', message: 'The service cannot be reached.', at: Date.now() },
      });
      return { ok: true, value: { polled: false } };
    };
    await popupWith();
    fireEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(await screen.findByText('Could not check: The service cannot be reached.')).toBeTruthy();
  });

  it('reports a check that found nothing new', async () => {
    await popupWith();
    fireEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(await screen.findByText('No new mentions')).toBeTruthy();
  });

  it('reports a background that does not answer', async () => {
    popup.background.poll = async () => {
      throw new Error('Could not establish connection.');
    };
    await popupWith();
    fireEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(
      await screen.findByText('Could not check: Could not establish connection.'),
    ).toBeTruthy();
  });
});

describe('live updates', () => {
  it('mentions arriving while open wait behind a button instead of moving the list', async () => {
    await popupWith();
    const before = listedTitles();
    const store = await stored_();
    const arrived: StoredMention = stored({
      id: 60,
      project_id: 2,
      title: 'Arrived',
      addedAt: Date.now() + 1,
      firstSeen: Date.now() + 1,
    });
    await writeMentionStore(FIRST_ACCOUNT, {
      ...store,
      byProject: { ...store.byProject, 2: [arrived, ...store.byProject[2]] },
    });
    const show = await screen.findByRole('button', { name: 'Show 1 new mention' });
    // Counts are live at once; the list is untouched until asked.
    expect(screen.getByText('4 unread')).toBeTruthy();
    expect(listedTitles()).toEqual(before);
    fireEvent.click(show);
    await waitFor(() => expect(listedTitles()).toEqual(['Arrived', 'Alpha', 'Bravo', 'Charlie']));
  });

  it('with nothing on screen, what arrives is shown straight away', async () => {
    await popupWith(storeOf(stored({ id: 1, read: true, title: 'Old' })));
    await screen.findByRole('heading', { name: 'You are all caught up' });
    await writeMentionStore(
      FIRST_ACCOUNT,
      storeOf(
        stored({ id: 1, read: true, title: 'Old' }),
        stored({ id: 2, title: 'New one', addedAt: Date.now(), firstSeen: Date.now() + 1 }),
      ),
    );
    await waitFor(() => expect(listedTitles()).toEqual(['New one']));
    expect(screen.queryByRole('button', { name: /Show .* new/ })).toBeNull();
  });

  it('a mention stamped in the future (a clock that jumped) still shows, once', async () => {
    const future = Date.now() + 24 * 60 * MINUTE;
    await popupWith(storeOf(stored({ id: 1, title: 'From the future', firstSeen: future })));
    await waitFor(() => expect(listedTitles()).toEqual(['From the future']));
    expect(screen.queryByRole('button', { name: /Show .* new/ })).toBeNull();
  });

  it('read elsewhere (another window, a notification) updates the rows in place', async () => {
    await popupWith();
    const store = await stored_();
    await writeMentionStore(FIRST_ACCOUNT, {
      ...store,
      byProject: { ...store.byProject, 1: store.byProject[1].map((m) => ({ ...m, read: true })) },
    });
    await waitFor(() => expect(screen.getByText('1 unread')).toBeTruthy());
    expect(listedTitles()).toEqual(['Bravo']);
  });

  it('the settings changing to not set up switches the popup over', async () => {
    await popupWith();
    const { DEFAULT_SETTINGS } = await import('@/lib/settings/settings');
    const { settingsItem } = await import('@/lib/storage/items');
    await settingsItem.setValue(DEFAULT_SETTINGS);
    expect(await screen.findByRole('heading', { name: 'Connect Mention Monitor' })).toBeTruthy();
  });
});
