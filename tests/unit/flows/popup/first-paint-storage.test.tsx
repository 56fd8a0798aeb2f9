// @vitest-environment happy-dom
// The popup's first paint with no preview stored (older data, or before the background first
// writes one), and with storage changing while it is open: before the store is read a new preview
// shows, a change to the store wins over the read, and once read the store is the truth.
import { FIRST_ACCOUNT } from '@/lib/accounts/accounts';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { writeMentionStore } from '@/lib/mentions/mention-storage';
import { storedPreviewOf } from '@/lib/mentions/preview';
import { stored, storeOf } from '../../support/mention-factory';
import {
  holdStoreRead,
  PROJECTS,
  sample,
  screenFacts,
  unreadTitles,
} from '../../support/popup-first-paint';
import { usePopup } from '../../support/popup-flow';
import {
  checked,
  listedTitles,
  popupApp,
  renderFirstPaint,
  rowOf,
  seed,
} from '../../support/popup-page';

vi.mock('@/lib/messaging/messenger', () => ({ sendMessage: vi.fn() }));

usePopup();

describe('no preview (older data, or before the background first writes one)', () => {
  const damaged = { unread: 'many' };
  for (const [name, preview] of [
    ['none written', null],
    ['a damaged one', damaged],
  ] as const) {
    it(`${name}: the first paint waits for the store, as before previews`, async () => {
      const store = sample();
      await seed({ store, projects: PROJECTS, status: checked(), preview });
      const hold = holdStoreRead();
      render(popupApp());
      await waitFor(() => expect(hold.read).toHaveBeenCalled());
      // The frame and the header, no list and no spinner.
      expect(document.querySelector('main[aria-busy]')).toBeTruthy();
      expect(listedTitles()).toEqual([]);

      await hold.release();
      await waitFor(() => expect(document.querySelector('main[aria-busy]')).toBeNull());
      expect(listedTitles()).toEqual(unreadTitles(store).slice(0, 50));
      expect(screen.getByText('100 unread')).toBeTruthy();
      expect(screen.getByRole('button', { name: 'Show 50 more' })).toBeTruthy();
    });
  }
});

describe('storage changes while open', () => {
  it('before the store is read, a new preview shows; what arrived waits behind "Show 1 new"', async () => {
    const store = sample();
    await seed({ store, projects: PROJECTS, status: checked() });
    const hold = holdStoreRead();
    await renderFirstPaint();
    const before = listedTitles();
    const arrived = stored({
      id: 500,
      project_id: 2,
      title: 'Arrived',
      addedAt: Date.now() + 1,
      firstSeen: Date.now() + 1,
    });
    const next = {
      ...store,
      byProject: { ...store.byProject, 2: [arrived, ...store.byProject[2]] },
    };
    await writeMentionStore(FIRST_ACCOUNT, next, store);
    await screen.findByRole('button', { name: 'Show 1 new mention' });
    expect(screen.getByText('101 unread')).toBeTruthy();
    // The rows stay put. (The arrival, held back, takes a place in the preview's page: the last
    // row, far below the fold, waits for the store.)
    const shown = listedTitles();
    expect(shown).toEqual(before.slice(0, shown.length));
    expect(shown.length).toBeGreaterThanOrEqual(before.length - 1);

    await hold.release();
    expect(screen.getByText('101 unread')).toBeTruthy();
    expect(listedTitles()).toEqual(before);
    fireEvent.click(screen.getByRole('button', { name: 'Show 1 new mention' }));
    await waitFor(() => expect(listedTitles()[0]).toBe('Arrived'));
  });

  it('a change to the store while it is read wins over the read', async () => {
    const store = sample();
    await seed({ store, projects: PROJECTS, status: checked() });
    // The read began before the change: it answers the store as it was.
    const hold = holdStoreRead(structuredClone(store));
    await renderFirstPaint();
    await waitFor(() => expect(hold.read).toHaveBeenCalled());
    fireEvent.click(rowOf('Mention 1').querySelector('button[aria-label="Mark as read"]')!);
    await waitFor(() => expect(screen.getByText('99 unread')).toBeTruthy());
    await hold.release();
    expect(screen.getByText('99 unread')).toBeTruthy();
    expect(rowOf('Mention 1').classList.contains('mention--read')).toBe(true);
  });

  it('once the store is read it is the truth: a stale preview changes nothing', async () => {
    const store = sample();
    await seed({ store, projects: PROJECTS, status: checked() });
    const hold = holdStoreRead();
    await renderFirstPaint();
    await hold.release();
    const facts = screenFacts();
    // A preview of one mention of the store: its counts and rows disagree with the store's.
    const stale = storedPreviewOf(storeOf(store.byProject[1][0]));
    await fakeBrowser.storage.local.set({ mentionPreview: stale });
    await act(async () => undefined);
    expect(screenFacts()).toEqual(facts);
  });
});
