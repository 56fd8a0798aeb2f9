// @vitest-environment happy-dom
// What the popup does: the list with remote text kept as text, open, mark read/unread, mark all
// read with Undo. Refresh and live updates from storage: actions-refresh.test.tsx; the keyboard
// and a large store: actions-keyboard.test.tsx.
import { act, fireEvent, screen, waitFor } from '@testing-library/preact';
import { describe, expect, it, vi } from 'vitest';
import { stored, storeOf } from '../../support/mention-factory';
import { link, now, popupWith, readFlags, stored_ } from '../../support/popup-actions';
import { usePopup } from '../../support/popup-flow';
import { listedTitles, MINUTE, rowOf } from '../../support/popup-page';

vi.mock('@/lib/messaging/messenger', () => ({ sendMessage: vi.fn() }));

const popup = usePopup();

describe('the list', () => {
  it('paints the unread mentions newest first, with the counts and the last check', async () => {
    await popupWith();
    expect(listedTitles()).toEqual(['Alpha', 'Bravo', 'Charlie']);
    expect(screen.getByText('3 unread')).toBeTruthy();
    expect(screen.getByText('Checked 3 minutes ago').tagName).toBe('TIME');
    expect(screen.getByRole('list', { name: 'Mentions' }).querySelectorAll('li')).toHaveLength(3);
    expect(screen.getByRole('button', { name: 'New 3' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('shows each mention: source, project, age, title, snippet or summary, author, sentiment', async () => {
    await popupWith();
    const alpha = rowOf('Alpha');
    expect(alpha.querySelector('.mention__source')?.textContent).toBe('Twitter');
    expect(alpha.querySelector('.mention__project')?.textContent).toBe('Acme');
    const time = alpha.querySelector('time')!;
    expect(time.textContent).toBe('5 minutes ago');
    expect(time.getAttribute('dateTime')).toBe(new Date(now - 5 * MINUTE).toISOString());
    expect(time.getAttribute('title')).toBeTruthy();
    expect(alpha.querySelector('.mention__body')?.textContent).toBe('Alpha snippet');
    expect(alpha.querySelector('.mention__author')?.textContent).toBe('by \u2068@ann\u2069');
    expect(alpha.querySelector('[role="img"]')?.getAttribute('aria-label')).toBe(
      'Positive sentiment',
    );
    expect(link('Alpha').href).toBe('https://a.test/1');
    const bravo = rowOf('Bravo');
    expect(bravo.querySelector('.mention__body')?.textContent).toBe('Bravo summary');
    expect(bravo.querySelector('[role="img"]')?.getAttribute('aria-label')).toBe(
      'Negative sentiment',
    );
    expect(bravo.querySelector('.mention__time')?.textContent).toBe('1 hour ago');
  });

  it('remote text is text: a hostile title is shown literally, and every remote string has dir=auto', async () => {
    const hostile = '<img src=x onerror=alert(1)>';
    await popupWith(
      storeOf(
        stored({
          id: 9,
          title: hostile,
          snippet: '<b>bold</b> مرحبا',
          author: '<script>x</script>',
        }),
      ),
    );
    expect(listedTitles()).toEqual([hostile]);
    expect(document.querySelector('main img:not(.header__logo)')).toBeNull();
    expect(document.querySelector('main b, main script')).toBeNull();
    const row = rowOf(hostile);
    for (const selector of [
      '.mention__title',
      '.mention__body',
      '.mention__author',
      '.mention__project',
    ]) {
      expect(row.querySelector(selector)?.getAttribute('dir')).toBe('auto');
    }
  });

  it('All recent adds the read ones', async () => {
    await popupWith();
    fireEvent.click(screen.getByRole('button', { name: 'All recent' }));
    await waitFor(() => expect(listedTitles()).toEqual(['Alpha', 'Bravo', 'Charlie', 'Delta']));
    expect(rowOf('Delta').classList.contains('mention--read')).toBe(true);
  });

  it('filters by project and by source', async () => {
    await popupWith();
    fireEvent.change(screen.getByRole('combobox', { name: 'Project' }), { target: { value: '1' } });
    await waitFor(() => expect(listedTitles()).toEqual(['Alpha', 'Charlie']));
    fireEvent.change(screen.getByRole('combobox', { name: 'Source' }), {
      target: { value: 'twitter' },
    });
    await waitFor(() => expect(listedTitles()).toEqual(['Alpha']));
  });
});

describe('opening a mention', () => {
  it('a click opens it in front, marks it read and closes the popup', async () => {
    await popupWith();
    fireEvent.click(link('Bravo'));
    await waitFor(() => expect(popup.spies.close).toHaveBeenCalledTimes(1));
    expect(popup.spies.createTab).toHaveBeenCalledWith({ url: 'https://b.test/2', active: true });
    expect(popup.background.calls).toEqual([
      { type: 'markRead', data: { keys: [{ projectId: 2, id: 2 }] } },
    ]);
    expect(readFlags(await stored_())[2]).toBe(true);
  });

  it('Enter on the focused title opens it (a link activates by click)', async () => {
    await popupWith();
    link('Alpha').focus();
    fireEvent.click(document.activeElement!, { detail: 0 });
    await waitFor(() =>
      expect(popup.spies.createTab).toHaveBeenCalledWith({ url: 'https://a.test/1', active: true }),
    );
  });

  for (const [name, init] of [
    ['Ctrl+click', { ctrlKey: true }],
    ['Cmd+click', { metaKey: true }],
  ] as const) {
    it(`${name} opens it behind and keeps the popup open`, async () => {
      await popupWith();
      fireEvent.click(link('Alpha'), init);
      await waitFor(() =>
        expect(popup.spies.createTab).toHaveBeenCalledWith({
          url: 'https://a.test/1',
          active: false,
        }),
      );
      await waitFor(async () => expect(readFlags(await stored_())[1]).toBe(true));
      expect(popup.spies.close).not.toHaveBeenCalled();
      // Read now, but still listed: rows do not vanish under the pointer.
      await waitFor(() => expect(rowOf('Alpha').classList.contains('mention--read')).toBe(true));
      expect(listedTitles()).toEqual(['Alpha', 'Bravo', 'Charlie']);
    });
  }

  it('the middle button opens it behind', async () => {
    await popupWith();
    fireEvent(
      link('Charlie'),
      new MouseEvent('auxclick', { button: 1, bubbles: true, cancelable: true }),
    );
    await waitFor(() =>
      expect(popup.spies.createTab).toHaveBeenCalledWith({ url: 'http://c.test/3', active: false }),
    );
    expect(popup.spies.close).not.toHaveBeenCalled();
  });

  it('a read mention opens without sending anything', async () => {
    await popupWith();
    fireEvent.click(screen.getByRole('button', { name: 'All recent' }));
    await waitFor(() => expect(listedTitles()).toContain('Delta'));
    fireEvent.click(link('Delta'));
    await waitFor(() => expect(popup.spies.close).toHaveBeenCalled());
    expect(popup.background.calls).toEqual([]);
  });

  for (const url of [
    'javascript:alert(1)',
    'data:text/html,<b>x</b>',
    'file:///etc/passwd',
    'not a url',
  ]) {
    it(`a mention whose URL is ${url.slice(0, 12)}… is text, never a link, and nothing opens`, async () => {
      await popupWith(storeOf(stored({ id: 7, title: 'Unsafe one', url })));
      const row = rowOf('Unsafe one');
      expect(row.querySelector('a')).toBeNull();
      expect(row.querySelector('[href]')).toBeNull();
      expect(row.textContent).toContain('Not a web link, so it does not open.');
      fireEvent.click(row.querySelector('.mention__title')!);
      fireEvent.keyDown(row.querySelector('.mention__title')!, { key: 'Enter' });
      await act(async () => undefined);
      expect(popup.spies.createTab).not.toHaveBeenCalled();
      expect(popup.spies.close).not.toHaveBeenCalled();
    });
  }
});

describe('read state', () => {
  it('marks one read, then unread again, through the background', async () => {
    await popupWith();
    fireEvent.click(rowOf('Bravo').querySelector('button[aria-label="Mark as read"]')!);
    await waitFor(async () => expect(readFlags(await stored_())[2]).toBe(true));
    // Kept in view, now offering the way back.
    const toggle = await waitFor(() => {
      const button = rowOf('Bravo').querySelector('button[aria-label="Mark as unread"]');
      expect(button).toBeTruthy();
      return button!;
    });
    expect(screen.getByText('2 unread')).toBeTruthy();
    fireEvent.click(toggle);
    await waitFor(async () => expect(readFlags(await stored_())[2]).toBe(false));
    expect(popup.background.types()).toEqual(['markRead', 'markUnread']);
  });

  it('mark all read marks what the filter shows, and Undo restores exactly those', async () => {
    await popupWith();
    fireEvent.change(screen.getByRole('combobox', { name: 'Project' }), { target: { value: '1' } });
    await waitFor(() => expect(listedTitles()).toEqual(['Alpha', 'Charlie']));
    fireEvent.click(screen.getByRole('button', { name: 'Mark all read' }));
    await screen.findByText('Marked 2 mentions as read.');
    expect(popup.background.calls[0]).toEqual({
      type: 'markRead',
      data: {
        keys: [
          { projectId: 1, id: 1 },
          { projectId: 1, id: 3 },
        ],
      },
    });
    expect(readFlags(await stored_())).toEqual({ 1: true, 2: false, 3: true, 4: true });
    await screen.findByRole('heading', { name: 'Nothing new here' });

    fireEvent.click(screen.getByRole('button', { name: 'Undo' }));
    await waitFor(() => expect(listedTitles()).toEqual(['Alpha', 'Charlie']));
    expect(popup.background.calls[1]).toEqual({
      type: 'markUnread',
      data: {
        keys: [
          { projectId: 1, id: 1 },
          { projectId: 1, id: 3 },
        ],
      },
    });
    expect(readFlags(await stored_())).toEqual({ 1: false, 2: false, 3: false, 4: true });
    expect(screen.queryByRole('button', { name: 'Undo' })).toBeNull();
  });

  it('mark all read with nothing unread sends nothing', async () => {
    await popupWith(storeOf(stored({ id: 1, read: true, title: 'Old' })));
    fireEvent.click(screen.getByRole('button', { name: 'All recent' }));
    await waitFor(() => expect(listedTitles()).toEqual(['Old']));
    const button = screen.getByRole('button', { name: 'Mark all read' });
    expect(button.getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(button);
    await act(async () => undefined);
    expect(popup.background.calls).toEqual([]);
  });

  it('a failed command is reported in words', async () => {
    popup.background.mock.mockResolvedValueOnce({
      ok: false,
      error: { kind: 'internal', message: 'Something went wrong. Please try again.' },
    });
    await popupWith();
    fireEvent.click(rowOf('Alpha').querySelector('button[aria-label="Mark as read"]')!);
    expect(
      await screen.findByText('Could not update: Something went wrong. Please try again.'),
    ).toBeTruthy();
  });
});
