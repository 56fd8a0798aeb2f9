// @vitest-environment happy-dom
// The popup paints from the preview before the store is read (issue 4: "first paint does not grow
// with the size of the store"): the rows on screen first, the rest of the first page a frame later
// in the room kept for it, then switches to the store without moving a row or changing a count,
// and makes the views that need the store wait for it with an inline "Loading…". Without a
// preview, and with storage changing while it is open: first-paint-storage.test.tsx.
import { act, fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { describe, expect, it, vi } from 'vitest';
import { FIRST_SCREEN } from '@/components/long-list';
import { PREVIEW_UNREAD } from '@/lib/mentions/preview';
import { stored, storeOf } from '../../support/mention-factory';
import {
  holdStoreRead,
  now,
  pageMarkup,
  PROJECTS,
  sample,
  screenFacts,
  spyStorageGets,
  unreadTitles,
} from '../../support/popup-first-paint';
import { usePopup } from '../../support/popup-flow';
import {
  answered,
  checked,
  listedTitles,
  MINUTE,
  popupApp,
  renderFirstPaint,
  rowOf,
  seed,
} from '../../support/popup-page';

vi.mock('@/lib/messaging/messenger', () => ({ sendMessage: vi.fn() }));

const popup = usePopup();

/** The list's rows, in order. */
const listedRows = () => [
  ...document.querySelectorAll<HTMLElement>('[data-mention-list] .mention'),
];

/** How many rows the room under the first frame's rows is kept for (0: none kept). */
function keptRows(): number {
  const kept = document.querySelector<HTMLElement>('.mentions__kept');
  return kept ? Number(kept.style.getPropertyValue('--kept')) : 0;
}

describe('first paint from the preview', () => {
  it('shows the preview’s rows and counts before the store is read; the store moves nothing on screen', async () => {
    const store = sample();
    await seed({ store, projects: PROJECTS, status: checked() });
    const asked = spyStorageGets();
    const hold = holdStoreRead();
    render(popupApp());
    await waitFor(() => expect(document.querySelector('main[aria-busy]')).toBeNull());

    // The first frame: the rows on screen, and the room the rest of the page takes kept below
    // them; the counts, and "Show more" from the preview's count, as they stay.
    const page1 = unreadTitles(store).slice(0, PREVIEW_UNREAD);
    const first = screenFacts();
    expect(first).toEqual({
      titles: page1.slice(0, FIRST_SCREEN),
      header: '100 unread',
      newChip: 'New 100',
      projects: ['All projects (100)', 'Acme (40)', 'Globex (60)'],
      sources: ['All sources', 'Twitter (40)', 'Reddit (40)', 'Web (20)'],
    });
    expect(keptRows()).toBe(PREVIEW_UNREAD - FIRST_SCREEN);
    expect(screen.queryByText('Loading…')).toBeNull();
    const showMore = screen.getByRole('button', { name: 'Show 50 more' });
    // The store is not even asked for until the rest of the page is in.
    expect(hold.read).not.toHaveBeenCalled();
    const onScreen = listedRows();
    const markupOf = (rows: HTMLElement[]) =>
      rows.map((row) => new XMLSerializer().serializeToString(row));
    const onScreenMarkup = markupOf(onScreen);

    // The frame after: the rest of the whole first page in that room. The rows of the first
    // frame are the same elements, unchanged, with the same counts and "Show more" around them.
    await waitFor(() => expect(keptRows()).toBe(0));
    expect(screenFacts()).toEqual({ ...first, titles: page1 });
    expect(listedRows().slice(0, FIRST_SCREEN)).toEqual(onScreen);
    expect(markupOf(onScreen)).toEqual(onScreenMarkup);
    expect(screen.getByRole('button', { name: 'Show 50 more' })).toBe(showMore);
    expect(screen.queryByText('Loading…')).toBeNull();
    // Nothing read the store: not the popup's own read (held), not storage underneath it.
    expect(answered(hold.read)).toBe(false);
    expect(asked()).not.toContain('(everything)');
    expect(asked()).toContain('mentionPreview');
    // …and no record by key: the preview holds its rows.
    expect(asked().filter((key) => key.startsWith('mention:'))).toEqual([]);

    const firstRow = rowOf('Mention 1');
    const page = pageMarkup();
    await hold.release();
    await act(async () => new Promise((resolve) => setTimeout(resolve, 50)));
    // The store changes nothing on screen: the same rows (the very same elements), the same
    // counts, the same page to the character.
    expect(screenFacts()).toEqual({ ...first, titles: page1 });
    expect(rowOf('Mention 1')).toBe(firstRow);
    expect(pageMarkup()).toBe(page);
    // …and it was in: All recent, which a preview cannot answer, lists at once.
    fireEvent.click(screen.getByRole('button', { name: 'All recent' }));
    await act(async () => undefined);
    expect(screen.queryByText('Loading…')).toBeNull();
    expect(listedTitles()).toHaveLength(50);
    expect(screen.queryByText('Loading…')).toBeNull();
    expect(screen.getByRole('button', { name: 'Show 50 more' })).toBeTruthy();
  });

  it('a store small enough for the preview needs nothing more for the default view', async () => {
    const store = storeOf(
      stored({ id: 1, title: 'Alpha', addedAt: now - MINUTE }),
      stored({ id: 2, title: 'Bravo', addedAt: now - 2 * MINUTE }),
    );
    await seed({ store, projects: PROJECTS, status: checked() });
    const hold = holdStoreRead();
    await renderFirstPaint();
    expect(listedTitles()).toEqual(['Alpha', 'Bravo']);
    expect(screen.getByText('2 unread')).toBeTruthy();
    expect(screen.queryByText('Loading…')).toBeNull();
    // Every stored mention is in the preview: even All recent needs no wait.
    fireEvent.click(screen.getByRole('button', { name: 'All recent' }));
    await waitFor(() => expect(listedTitles()).toEqual(['Alpha', 'Bravo']));
    await hold.release();
    expect(listedTitles()).toEqual(['Alpha', 'Bravo']);
  });
});

describe('views that need the whole store, chosen before it is read', () => {
  it('a project filter shows what the preview has of it, "Loading…", then every row', async () => {
    const store = sample();
    await seed({ store, projects: PROJECTS, status: checked() });
    const hold = holdStoreRead();
    await renderFirstPaint();
    fireEvent.change(screen.getByRole('combobox', { name: 'Project' }), { target: { value: '1' } });
    const acme = unreadTitles(store, (m) => m.project_id === 1);
    await waitFor(() => expect(listedTitles()).toEqual(acme.slice(0, listedTitles().length)));
    expect(listedTitles().length).toBeLessThan(acme.length);
    expect(screen.getByText('Loading…')).toBeTruthy();
    // Its count is known from the preview already.
    expect(screen.getByRole('button', { name: /^New/ }).textContent).toBe('New 40');

    await hold.release();
    await waitFor(() => expect(listedTitles()).toEqual(acme));
    expect(screen.queryByText('Loading…')).toBeNull();
  });

  it('All recent shows "Loading…" alone, then the read mentions among the rest', async () => {
    const store = sample();
    await seed({ store, projects: PROJECTS, status: checked() });
    const hold = holdStoreRead();
    await renderFirstPaint();
    fireEvent.change(screen.getByRole('combobox', { name: 'Source' }), {
      target: { value: 'web' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'All recent' }));
    await screen.findByText('Loading…');
    expect(listedTitles()).toEqual([]);
    // Not a page spinner: the header, the toolbar and the counts stay.
    expect(screen.getByText('100 unread')).toBeTruthy();
    expect(screen.queryByRole('heading', { level: 2 })).toBeNull();

    await hold.release();
    const web = Object.values(store.byProject)
      .flat()
      .filter((m) => m.source === 'web')
      .sort((a, b) => b.addedAt - a.addedAt)
      .map((m) => m.title);
    expect(web).toHaveLength(40);
    await waitFor(() => expect(listedTitles()).toEqual(web));
    expect(rowOf('Mention 6').classList.contains('mention--read')).toBe(true);
    expect(screen.queryByText('Loading…')).toBeNull();
  });

  it('mark all read waits for the store, then marks every unread mention of the filter', async () => {
    const store = sample();
    await seed({ store, projects: PROJECTS, status: checked() });
    const hold = holdStoreRead();
    await renderFirstPaint();
    const button = screen.getByRole('button', { name: 'Mark all read' });
    fireEvent.click(button);
    await act(async () => undefined);
    // Only 50 of the 100 are on screen: nothing is sent until all of them are known.
    expect(popup.background.calls).toEqual([]);
    expect(button.getAttribute('aria-busy')).toBe('true');

    await hold.release();
    await screen.findByText('Marked 100 mentions as read.');
    const sent = popup.background.calls[0].data as { keys: unknown[] };
    expect(popup.background.calls[0].type).toBe('markRead');
    expect(sent.keys).toHaveLength(100);
    await screen.findByRole('heading', { name: 'You are all caught up' });
    expect(button.getAttribute('aria-busy')).toBeNull();
  });
});
