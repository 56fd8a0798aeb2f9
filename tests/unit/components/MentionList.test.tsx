// @vitest-environment happy-dom
// The mention list on its own: paging, and re-rendering only the rows that changed.
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { createRef } from 'preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MentionList, type ListControl } from '@/components/MentionList';
import { FIRST_SCREEN } from '@/components/long-list';
import { MentionPage } from '@/components/MentionPage';
import { MentionRow } from '@/components/MentionRow';
import type { StoredMention } from '@/lib/mentions/store';
import { stored } from '../support/mention-factory';
import { pageMarkup } from '../support/popup-first-paint';

/** Rows a frame adds to a growing list: the pace components/long-list.tsx sets. */
const REVEAL_STEP = 10;

/** The row's commands, each a spy. */
const rowActions = () => ({
  toggleRead: vi.fn(),
  toggleSave: vi.fn(),
  mutePhrase: vi.fn(),
  context: { report: vi.fn(), offerUndo: vi.fn() },
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('MentionList', () => {
  const mentions = Array.from({ length: 7 }, (_, i) => stored({ id: i + 1, title: `M${i + 1}` }));
  const renderList = (control = createRef<ListControl>(), pending = false) =>
    render(
      <MentionList
        mentions={mentions}
        projectName={() => 'Acme'}
        now={Date.now()}
        onOpen={vi.fn()}
        saved={new Set()}
        actions={rowActions()}
        control={control}
        pageSize={3}
        pending={pending}
      />,
    );

  it('an appended page of 50 arrives a few rows per frame, "Show more" after it', async () => {
    const many = Array.from({ length: 120 }, (_, i) => stored({ id: i + 1, title: `R${i + 1}` }));
    render(
      <MentionList
        mentions={many}
        projectName={() => 'Acme'}
        now={Date.now()}
        onOpen={vi.fn()}
        saved={new Set()}
        actions={rowActions()}
        control={createRef<ListControl>()}
      />,
    );
    const list = screen.getByRole('list', { name: 'Mentions' });
    expect(list.querySelectorAll('li')).toHaveLength(50);
    fireEvent.click(screen.getByRole('button', { name: 'Show 50 more' }));
    expect(list.querySelectorAll('li')).toHaveLength(50 + REVEAL_STEP);
    // Nothing after the rows until they are all there: the button would move.
    expect(screen.queryByRole('button', { name: /more/ })).toBeNull();
    await screen.findByRole('button', { name: 'Show 20 more' });
    expect(list.querySelectorAll('li')).toHaveLength(100);
  });

  it('renders a page at a time', () => {
    renderList();
    const list = screen.getByRole('list', { name: 'Mentions' });
    expect(list.querySelectorAll('li')).toHaveLength(3);
    fireEvent.click(screen.getByRole('button', { name: 'Show 3 more' }));
    expect(list.querySelectorAll('li')).toHaveLength(6);
    fireEvent.click(screen.getByRole('button', { name: 'Show 1 more' }));
    expect(list.querySelectorAll('li')).toHaveLength(7);
    expect(screen.queryByRole('button', { name: /more/ })).toBeNull();
  });

  it('with more rows on their way, says "Loading…" after the last one, not before', () => {
    renderList(createRef<ListControl>(), true);
    expect(screen.queryByText('Loading…')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Show 3 more' }));
    fireEvent.click(screen.getByRole('button', { name: 'Show 1 more' }));
    const loading = screen.getByRole('status');
    expect(loading.textContent).toBe('Loading…');
    // Outside the list, so the list holds nothing but mentions.
    expect(screen.getByRole('list').contains(loading)).toBe(false);
  });

  it('the keyboard control moves focus and pages on', async () => {
    const control = createRef<ListControl>();
    renderList(control);
    act(() => control.current!.move('next', false));
    expect(document.activeElement?.textContent).toContain('M1');
    act(() => control.current!.move('last', true));
    expect(document.activeElement?.textContent).toContain('M3');
    act(() => control.current!.move('next', true));
    expect(document.activeElement?.textContent).toContain('M4');
    expect(screen.getByRole('list').querySelectorAll('li')).toHaveLength(6);
  });
});

describe('MentionList renders only the rows that changed', () => {
  const MINUTE = 60_000;
  const now = Date.UTC(2024, 5, 15, 12, 0, 0);
  const mentions = Array.from({ length: 7 }, (_, i) =>
    stored({
      id: i + 1,
      title: `M${i + 1}`,
      addedAt: now - (i + 1) * 5 * MINUTE - (i ? 0 : 30_000),
    }),
  );
  const callbacks = { onOpen: vi.fn(), actions: rowActions(), saved: new Set<string>() };
  afterEach(() => vi.restoreAllMocks());
  const list = (props: { mentions?: typeof mentions; now?: number }) => (
    <MentionList
      mentions={props.mentions ?? mentions}
      projectName={() => 'Acme'}
      now={props.now ?? now}
      {...callbacks}
      control={createRef<ListControl>()}
      pageSize={3}
    />
  );
  /** The titles of the rows rendered since the last call. */
  function rendered() {
    const spy = vi.spyOn(MentionRow.prototype, 'render');
    return () => {
      const titles = spy.mock.calls.map(([props]) => props.mention.title);
      spy.mockClear();
      return titles;
    };
  }

  it('a new page renders only its rows', () => {
    const since = rendered();
    render(list({}));
    expect(since()).toEqual(['M1', 'M2', 'M3']);
    fireEvent.click(screen.getByRole('button', { name: 'Show 3 more' }));
    expect(since()).toEqual(['M4', 'M5', 'M6']);
  });

  it('a new page renders only its page: the pages above it are not walked', () => {
    const pages = vi.spyOn(MentionPage.prototype, 'render');
    render(list({}));
    expect(pages).toHaveBeenCalledTimes(1);
    pages.mockClear();
    fireEvent.click(screen.getByRole('button', { name: 'Show 3 more' }));
    fireEvent.click(screen.getByRole('button', { name: 'Show 1 more' }));
    expect(pages.mock.calls.map(([props]) => [props.start, props.end])).toEqual([
      [3, 6],
      [6, 7],
    ]);
  });

  it('is one list of rows, whatever the pages', () => {
    render(list({}));
    fireEvent.click(screen.getByRole('button', { name: 'Show 3 more' }));
    expect(screen.getAllByRole('list')).toHaveLength(1);
    const items = screen.getAllByRole('listitem');
    expect(items.map((item) => item.dataset.key)).toEqual(
      mentions.slice(0, 6).map((m) => `${m.project_id}:${m.id}`),
    );
  });

  it('a focused row that moves to the next page keeps the focus', () => {
    const view = render(list({}));
    fireEvent.click(screen.getByRole('button', { name: 'Show 3 more' }));
    act(() => (screen.getByText('M3').closest('a') as HTMLElement).focus());
    const arrived = stored({ id: 100, title: 'New', addedAt: now });
    act(() => view.rerender(list({ mentions: [arrived, ...mentions] })));
    // M3 is the first row of the second page now: a new element, focused again.
    expect(document.activeElement).toBe(screen.getByText('M3').closest('a'));
    expect(screen.getByText('M3').closest('ul')).toBe(screen.getByText('M4').closest('ul'));
  });

  it('the store read again renders only the mention that changed', () => {
    const since = rendered();
    const view = render(list({}));
    since();
    const again = mentions.map((m) => (m.id === 2 ? { ...m, read: true } : { ...m }));
    view.rerender(list({ mentions: again }));
    expect(since()).toEqual(['M2']);
    expect(screen.getByText('M2').closest('li')!.classList.contains('mention--read')).toBe(true);
  });

  it('the keyboard moving on renders the two rows whose tab stop moved', () => {
    const since = rendered();
    render(list({}));
    since();
    act(() => (screen.getByText('M2').closest('a') as HTMLElement).focus());
    expect(since().sort()).toEqual(['M1', 'M2']);
  });

  it('the clock renders only the rows whose age reads differently', () => {
    const since = rendered();
    const view = render(list({}));
    since();
    // M1 is 5 min 30 s old: at +50 s it is 6 minutes; M2 (10 min) and M3 (15 min) read the same.
    view.rerender(list({ now: now + 50_000 }));
    expect(since()).toEqual(['M1']);
    expect(screen.getByText('M1').closest('li')!.textContent).toContain('6 minutes ago');
  });

  /**
   * The list as the popup gives it while the store is read and once it is: `shown` of `store`,
   * pending with the whole store's count (a preview's), or every row.
   */
  const readList = (
    store: StoredMention[],
    shown: StoredMention[],
    pending: boolean,
    pageSize?: number,
  ) => (
    <MentionList
      mentions={shown}
      projectName={() => 'Acme'}
      now={now}
      {...callbacks}
      control={createRef<ListControl>()}
      pageSize={pageSize}
      pending={pending}
      setSize={pending ? store.length : undefined}
    />
  );

  it('a preview of the first page: "Show more" from its count, and the store changes nothing', () => {
    const store = Array.from({ length: 40 }, (_, i) => stored({ id: i + 1, title: `S${i + 1}` }));
    const preview = store.slice(0, 30).map((m) => ({ ...m }));
    const page = (shown: typeof store, pending: boolean) => readList(store, shown, pending, 30);
    const since = rendered();
    const view = render(page(preview, true));
    const first = screen.getAllByRole('listitem');
    // Each row says its place in the whole list, known from the preview's counts; so does "Show
    // more": nothing after the rows waits for the store.
    expect(first.map((row) => row.getAttribute('aria-setsize'))).toEqual(
      Array(30).fill(String(store.length)),
    );
    expect(screen.getByRole('button', { name: 'Show 10 more' })).toBeTruthy();
    expect(screen.queryByText('Loading…')).toBeNull();
    since();
    const before = pageMarkup();
    view.rerender(page(store, false));
    // The store in: not a row rendered again, not a character of the page changed.
    expect(since()).toEqual([]);
    expect(screen.getAllByRole('listitem')).toEqual(first);
    expect(pageMarkup()).toBe(before);
  });

  it('the first frame renders the rows on screen and keeps the room of the rest, which then renders alone', () => {
    const store = Array.from({ length: 120 }, (_, i) => stored({ id: i + 1, title: `F${i + 1}` }));
    const page = store.slice(0, 50);
    const list = (firstScreen: boolean) => (
      <MentionList
        mentions={page}
        projectName={() => 'Acme'}
        now={now}
        {...callbacks}
        control={createRef<ListControl>()}
        pending
        setSize={store.length}
        firstScreen={firstScreen}
      />
    );
    const titles = (from: number, to: number) => page.slice(from, to).map((m) => m.title);
    const since = rendered();
    const view = render(list(true));
    expect(since()).toEqual(titles(0, FIRST_SCREEN));
    // The room the other rows take, hidden, and what follows the rows already as it stays.
    const kept = document.querySelector<HTMLElement>('.mentions__kept')!;
    expect(kept.style.getPropertyValue('--kept')).toBe(String(page.length - FIRST_SCREEN));
    expect(kept.getAttribute('aria-hidden')).toBe('true');
    const showMore = screen.getByRole('button', { name: 'Show 50 more' });
    const first = screen.getAllByRole('listitem');

    view.rerender(list(false));
    // The rest alone renders, in the room kept for it; the rows above it are the same elements.
    expect(since()).toEqual(titles(FIRST_SCREEN, page.length));
    expect(document.querySelector('.mentions__kept')).toBeNull();
    expect(screen.getAllByRole('listitem').slice(0, FIRST_SCREEN)).toEqual(first);
    expect(screen.getAllByRole('listitem')).toHaveLength(page.length);
    expect(screen.getByRole('button', { name: 'Show 50 more' })).toBe(showMore);
  });

  it('asked for more rows than the preview holds, it says they are loading, then shows them', async () => {
    const store = Array.from({ length: 100 }, (_, i) => stored({ id: i + 1, title: `P${i + 1}` }));
    const page = (shown: typeof store, pending: boolean) => readList(store, shown, pending, 30);
    const view = render(page(store.slice(0, 30), true));
    fireEvent.click(screen.getByRole('button', { name: 'Show 30 more' }));
    expect(screen.getByText('Loading…')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /more/ })).toBeNull();
    view.rerender(page(store, false));
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(60));
    expect(screen.queryByText('Loading…')).toBeNull();
    expect(screen.getByRole('button', { name: 'Show 30 more' })).toBeTruthy();
  });

  it('a large store after a preview of one screen (stored by an earlier version): the rest of the page a few rows per frame', async () => {
    const oldPreview = 10;
    const store = Array.from({ length: 1_000 }, (_, i) =>
      stored({ id: i + 1, title: `L${i + 1}` }),
    );
    const page = (shown: typeof store, pending: boolean) => readList(store, shown, pending);
    const view = render(page(store.slice(0, oldPreview), true));
    const since = rendered();
    view.rerender(page(store, false));
    expect(since()).toEqual(store.slice(oldPreview, oldPreview + REVEAL_STEP).map((m) => m.title));
    // The rows not in yet keep their room, so "Show more" is where it stays once they come.
    const kept = document.querySelector<HTMLElement>('.mentions__kept')!;
    expect(kept.style.getPropertyValue('--kept')).toBe(String(50 - oldPreview - REVEAL_STEP));
    const showMore = screen.getByRole('button', { name: 'Show 50 more' });
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(50));
    expect(document.querySelector('.mentions__kept')).toBeNull();
    expect(screen.getByRole('button', { name: 'Show 50 more' })).toBe(showMore);
  });

  it('keeps the room of a short preview’s missing rows while the store is read, and fills it', async () => {
    const store = Array.from({ length: 1_000 }, (_, i) =>
      stored({ id: i + 1, title: `S${i + 1}` }),
    );
    // One account's share of the first page (lib/mentions/preview.ts previewRows).
    const share = 17;
    const view = render(readList(store, store.slice(0, share), true));
    const kept = document.querySelector<HTMLElement>('.mentions__kept')!;
    expect(kept.style.getPropertyValue('--kept')).toBe(String(50 - share));
    const showMore = screen.getByRole('button', { name: 'Show 50 more' });
    view.rerender(readList(store, store, false));
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(50));
    expect(document.querySelector('.mentions__kept')).toBeNull();
    expect(screen.getByRole('button', { name: 'Show 50 more' })).toBe(showMore);
  });
});
