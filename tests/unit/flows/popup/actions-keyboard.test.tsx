// @vitest-environment happy-dom
// The popup's keyboard (j/k and the arrows, m, r, /, ?, and what it leaves to the browser), and a
// store of 5,000 mentions painted one page at a time.
import { FIRST_ACCOUNT } from '@/lib/accounts/accounts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/preact';
import { describe, expect, it, vi } from 'vitest';
import type { StoredMention } from '@/lib/mentions/store';
import { PAGE_SIZE } from '@/components/MentionList';
import { writeMentionStore } from '@/lib/mentions/mention-storage';
import { stored, storeOf } from '../../support/mention-factory';
import {
  PROJECTS as FIRST_PAINT_PROJECTS,
  sample,
  unreadTitles,
} from '../../support/popup-first-paint';
import { link, now, popupWith, PROJECTS, readFlags, stored_ } from '../../support/popup-actions';
import { usePopup } from '../../support/popup-flow';
import { checked, listedTitles, MINUTE, renderPopup, rowOf, seed } from '../../support/popup-page';

vi.mock('@/lib/messaging/messenger', () => ({ sendMessage: vi.fn() }));

const popup = usePopup();

describe('keyboard', () => {
  const key = (k: string, init: KeyboardEventInit = {}) =>
    fireEvent.keyDown(document.activeElement ?? document.body, { key: k, ...init });

  it('j/k and the arrows move between mentions, m toggles read, Tab stops once in the list', async () => {
    await popupWith();
    key('j');
    expect(document.activeElement).toBe(link('Alpha'));
    key('j');
    expect(document.activeElement).toBe(link('Bravo'));
    key('ArrowDown');
    expect(document.activeElement).toBe(link('Charlie'));
    key('ArrowDown');
    expect(document.activeElement).toBe(link('Charlie'));
    key('k');
    expect(document.activeElement).toBe(link('Bravo'));
    key('ArrowUp');
    expect(document.activeElement).toBe(link('Alpha'));
    key('End');
    expect(document.activeElement).toBe(link('Charlie'));
    key('Home');
    expect(document.activeElement).toBe(link('Alpha'));
    // Roving tabindex: only the current row's controls are in the Tab order.
    const tabbable = [...document.querySelectorAll('.mention [tabindex="0"]')];
    const alpha = rowOf('Alpha');
    expect(tabbable).toEqual([
      link('Alpha'),
      alpha.querySelector('.mention__toggle'),
      within(alpha).getByRole('button', { name: 'Save for later' }),
      within(alpha).getByRole('button', { name: 'More actions' }),
    ]);

    key('m');
    await waitFor(async () => expect(readFlags(await stored_())[1]).toBe(true));
    await waitFor(() => expect(rowOf('Alpha').classList.contains('mention--read')).toBe(true));
    key('m');
    await waitFor(async () => expect(readFlags(await stored_())[1]).toBe(false));
  });

  it('r refreshes; / focuses the project filter, where letters are left alone', async () => {
    await popupWith();
    key('r');
    await waitFor(() => expect(popup.background.types()).toEqual(['pollNow']));
    key('/');
    const select = screen.getByRole('combobox', { name: 'Project' });
    expect(document.activeElement).toBe(select);
    key('r');
    key('j');
    await act(async () => undefined);
    expect(popup.background.types()).toEqual(['pollNow']);
    expect(document.activeElement).toBe(select);
  });

  it('keeps working after the filters change the list, and stops where there is no list', async () => {
    await popupWith();
    fireEvent.change(screen.getByRole('combobox', { name: 'Project' }), { target: { value: '2' } });
    await waitFor(() => expect(listedTitles()).toEqual(['Bravo']));
    (document.activeElement as HTMLElement).blur();
    key('j');
    expect(document.activeElement).toBe(link('Bravo'));
    key('m');
    await waitFor(async () => expect(readFlags(await stored_())[2]).toBe(true));
    fireEvent.click(screen.getByRole('button', { name: 'Mark all read' }));
    fireEvent.change(screen.getByRole('combobox', { name: 'Project' }), { target: { value: '1' } });
    fireEvent.click(screen.getByRole('button', { name: 'All recent' }));
    fireEvent.click(screen.getByRole('button', { name: 'New 2' }));
    await waitFor(() => expect(listedTitles()).toEqual(['Alpha', 'Charlie']));
    fireEvent.click(screen.getByRole('button', { name: 'Mark all read' }));
    await screen.findByRole('heading', { name: 'Nothing new here' });
    popup.background.calls.length = 0;
    key('m');
    key('j');
    await act(async () => undefined);
    expect(popup.background.calls).toEqual([]);
  });

  it('? opens the keyboard help (loaded on demand), where the popup’s keys are off; Esc closes it', async () => {
    await popupWith();
    key('j');
    const row = link('Alpha');
    expect(document.activeElement).toBe(row);
    key('?');
    const help = await screen.findByRole('dialog', { name: 'Keyboard shortcuts' });
    expect(help.textContent).toContain('Mark the mention read or unread');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Close' }));
    key('r');
    key('j');
    await act(async () => undefined);
    expect(popup.background.calls).toEqual([]);
    key('Escape');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(row);
    expect(screen.getByText(/^Keys: j\/k move, .*\? all keys\.$/)).toBeTruthy();
  });

  it('the help gives focus back to the mention it came from, when that row was replaced meanwhile', async () => {
    const store = sample();
    await seed({ store, projects: FIRST_PAINT_PROJECTS, status: checked() });
    await renderPopup();
    key('j');
    key('End');
    // The last row of the first page: a mention arriving above it moves it to the next page.
    const title = unreadTitles(store)[PAGE_SIZE - 1];
    expect(document.activeElement).toBe(link(title));
    const opener = document.activeElement;
    key('?');
    await screen.findByRole('dialog', { name: 'Keyboard shortcuts' });

    // The store changes under the help: a mention found late (seen before the popup opened, so
    // not held back) lands above every row, and the row the help came from is another element.
    const late = stored({
      id: 999,
      project_id: 1,
      title: 'Late',
      addedAt: now,
      firstSeen: now - 300 * MINUTE,
    });
    await act(async () => {
      await writeMentionStore(
        FIRST_ACCOUNT,
        storeOf(...Object.values(store.byProject).flat(), late),
      );
    });
    await waitFor(() => expect(listedTitles()[0]).toBe('Late'));
    expect(opener?.isConnected).toBe(false);

    key('Escape');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(link(title)));
  });

  it('modified keys are the browser’s', async () => {
    await popupWith();
    key('r', { ctrlKey: true });
    key('j', { metaKey: true });
    await act(async () => undefined);
    expect(popup.background.calls).toEqual([]);
    expect(document.activeElement).toBe(document.body);
  });

  it('the keys do nothing where there is nothing to act on', async () => {
    await seed({ settings: (await import('@/lib/settings/settings')).DEFAULT_SETTINGS });
    await renderPopup();
    key('r');
    key('j');
    key('/');
    await act(async () => undefined);
    expect(popup.background.calls).toEqual([]);
  });
});

describe('5,000 stored mentions', () => {
  it('the first paint renders the preview, then one page; more follow on request', async () => {
    const many: StoredMention[] = [];
    for (let id = 1; id <= 5_000; id++) {
      many.push(
        stored({ id, project_id: 1 + (id % 10), title: `Mention ${id}`, addedAt: now - id * 1000 }),
      );
    }
    await seed({ store: storeOf(...many), projects: PROJECTS, status: checked() });
    await renderPopup();
    expect(screen.getByText('5,000 unread')).toBeTruthy();
    const list = screen.getByRole('list', { name: 'Mentions' });
    // The preview's rows, then the first page once the store is read: one page whatever its size.
    await waitFor(() => expect(list.querySelectorAll('li')).toHaveLength(50));
    expect(listedTitles().slice(0, 2)).toEqual(['Mention 1', 'Mention 2']);
    fireEvent.click(screen.getByRole('button', { name: 'Show 50 more' }));
    await waitFor(() => expect(list.querySelectorAll('li')).toHaveLength(100));
    // The keyboard walks past the rendered page too.
    link('Mention 100').focus();
    fireEvent.keyDown(document.activeElement!, { key: 'j' });
    await waitFor(() => expect(document.activeElement).toBe(link('Mention 101')));
  });
});
