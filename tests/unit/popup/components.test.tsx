// @vitest-environment happy-dom
// The popup's components on their own: paging, the Undo bar's timing, and the small marks.
import { act, cleanup, fireEvent, render, screen } from '@testing-library/preact';
import { createRef } from 'preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EmptyState } from '@/components/EmptyState';
import { FIRST_SCREEN, MentionList, REVEAL_STEP, type ListControl } from '@/components/MentionList';
import { MentionPage } from '@/components/MentionPage';
import { MentionRow } from '@/components/MentionRow';
import { NewArrivals } from '@/components/NewArrivals';
import { ProjectFilter } from '@/components/ProjectFilter';
import { RelativeTime } from '@/components/RelativeTime';
import { SentimentMark } from '@/components/SentimentMark';
import { SourceIcon } from '@/components/SourceIcon';
import { StatusToast } from '@/components/StatusToast';
import { UndoBar } from '@/components/UndoBar';
import { stored } from '../mentions/mention-factory';

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
        onToggleRead={vi.fn()}
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
        onToggleRead={vi.fn()}
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
  const callbacks = { onOpen: vi.fn(), onToggleRead: vi.fn() };
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

  it('the first screen first: the rest of the page and "Show more" once it is painted', () => {
    const many = Array.from({ length: 30 }, (_, i) => stored({ id: i + 1, title: `M${i + 1}` }));
    const page = (firstScreen: boolean) => (
      <MentionList
        mentions={many}
        projectName={() => 'Acme'}
        now={now}
        {...callbacks}
        control={createRef<ListControl>()}
        pageSize={20}
        firstScreen={firstScreen}
      />
    );
    const since = rendered();
    const view = render(page(true));
    expect(since()).toHaveLength(FIRST_SCREEN);
    expect(screen.queryByRole('button', { name: /more/ })).toBeNull();
    view.rerender(page(false));
    expect(since()).toHaveLength(20 - FIRST_SCREEN);
    expect(screen.getByRole('list').querySelectorAll('li')).toHaveLength(20);
    expect(screen.getByRole('button', { name: 'Show 10 more' })).toBeTruthy();
  });
});

describe('UndoBar', () => {
  it('goes away by itself, but not while the pointer or focus is on it', () => {
    vi.useFakeTimers();
    const onDismiss = vi.fn();
    const onUndo = vi.fn();
    render(<UndoBar count={3} onUndo={onUndo} onDismiss={onDismiss} timeoutMs={1_000} />);
    expect(screen.getByRole('status').textContent).toBe('Marked 3 mentions as read.');
    const bar = screen.getByRole('status').parentElement!;
    fireEvent.mouseEnter(bar);
    act(() => {
      vi.advanceTimersByTime(5_000);
    });
    expect(onDismiss).not.toHaveBeenCalled();
    fireEvent.mouseLeave(bar);
    act(() => {
      vi.advanceTimersByTime(999);
    });
    expect(onDismiss).not.toHaveBeenCalled();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(onDismiss).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole('button', { name: 'Undo' }));
    expect(onUndo).toHaveBeenCalledTimes(1);
  });

  it('counts in the singular too', () => {
    render(<UndoBar count={1} onUndo={vi.fn()} onDismiss={vi.fn()} />);
    expect(screen.getByText('Marked 1 mention as read.')).toBeTruthy();
  });
});

describe('small parts', () => {
  it('SourceIcon: a mark per known source, a plain dot otherwise; decorative', () => {
    const { container } = render(
      <>
        <SourceIcon source="reddit" />
        <SourceIcon source="podcasts" />
      </>,
    );
    const [reddit, other] = container.querySelectorAll('.source-icon');
    expect(reddit.classList.contains('source-icon--reddit')).toBe(true);
    expect(other.classList.contains('source-icon--other')).toBe(true);
    expect(reddit.getAttribute('aria-hidden')).toBe('true');
  });

  it('SentimentMark: a labelled image for each sign', () => {
    render(
      <>
        <SentimentMark value={1} />
        <SentimentMark value={0} />
        <SentimentMark value={-4} />
      </>,
    );
    expect(screen.getAllByRole('img').map((el) => el.getAttribute('aria-label'))).toEqual([
      'Positive sentiment',
      'Neutral sentiment',
      'Negative sentiment',
    ]);
  });

  it('RelativeTime: words, the instant and the exact time on hover', () => {
    const now = Date.UTC(2024, 0, 1, 12);
    render(<RelativeTime epochMs={now - 3 * 3_600_000} now={now} phrase={(r) => `Seen ${r}`} />);
    const time = screen.getByText('Seen 3 hours ago');
    expect(time.tagName).toBe('TIME');
    expect(time.getAttribute('dateTime')).toBe('2024-01-01T09:00:00.000Z');
    expect(time.getAttribute('title')).toMatch(/2024/);
  });

  it('NewArrivals: a count in words', () => {
    const onShow = vi.fn();
    render(<NewArrivals count={4} onShow={onShow} />);
    fireEvent.click(screen.getByRole('button', { name: 'Show 4 new mentions' }));
    expect(onShow).toHaveBeenCalled();
  });

  it('ProjectFilter: a project the cache does not know is named by its id', () => {
    const onChange = vi.fn();
    render(
      <ProjectFilter
        options={[{ projectId: 7, name: null, unread: 2 }]}
        totalUnread={2}
        value={null}
        onChange={onChange}
      />,
    );
    expect(screen.getByRole('option', { name: 'Project 7 (2)' })).toBeTruthy();
    fireEvent.change(screen.getByRole('combobox', { name: 'Project' }), { target: { value: '7' } });
    expect(onChange).toHaveBeenCalledWith(7);
  });

  it('EmptyState: a heading, the words and one action', () => {
    const onClick = vi.fn();
    render(
      <EmptyState icon="done" title="Done" action={{ label: 'Go', onClick }}>
        <p>All done.</p>
      </EmptyState>,
    );
    expect(screen.getByRole('heading', { level: 2, name: 'Done' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Go' }));
    expect(onClick).toHaveBeenCalled();
  });

  it('StatusToast: the live region is always there; a report shows in it', () => {
    const { rerender } = render(<StatusToast report={null} />);
    expect(screen.getByRole('status').textContent).toBe('');
    rerender(<StatusToast report={{ text: 'No new mentions', tone: 'info' }} />);
    expect(screen.getByRole('status').textContent).toBe('No new mentions');
  });
});
