// @vitest-environment happy-dom
// Muting from the popup: a row's "More actions" menu (the mouse and the keyboard), the mutes of an
// author and a site in all projects or one, "Mute a phrase…" and its dialog, the toast with Undo;
// a muted mention leaves the list and every count at once. The background's own command handlers
// answer (../../support/popup-triage.ts). Saving and snoozing: triage-save-snooze.test.tsx.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/preact';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { popupWith } from '../../support/popup-actions';
import { usePopup } from '../../support/popup-flow';
import { listedTitles, rowOf } from '../../support/popup-page';
import { answerTriage, storedTriage } from '../../support/popup-triage';

vi.mock('@/lib/messaging/messenger', () => ({ sendMessage: vi.fn() }));

const popup = usePopup();
beforeEach(() => answerTriage(popup.background));

/** Opens a row's menu with its button; returns the menu. */
async function openMenu(title: string): Promise<HTMLElement> {
  fireEvent.click(within(rowOf(title)).getByRole('button', { name: 'More actions' }));
  return screen.findByRole('menu');
}

const items = (menu: HTMLElement) =>
  within(menu)
    .getAllByRole('menuitem')
    .map((item) => item.textContent);

describe('the row menu', () => {
  it('offers read state, save and the mutes of its author and site, named by its button', async () => {
    await popupWith();
    const button = within(rowOf('Alpha')).getByRole('button', { name: 'More actions' });
    expect(button.getAttribute('aria-haspopup')).toBe('menu');
    expect(button.getAttribute('aria-expanded')).toBe('false');
    const menu = await openMenu('Alpha');
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(menu.getAttribute('aria-labelledby')).toBe(button.id);
    expect(items(menu)).toEqual([
      'Mark read',
      'Save for later',
      'Mute author @ann',
      'Mute author @ann in this project',
      'Mute site a.test',
      'Mute site a.test in this project',
      'Mute a phrase…',
    ]);
    // Focus starts on the first item.
    expect(document.activeElement).toBe(within(menu).getByRole('menuitem', { name: 'Mark read' }));
  });

  it('arrows, Home and End move; Esc closes it and gives focus back to its button', async () => {
    await popupWith();
    const menu = await openMenu('Alpha');
    const key = (k: string) => fireEvent.keyDown(document.activeElement!, { key: k });
    const focused = () => document.activeElement?.textContent;
    key('ArrowDown');
    expect(focused()).toBe('Save for later');
    key('End');
    expect(focused()).toBe('Mute a phrase…');
    key('ArrowDown');
    expect(focused()).toBe('Mark read');
    key('ArrowUp');
    expect(focused()).toBe('Mute a phrase…');
    key('Home');
    expect(focused()).toBe('Mark read');
    // The popup's own keys stay out of the menu: m does not mark, j does not move.
    key('m');
    key('j');
    expect(focused()).toBe('Mark read');
    key('Escape');
    await waitFor(() => expect(menu.isConnected).toBe(false));
    expect(document.activeElement).toBe(
      within(rowOf('Alpha')).getByRole('button', { name: 'More actions' }),
    );
    expect(popup.background.calls).toEqual([]);
  });

  it('x opens the focused row’s menu on its first mute; Tab closes it', async () => {
    await popupWith();
    fireEvent.keyDown(document.body, { key: 'j' });
    fireEvent.keyDown(document.activeElement!, { key: 'j' });
    fireEvent.keyDown(document.activeElement!, { key: 'x' });
    const menu = await screen.findByRole('menu');
    expect(document.activeElement?.textContent).toBe('Mute author someone');
    fireEvent.keyDown(document.activeElement!, { key: 'Tab' });
    await waitFor(() => expect(menu.isConnected).toBe(false));
    expect(document.activeElement).toBe(
      within(rowOf('Bravo')).getByRole('button', { name: 'More actions' }),
    );
  });

  it('a mention without an author or a web link offers what it has', async () => {
    const { stored, storeOf } = await import('../../support/mention-factory');
    await popupWith(storeOf(stored({ id: 9, title: 'Plain', author: ' ', url: 'ftp://x.test/a' })));
    expect(items(await openMenu('Plain'))).toEqual([
      'Mark read',
      'Save for later',
      'Mute a phrase…',
    ]);
  });
});

describe('muting', () => {
  it('an author: the mention leaves the list and the counts at once; Undo brings it back', async () => {
    await popupWith();
    fireEvent.click(
      within(await openMenu('Alpha')).getByRole('menuitem', { name: 'Mute author @ann' }),
    );
    await waitFor(() => expect(listedTitles()).toEqual(['Bravo', 'Charlie']));
    expect(screen.getByText('2 unread')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'New 2' })).toBeTruthy();
    expect(popup.background.calls).toEqual([
      { type: 'mute', data: { kind: 'author', value: '@ann', projectId: null } },
    ]);
    await screen.findByText('Muted author @ann');
    const [rule] = (await storedTriage()).muteRules;

    fireEvent.click(screen.getByRole('button', { name: 'Undo' }));
    await waitFor(() => expect(listedTitles()).toEqual(['Alpha', 'Bravo', 'Charlie']));
    expect(screen.getByText('3 unread')).toBeTruthy();
    expect(popup.background.calls.at(-1)).toEqual({ type: 'unmute', data: { ruleId: rule.id } });
    expect((await storedTriage()).muteRules).toEqual([]);
  });

  it('an author in this project only: the same author elsewhere stays', async () => {
    await popupWith();
    const menu = await openMenu('Bravo');
    fireEvent.click(
      within(menu).getByRole('menuitem', { name: 'Mute author someone in this project' }),
    );
    await waitFor(() => expect(listedTitles()).toEqual(['Alpha', 'Charlie']));
    expect(popup.background.calls[0]).toEqual({
      type: 'mute',
      data: { kind: 'author', value: 'someone', projectId: 2 },
    });
    await screen.findByText('Muted author someone');
  });

  it('a site: its registrable domain, in all projects', async () => {
    await popupWith();
    fireEvent.click(
      within(await openMenu('Alpha')).getByRole('menuitem', { name: 'Mute site a.test' }),
    );
    await waitFor(() => expect(listedTitles()).toEqual(['Bravo', 'Charlie']));
    await screen.findByText('Muted site a.test');
    fireEvent.click(screen.getByRole('button', { name: 'All recent' }));
    await waitFor(() => expect(listedTitles()).toEqual(['Bravo', 'Charlie', 'Delta']));
  });

  it('a site: the host as shown and its subdomains, never a neighbour under the same suffix', async () => {
    const { stored, storeOf } = await import('../../support/mention-factory');
    await popupWith(
      storeOf(
        stored({ id: 11, title: 'Alice', url: 'https://alice.github.io/post' }),
        stored({ id: 12, title: 'Alice again', url: 'https://www.alice.github.io/x' }),
        stored({ id: 13, title: 'Bob', url: 'https://bob.github.io/post' }),
      ),
    );
    const menu = await openMenu('Alice');
    expect(items(menu)).toContain('Mute site alice.github.io');
    fireEvent.click(within(menu).getByRole('menuitem', { name: 'Mute site alice.github.io' }));
    await waitFor(() => expect(listedTitles()).toEqual(['Bob']));
    expect(popup.background.calls[0]).toEqual({
      type: 'mute',
      data: { kind: 'site', value: 'alice.github.io', projectId: null },
    });
    await screen.findByText('Muted site alice.github.io');
  });

  it('a phrase: the dialog offers the title, the phrase edited and kept to this project', async () => {
    await popupWith();
    fireEvent.click(
      within(await openMenu('Charlie')).getByRole('menuitem', { name: 'Mute a phrase…' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Mute a phrase' });
    const field = within(dialog).getByRole('textbox', {
      name: 'Phrase to mute',
    }) as HTMLInputElement;
    expect(field.value).toBe('Charlie');
    expect(document.activeElement).toBe(field);
    fireEvent.input(field, { target: { value: '  arl  ' } });
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Only in this project' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Mute phrase' }));
    await waitFor(() => expect(listedTitles()).toEqual(['Alpha', 'Bravo']));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(popup.background.calls).toEqual([
      { type: 'mute', data: { kind: 'phrase', value: 'arl', projectId: 1 } },
    ]);
    await screen.findByText('Muted phrase “arl”');
  });

  it('an empty phrase is said in the dialog and nothing is sent; Cancel closes it', async () => {
    await popupWith();
    fireEvent.click(
      within(await openMenu('Alpha')).getByRole('menuitem', { name: 'Mute a phrase…' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Mute a phrase' });
    const field = within(dialog).getByRole('textbox', { name: 'Phrase to mute' });
    fireEvent.input(field, { target: { value: '   ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Mute phrase' }));
    expect(within(dialog).getByRole('alert').textContent).toBe(
      'Enter a phrase of 1 to 100 characters.',
    );
    expect(field.getAttribute('aria-invalid')).toBe('true');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // Focus is back on the button whose menu opened the dialog.
    expect(document.activeElement).toBe(
      within(rowOf('Alpha')).getByRole('button', { name: 'More actions' }),
    );
    await act(async () => undefined);
    expect(popup.background.calls).toEqual([]);
    expect(listedTitles()).toEqual(['Alpha', 'Bravo', 'Charlie']);
  });

  it('a refusal is reported in the background’s words, and nothing leaves the list', async () => {
    await popupWith();
    const others = popup.background.mock.getMockImplementation()!;
    popup.background.mock.mockImplementation(async (type, data) =>
      type === 'mute'
        ? { ok: false, error: { kind: 'invalid-input', message: 'Too many rules.' } }
        : others(type, data),
    );
    fireEvent.click(
      within(await openMenu('Alpha')).getByRole('menuitem', { name: 'Mute author @ann' }),
    );
    await screen.findByText('Could not update: Too many rules.');
    expect(screen.queryByRole('button', { name: 'Undo' })).toBeNull();
    expect(listedTitles()).toEqual(['Alpha', 'Bravo', 'Charlie']);
  });
});
