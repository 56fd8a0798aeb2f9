// @vitest-environment happy-dom
// The list and its rows' menus: "More actions" opens the row's menu (loaded on demand) and says so
// (aria-expanded), the keyboard's "menu" opens it on the first mute, a row that leaves the list
// takes its menu with it, and a focused row that leaves hands the focus to the row in its place.
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/preact';
import { createRef } from 'preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MentionList, type ListControl } from '@/components/MentionList';
import type { StoredMention } from '@/lib/mentions/store';
import { stored } from '../support/mention-factory';

afterEach(cleanup);

const mentions = [1, 2, 3].map((id) =>
  stored({ id, title: `M${id}`, author: `author${id}`, url: `https://site${id}.test/a` }),
);
const actions = {
  toggleRead: vi.fn(),
  toggleSave: vi.fn(),
  mutePhrase: vi.fn(),
  context: { report: vi.fn(), offerUndo: vi.fn() },
};

function list(
  shown: StoredMention[],
  control = createRef<ListControl>(),
  saved = new Set<string>(),
) {
  return (
    <MentionList
      mentions={shown}
      projectName={() => 'Acme'}
      now={Date.now()}
      saved={saved}
      onOpen={vi.fn()}
      actions={actions}
      control={control}
    />
  );
}

const row = (title: string) => screen.getByText(title).closest('li') as HTMLElement;
const moreOf = (title: string) => within(row(title)).getByRole('button', { name: 'More actions' });

describe('MentionList and its rows’ menus', () => {
  it('More actions opens the row’s menu and says so; the star says what it will do', async () => {
    render(list(mentions, undefined, new Set(['1:2'])));
    expect(within(row('M2')).getByRole('button', { name: 'Remove from Saved' })).toBeTruthy();
    expect(within(row('M1')).getByRole('button', { name: 'Save for later' })).toBeTruthy();
    fireEvent.click(moreOf('M1'));
    const menu = await screen.findByRole('menu');
    expect(moreOf('M1').getAttribute('aria-expanded')).toBe('true');
    expect(within(menu).getByRole('menuitem', { name: 'Mute author author1' })).toBeTruthy();
    fireEvent.click(moreOf('M1'));
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    expect(moreOf('M1').getAttribute('aria-expanded')).toBe('false');
  });

  it('the keyboard’s menu opens on the first mute of the current row; the star and read act', async () => {
    const control = createRef<ListControl>();
    render(list(mentions, control));
    act(() => control.current!.move('next', false));
    act(() => control.current!.move('next', true));
    act(() => control.current!.act('toggle-save'));
    act(() => control.current!.act('toggle-read'));
    expect(actions.toggleSave).toHaveBeenLastCalledWith(mentions[1]);
    expect(actions.toggleRead).toHaveBeenLastCalledWith(mentions[1]);
    act(() => control.current!.act('menu'));
    await screen.findByRole('menu');
    expect(document.activeElement?.textContent).toBe('Mute author author2');
  });

  it('a row that leaves the list takes its menu along', async () => {
    const view = render(list(mentions));
    fireEvent.click(moreOf('M2'));
    await screen.findByRole('menu');
    view.rerender(list([mentions[0], mentions[2]]));
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    view.rerender(list(mentions));
    await act(async () => undefined);
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it('a focused row that leaves hands the focus to the row in its place', () => {
    const view = render(list(mentions));
    act(() => moreOf('M2').focus());
    view.rerender(list([mentions[0], mentions[2]]));
    expect(document.activeElement).toBe(screen.getByText('M3').closest('a'));
    // The last one gone: the one before it.
    view.rerender(list([mentions[0]]));
    expect(document.activeElement).toBe(screen.getByText('M1').closest('a'));
  });
});
