// @vitest-environment happy-dom
// The results list: one page on first paint whatever the number of results, more on "Show more",
// a new search back at its first page, and the page's selection shown on the rows.
import { cleanup, fireEvent, render, screen } from '@testing-library/preact';
import type { ComponentProps } from 'preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ResultList } from '@/components/mentions-page/ResultList';
import { ResultRow } from '@/components/mentions-page/ResultRow';
import { clickRow, NO_SELECTION, selectAll } from '@/lib/mentions-page/selection';
import { parseQuery } from '@/lib/search/query';
import { NOW, stored } from '../../support/mention-factory';

type ResultListProps = ComponentProps<typeof ResultList>;

afterEach(cleanup);

const many = (count: number) =>
  Array.from({ length: count }, (_, i) => stored({ id: i + 1, title: `Result ${i + 1}` }));

function props(overrides: Partial<ResultListProps> = {}): ResultListProps {
  return {
    mentions: many(7),
    query: parseQuery(''),
    muted: new Set(),
    saved: new Set(),
    selection: NO_SELECTION,
    onSelect: vi.fn(),
    projectName: () => 'Acme',
    now: NOW.getTime(),
    onOpen: vi.fn(),
    ...overrides,
  };
}

const rows = () => screen.getByRole('list', { name: 'Results' }).querySelectorAll('li');

describe('ResultList', () => {
  it('renders only the first page of 5,000 results, each row knowing its place', () => {
    render(<ResultList {...props({ mentions: many(5000) })} />);
    expect(rows()).toHaveLength(50);
    expect(rows()[49].getAttribute('aria-posinset')).toBe('50');
    expect(rows()[0].getAttribute('aria-setsize')).toBe('5000');
    expect(screen.getByRole('button', { name: 'Show 50 more' })).toBeTruthy();
  });

  it('pages on with "Show more", a few rows a frame, until all are there', async () => {
    render(<ResultList {...props({ pageSize: 3 })} />);
    expect(rows()).toHaveLength(3);
    fireEvent.click(screen.getByRole('button', { name: 'Show 3 more' }));
    await screen.findByRole('button', { name: 'Show 1 more' });
    expect(rows()).toHaveLength(6);
    fireEvent.click(screen.getByRole('button', { name: 'Show 1 more' }));
    await vi.waitFor(() => expect(rows()).toHaveLength(7));
    expect(screen.queryByRole('button', { name: /more/ })).toBeNull();
  });

  it('starts another search at its first page', async () => {
    const list = props({ mentions: many(200) });
    const { rerender } = render(<ResultList {...list} />);
    fireEvent.click(screen.getByRole('button', { name: 'Show 50 more' }));
    await vi.waitFor(() => expect(rows()).toHaveLength(100));
    // The same search parsed again (new results after a poll) keeps its place.
    rerender(<ResultList {...list} mentions={[...list.mentions]} query={parseQuery('')} />);
    expect(rows()).toHaveLength(100);
    rerender(<ResultList {...list} query={parseQuery('result')} />);
    expect(rows()).toHaveLength(50);
    expect(screen.getAllByText('Result', { selector: 'mark' })).toHaveLength(50);
  });

  it('shows the selection, and reports each checkbox click with Shift or not', () => {
    const mentions = many(7);
    const order = mentions.map((m) => `1:${m.id}`);
    const onSelect = vi.fn();
    const selection = clickRow(clickRow(NO_SELECTION, '1:2', false, order), '1:4', true, order);
    const { rerender } = render(<ResultList {...props({ mentions, selection, onSelect })} />);
    const checked = () =>
      screen
        .getAllByRole<HTMLInputElement>('checkbox')
        .filter((box) => box.checked)
        .map((box) => box.getAttribute('aria-label'));
    expect(checked()).toEqual(['Select Result 2', 'Select Result 3', 'Select Result 4']);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Result 6' }), { shiftKey: true });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Result 1' }));
    expect(onSelect.mock.calls).toEqual([
      ['1:6', true],
      ['1:1', false],
    ]);
    rerender(<ResultList {...props({ mentions, selection: selectAll(order), onSelect })} />);
    expect(checked()).toHaveLength(7);
  });

  it('a selection renders the rows it changed alone, even with new callbacks each time', () => {
    const mentions = many(120);
    const order = mentions.map((m) => `1:${m.id}`);
    const list = (selection = NO_SELECTION) => (
      // New arrows every render, as a page might pass them.
      <ResultList
        {...props({ mentions, selection })}
        onSelect={(key, shift) => void [key, shift]}
        onOpen={(mention, mode) => void [mention, mode]}
      />
    );
    const { rerender } = render(list());
    const renders = vi.spyOn(ResultRow.prototype, 'render');
    rerender(list(clickRow(NO_SELECTION, '1:3', false, order)));
    expect(renders).toHaveBeenCalledTimes(1);
    expect(renders.mock.contexts[0]).toMatchObject({ props: { selected: true } });
  });

  it('marks the rows the page says are muted or saved', () => {
    render(<ResultList {...props({ muted: new Set(['1:2']), saved: new Set(['1:3']) })} />);
    const row = (n: number) => rows()[n - 1].querySelector('.result__marks')?.textContent;
    expect(row(1)).toBe('Unread');
    expect(row(2)).toBe('UnreadMuted');
    expect(row(3)).toBe('UnreadSaved');
  });

  it('renders nothing for no results (the page says why)', () => {
    const { container } = render(<ResultList {...props({ mentions: [] })} />);
    expect(container.childNodes).toHaveLength(0);
  });
});
