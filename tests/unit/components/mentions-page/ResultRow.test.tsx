// @vitest-environment happy-dom
// One result: its checkbox (named after the title; Shift-click asks for a range), its title link
// (only for http and https, opened in front or behind as the click says), the search's matches
// marked as text, and the unread, saved and muted markers.
import { cleanup, fireEvent, render, screen, within } from '@testing-library/preact';
import type { ComponentProps } from 'preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ResultRow } from '@/components/mentions-page/ResultRow';
import { ResultRowBody } from '@/components/mentions-page/ResultRowBody';
import type { StoredMention } from '@/lib/mentions/store';
import { parseQuery } from '@/lib/search/query';
import { NOW, stored } from '../../support/mention-factory';

type ResultRowProps = ComponentProps<typeof ResultRow>;

afterEach(cleanup);

function props(mention: StoredMention, overrides: Partial<ResultRowProps> = {}): ResultRowProps {
  return {
    mention,
    position: 1,
    setSize: 1,
    query: parseQuery(''),
    projectName: 'Acme',
    now: NOW.getTime(),
    selected: false,
    saved: false,
    muted: false,
    openInBackground: false,
    onSelect: vi.fn(),
    onOpen: vi.fn(),
    ...overrides,
  };
}

function renderRow(rowProps: ResultRowProps) {
  const view = render(
    <ul>
      <ResultRow {...rowProps} />
    </ul>,
  );
  const rerender = (next: ResultRowProps) =>
    view.rerender(
      <ul>
        <ResultRow {...next} />
      </ul>,
    );
  return { ...view, rerender };
}

const bike = stored({ id: 7, project_id: 3, title: 'Acme launches a bike', author: 'Zoë' });

describe('ResultRow', () => {
  it('names its checkbox after the title and reports clicks with and without Shift', () => {
    const onSelect = vi.fn();
    renderRow(props(bike, { onSelect }));
    const box = screen.getByRole('checkbox', { name: 'Select Acme launches a bike' });
    fireEvent.click(box);
    fireEvent.click(box, { shiftKey: true });
    expect(onSelect.mock.calls).toEqual([
      ['3:7', false],
      ['3:7', true],
    ]);
  });

  it('shows the selection it is given, not its own toggle', () => {
    const rowProps = props(bike);
    const { rerender } = renderRow(rowProps);
    const box = screen.getByRole<HTMLInputElement>('checkbox');
    // The page kept the row unselected (a Shift-click that cleared a run ending here).
    fireEvent.click(box, { shiftKey: true });
    expect(box.checked).toBe(false);
    rerender({ ...rowProps, selected: true });
    expect(box.checked).toBe(true);
    expect(box.closest('li')?.classList.contains('result--selected')).toBe(true);
  });

  it('opens the title link in front on a plain click, behind on a modified or middle click', () => {
    const onOpen = vi.fn();
    renderRow(props(bike, { onOpen }));
    const link = screen.getByRole('link', { name: 'Acme launches a bike' });
    expect(link.getAttribute('href')).toBe('https://example.com/7');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    fireEvent.click(link);
    fireEvent.click(link, { ctrlKey: true });
    fireEvent(link, new MouseEvent('auxclick', { bubbles: true, cancelable: true, button: 1 }));
    expect(onOpen.mock.calls.map(([, mode]) => mode)).toEqual([
      'foreground',
      'background',
      'background',
    ]);
    expect(onOpen.mock.calls[0][0]).toBe(bike);
  });

  it('opens behind on a plain click when the preference says so', () => {
    const onOpen = vi.fn();
    renderRow(props(bike, { onOpen, openInBackground: true }));
    fireEvent.click(screen.getByRole('link'));
    expect(onOpen).toHaveBeenCalledWith(bike, 'background');
  });

  it.each(['javascript:alert(1)', 'data:text/html,hi', 'file:///etc/passwd', 'not a url'])(
    'shows %s as text, with no link and a note why',
    (url) => {
      renderRow(props(stored({ id: 1, url, title: 'Odd one' })));
      expect(screen.queryByRole('link')).toBeNull();
      const title = screen.getByText('Odd one');
      expect(title.getAttribute('aria-describedby')).toBe('result-unsafe-1-1');
      expect(document.getElementById('result-unsafe-1-1')?.textContent).toContain('Not a web link');
    },
  );

  it('marks the search’s matches in title, body, author and site, as text', () => {
    const mention = stored({
      id: 2,
      title: '<b>Acme</b> news',
      snippet: 'All about acme here',
      author: 'acme_fan',
      url: 'https://acme.example.org/post',
    });
    const { container } = renderRow(props(mention, { query: parseQuery('acme') }));
    const marked = [...container.querySelectorAll('mark')].map((mark) => mark.textContent);
    expect(marked).toEqual(['Acme', 'acme', 'acme', 'acme']);
    expect(container.querySelector('b')).toBeNull();
    expect(screen.getByRole('link').textContent).toBe('<b>Acme</b> news');
    expect(container.querySelector('.result__author')?.textContent).toBe('by acme_fan');
    expect(container.querySelector('.result__site')?.textContent).toBe('acme.example.org');
  });

  it('shows where it came from: source, project, age and sentiment', () => {
    const mention = stored({ id: 3, source: 'reddit', sentiment: -2 });
    const { container } = renderRow(props(mention, { projectName: 'Acme Bikes' }));
    expect(container.querySelector('.result__meta')?.textContent).toContain('Reddit');
    expect(screen.getByText('Acme Bikes')).toBeTruthy();
    expect(container.querySelector('time')?.textContent).toBe('yesterday');
    expect(screen.getByRole('img', { name: 'Negative sentiment' })).toBeTruthy();
  });

  it('marks unread, saved and muted rows, and only those', () => {
    const { container, rerender } = renderRow(props(bike));
    const marks = () =>
      [...container.querySelectorAll('.result__mark')].map((mark) => mark.textContent);
    expect(marks()).toEqual(['Unread']);
    rerender(props({ ...bike, read: true }, { saved: true, muted: true }));
    expect(marks()).toEqual(['Saved', 'Muted']);
    const row = screen.getByRole('listitem');
    expect(row.className).toContain('result--read');
    expect(row.className).toContain('result--muted');
    expect(within(row).queryByText('Unread')).toBeNull();
  });

  it('a damaged record without author or site still renders', () => {
    const broken = { ...stored({ id: 4, url: '' }), author: undefined } as unknown as StoredMention;
    const { container } = renderRow(props(broken));
    expect(container.querySelector('.result__author')).toBeNull();
    expect(container.querySelector('.result__site')).toBeNull();
    expect(screen.getByRole('checkbox', { name: 'Select Mention 4' })).toBeTruthy();
  });

  it('renders again only when what it shows changed', () => {
    const render = vi.spyOn(ResultRow.prototype, 'render');
    const rowProps = props(bike, { query: parseQuery('acme') });
    const { rerender } = renderRow(rowProps);
    expect(render).toHaveBeenCalledTimes(1);
    // The store parsed again, the search parsed again, the clock a second on: nothing to show.
    rerender({
      ...rowProps,
      mention: { ...bike },
      query: parseQuery('acme'),
      now: rowProps.now + 1000,
    });
    expect(render).toHaveBeenCalledTimes(1);
    rerender({ ...rowProps, selected: true });
    expect(render).toHaveBeenCalledTimes(2);
    rerender({ ...rowProps, selected: true, query: parseQuery('bike') });
    expect(render).toHaveBeenCalledTimes(3);
  });

  it('another search renders the row only where it changes its marks', () => {
    const render = vi.spyOn(ResultRow.prototype, 'render');
    const rowProps = props(bike, { query: parseQuery('acme') });
    const { container, rerender } = renderRow(rowProps);
    const marked = () => [...container.querySelectorAll('mark')].map((m) => m.textContent);
    // Typing an exclusion, or the same words in another order: the same marks.
    for (const search of ['acme -', 'acme -z', 'acme -zz', 'acme ACME']) {
      rerender({ ...rowProps, query: parseQuery(search) });
    }
    expect(render).toHaveBeenCalledTimes(1);
    rerender({ ...rowProps, query: parseQuery('acme bike') });
    expect(render).toHaveBeenCalledTimes(2);
    expect(marked()).toEqual(['Acme', 'bike']);
    rerender({ ...rowProps, query: parseQuery('bike acme') });
    expect(render).toHaveBeenCalledTimes(2);
    rerender({ ...rowProps, query: parseQuery('') });
    expect(render).toHaveBeenCalledTimes(3);
    expect(marked()).toEqual([]);
  });

  it('a new place in the list renders the item alone, not what it shows', () => {
    const body = vi.spyOn(ResultRowBody.prototype, 'render');
    const rowProps = props(bike, { query: parseQuery('acme'), position: 3, setSize: 90 });
    const { rerender } = renderRow(rowProps);
    const link = screen.getByRole('link');
    rerender({ ...rowProps, query: parseQuery('acme -x'), position: 1, setSize: 12 });
    expect(screen.getByRole('listitem').getAttribute('aria-posinset')).toBe('1');
    expect(screen.getByRole('listitem').getAttribute('aria-setsize')).toBe('12');
    expect(body).toHaveBeenCalledTimes(1);
    // The same elements: nothing rebuilt.
    expect(screen.getByRole('link')).toBe(link);
    rerender({ ...rowProps, position: 1, setSize: 12, saved: true });
    expect(body).toHaveBeenCalledTimes(2);
  });
});
