// @vitest-environment happy-dom
// The preference to open mentions in background tabs (settings.openInBackground): a plain click or
// Enter opens behind, the popup stays open and the mention is marked read; off, as before.
import { fireEvent, waitFor } from '@testing-library/preact';
import { describe, expect, it, vi } from 'vitest';
import { link, popupWith, readFlags, stored_ } from '../../support/popup-actions';
import { usePopup } from '../../support/popup-flow';
import { listedTitles, rowOf } from '../../support/popup-page';

vi.mock('@/lib/messaging/messenger', () => ({ sendMessage: vi.fn() }));

const popup = usePopup();

describe('with mentions opening in background tabs', () => {
  it('a plain click opens it behind, keeps the popup open and marks it read', async () => {
    await popupWith(undefined, { openInBackground: true });
    fireEvent.click(link('Bravo'));
    await waitFor(() =>
      expect(popup.spies.createTab).toHaveBeenCalledWith({
        url: 'https://b.test/2',
        active: false,
      }),
    );
    expect(popup.background.calls).toEqual([
      { type: 'markRead', data: { keys: [{ projectId: 2, id: 2 }] } },
    ]);
    await waitFor(async () => expect(readFlags(await stored_())[2]).toBe(true));
    await waitFor(() => expect(rowOf('Bravo').classList.contains('mention--read')).toBe(true));
    expect(popup.spies.close).not.toHaveBeenCalled();
    // Read now, but still listed: rows do not vanish under the pointer.
    expect(listedTitles()).toEqual(['Alpha', 'Bravo', 'Charlie']);
  });

  it('Enter on the focused title opens it behind too', async () => {
    await popupWith(undefined, { openInBackground: true });
    link('Alpha').focus();
    fireEvent.click(document.activeElement!, { detail: 0 });
    await waitFor(() =>
      expect(popup.spies.createTab).toHaveBeenCalledWith({
        url: 'https://a.test/1',
        active: false,
      }),
    );
    expect(popup.spies.close).not.toHaveBeenCalled();
  });

  it('Ctrl+click and the middle button still open behind', async () => {
    await popupWith(undefined, { openInBackground: true });
    fireEvent.click(link('Alpha'), { ctrlKey: true });
    fireEvent(
      link('Charlie'),
      new MouseEvent('auxclick', { button: 1, bubbles: true, cancelable: true }),
    );
    await waitFor(() => expect(popup.spies.createTab).toHaveBeenCalledTimes(2));
    expect(popup.spies.createTab.mock.calls.map(([info]) => info)).toEqual([
      { url: 'https://a.test/1', active: false },
      { url: 'http://c.test/3', active: false },
    ]);
    expect(popup.spies.close).not.toHaveBeenCalled();
  });

  it('off (the default): a plain click opens in front and closes the popup', async () => {
    await popupWith(undefined, { openInBackground: false });
    fireEvent.click(link('Bravo'));
    await waitFor(() => expect(popup.spies.close).toHaveBeenCalledTimes(1));
    expect(popup.spies.createTab).toHaveBeenCalledWith({ url: 'https://b.test/2', active: true });
  });
});
