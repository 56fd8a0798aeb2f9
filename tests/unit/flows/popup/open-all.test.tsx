// @vitest-environment happy-dom
// "Open all" in the popup: what the list shows opens in background tabs, in list order, and is
// marked read in one command; above 10 it asks first; a tab that fails to open is reported and
// what opened before it is still marked read; rows still being read are waited for.
import { act, fireEvent, screen, waitFor } from '@testing-library/preact';
import { describe, expect, it, vi } from 'vitest';
import type { StoredMention } from '@/lib/mentions/store';
import { stored, storeOf } from '../../support/mention-factory';
import { now, popupWith, readFlags, stored_ } from '../../support/popup-actions';
import { holdStoreRead, sample as bigSample } from '../../support/popup-first-paint';
import { usePopup } from '../../support/popup-flow';
import {
  checked,
  listedTitles,
  MINUTE,
  renderFirstPaint,
  rowOf,
  seed,
} from '../../support/popup-page';

vi.mock('@/lib/messaging/messenger', () => ({ sendMessage: vi.fn() }));

const popup = usePopup();

/** `count` unread mentions, newest first by number, each with its own link. */
function many(count: number, patch: (i: number) => Partial<StoredMention> = () => ({})) {
  const mentions: StoredMention[] = [];
  for (let i = 1; i <= count; i++) {
    mentions.push(
      stored({
        id: i,
        title: `Story ${i}`,
        url: `https://news.test/${i}`,
        addedAt: now - i * MINUTE,
        ...patch(i),
      }),
    );
  }
  return storeOf(...mentions);
}

const openAllButton = () => screen.getByRole('button', { name: /^Open all/ });
const openedUrls = () => popup.spies.createTab.mock.calls.map(([props]) => props.url as string);

describe('Open all', () => {
  it('opens what is shown behind, in list order, one tab at a time, and marks it read', async () => {
    let inFlight = 0;
    let most = 0;
    popup.spies.createTab.mockImplementation(async (props: { url?: string }) => {
      inFlight += 1;
      most = Math.max(most, inFlight);
      await new Promise((resolve) => setTimeout(resolve, 5));
      inFlight -= 1;
      return { id: 3, url: props.url, active: false };
    });
    await popupWith();
    const button = screen.getByRole('button', { name: 'Open all 3 shown mentions' });
    expect(button.textContent).toBe('Open all');
    fireEvent.click(button);
    await screen.findByText('Opened 3 mentions in background tabs.');
    expect(popup.spies.createTab.mock.calls.map(([props]) => props)).toEqual([
      { url: 'https://a.test/1', active: false },
      { url: 'https://b.test/2', active: false },
      { url: 'http://c.test/3', active: false },
    ]);
    expect(most).toBe(1);
    expect(popup.background.calls).toEqual([
      {
        type: 'markRead',
        data: {
          keys: [
            { projectId: 1, id: 1 },
            { projectId: 2, id: 2 },
            { projectId: 1, id: 3 },
          ],
        },
      },
    ]);
    expect(readFlags(await stored_())).toEqual({ 1: true, 2: true, 3: true, 4: true });
    // The popup stays, and so do the rows, now read.
    expect(popup.spies.close).not.toHaveBeenCalled();
    await waitFor(() => expect(rowOf('Charlie').classList.contains('mention--read')).toBe(true));
    expect(listedTitles()).toEqual(['Alpha', 'Bravo', 'Charlie']);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('opens only what the filter shows', async () => {
    await popupWith();
    fireEvent.change(screen.getByRole('combobox', { name: 'Project' }), { target: { value: '1' } });
    await waitFor(() => expect(listedTitles()).toEqual(['Alpha', 'Charlie']));
    fireEvent.click(screen.getByRole('button', { name: 'Open all 2 shown mentions' }));
    await screen.findByText('Opened 2 mentions in background tabs.');
    expect(openedUrls()).toEqual(['https://a.test/1', 'http://c.test/3']);
    expect(readFlags(await stored_())).toEqual({ 1: true, 2: false, 3: true, 4: true });
  });

  it('in All recent, opens the read ones too but marks only the unread ones', async () => {
    await popupWith(
      storeOf(
        stored({ id: 1, title: 'New one', url: 'https://a.test/1', addedAt: now - MINUTE }),
        stored({
          id: 2,
          title: 'Old one',
          url: 'https://a.test/2',
          read: true,
          addedAt: now - 9 * MINUTE,
        }),
      ),
    );
    fireEvent.click(screen.getByRole('button', { name: 'All recent' }));
    await waitFor(() => expect(listedTitles()).toEqual(['New one', 'Old one']));
    fireEvent.click(openAllButton());
    await screen.findByText('Opened 2 mentions in background tabs.');
    expect(openedUrls()).toEqual(['https://a.test/1', 'https://a.test/2']);
    expect(popup.background.calls).toEqual([
      { type: 'markRead', data: { keys: [{ projectId: 1, id: 1 }] } },
    ]);
  });

  it('skips mentions without a web link, and is off when none has one', async () => {
    await popupWith(
      storeOf(
        stored({ id: 1, title: 'Script', url: 'javascript:alert(1)', addedAt: now - MINUTE }),
        stored({ id: 2, title: 'Web', url: 'https://w.test/2', addedAt: now - 2 * MINUTE }),
      ),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Open all: 1 shown mention' }));
    await screen.findByText('Opened 1 mention in a background tab.');
    expect(openedUrls()).toEqual(['https://w.test/2']);
    expect(popup.background.calls).toEqual([
      { type: 'markRead', data: { keys: [{ projectId: 1, id: 2 }] } },
    ]);
  });

  it('does nothing when nothing shown has a web link', async () => {
    await popupWith(storeOf(stored({ id: 1, title: 'Script', url: 'javascript:alert(1)' })));
    const button = screen.getByRole('button', { name: 'Open all 0 shown mentions' });
    expect(button.getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(button);
    await act(async () => undefined);
    expect(popup.spies.createTab).not.toHaveBeenCalled();
    expect(popup.background.calls).toEqual([]);
  });

  it('a tab that fails to open is reported; what opened before it is still marked read', async () => {
    popup.spies.createTab
      .mockImplementationOnce(async () => ({ id: 3 }))
      .mockImplementationOnce(async () => {
        throw new Error('No window');
      });
    await popupWith();
    fireEvent.click(openAllButton());
    await screen.findByText('Could not open the mention.');
    expect(popup.spies.createTab).toHaveBeenCalledTimes(2);
    await waitFor(() =>
      expect(popup.background.calls).toEqual([
        { type: 'markRead', data: { keys: [{ projectId: 1, id: 1 }] } },
      ]),
    );
    // The stand-in background records the command before its write lands.
    await waitFor(async () =>
      expect(readFlags(await stored_())).toEqual({ 1: true, 2: false, 3: false, 4: true }),
    );
    expect(screen.queryByText(/^Opened/)).toBeNull();
  });
});

describe('Open all above 10 mentions', () => {
  it('opens 10 without asking', async () => {
    await popupWith(many(10));
    fireEvent.click(openAllButton());
    await screen.findByText('Opened 10 mentions in background tabs.');
    expect(openedUrls()).toHaveLength(10);
  });

  it('asks first; Cancel opens nothing and gives focus back to Open all', async () => {
    await popupWith(many(23));
    const button = screen.getByRole('button', { name: 'Open all 23 shown mentions' });
    button.focus();
    fireEvent.click(button);
    const dialog = await screen.findByRole('dialog', { name: 'Open 23 mentions?' });
    expect(dialog.textContent).toContain('Each opens in a background tab, in list order');
    expect(screen.getByRole('button', { name: 'Open 23 tabs' })).toBeTruthy();
    // The safe choice has the focus; the popup's keys are off while the question is open.
    const cancel = screen.getByRole('button', { name: 'Cancel' });
    expect(document.activeElement).toBe(cancel);
    fireEvent.keyDown(cancel, { key: 'j' });
    expect(document.activeElement).toBe(cancel);
    fireEvent.click(cancel);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(openAllButton());
    expect(popup.spies.createTab).not.toHaveBeenCalled();
    expect(popup.background.calls).toEqual([]);
  });

  it('Esc answers Cancel', async () => {
    await popupWith(many(11));
    fireEvent.click(openAllButton());
    const dialog = await screen.findByRole('dialog', { name: 'Open 11 mentions?' });
    fireEvent.keyDown(dialog, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(openAllButton());
    expect(popup.spies.createTab).not.toHaveBeenCalled();
  });

  it('"Open 23 tabs" opens all 23 in list order and marks them read', async () => {
    await popupWith(many(23));
    fireEvent.click(openAllButton());
    await screen.findByRole('dialog', { name: 'Open 23 mentions?' });
    fireEvent.click(screen.getByRole('button', { name: 'Open 23 tabs' }));
    await screen.findByText('Opened 23 mentions in background tabs.');
    expect(openedUrls()).toEqual(
      Array.from({ length: 23 }, (_, i) => `https://news.test/${i + 1}`),
    );
    expect(popup.spies.createTab.mock.calls.every(([props]) => props.active === false)).toBe(true);
    expect(popup.background.types()).toEqual(['markRead']);
    expect((popup.background.calls[0].data as { keys: unknown[] }).keys).toHaveLength(23);
    expect(document.activeElement).toBe(openAllButton());
  });
});

describe('Open all while the list is still being read', () => {
  it('waits for the whole list, then asks about all of it', async () => {
    await seed({ store: bigSample(), projects: [], status: checked() });
    const hold = holdStoreRead();
    await renderFirstPaint();
    // Named from the preview's unread count already: the name does not change when the store comes.
    const button = screen.getByRole('button', { name: 'Open all 100 shown mentions' });
    fireEvent.click(button);
    await act(async () => undefined);
    expect(button.getAttribute('aria-busy')).toBe('true');
    expect(screen.queryByRole('dialog')).toBeNull();

    await hold.release();
    await screen.findByRole('dialog', { name: 'Open 100 mentions?' });
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByRole('button', { name: 'Open all 100 shown mentions' })).toBe(button);
    expect(button.getAttribute('aria-busy')).toBeNull();
    expect(popup.spies.createTab).not.toHaveBeenCalled();
  });
});
