// @vitest-environment happy-dom
// The results list as the search changes under it, a keystroke at a time: the list keeps its
// elements (a row still in the results is the same element, rendered again only where its marks
// changed), starts the new search at its first page, and forgets the heights its far pages had in
// the old results. The browser's intersection observer is replaced by one the test drives.
import { act, cleanup, fireEvent, render, screen } from '@testing-library/preact';
import type { ComponentProps } from 'preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ResultList } from '@/components/mentions-page/ResultList';
import { ResultRowBody } from '@/components/mentions-page/ResultRowBody';
import { NO_SELECTION } from '@/lib/mentions-page/selection';
import { parseQuery } from '@/lib/search/query';
import { NOW, stored } from '../../support/mention-factory';

type ResultListProps = ComponentProps<typeof ResultList>;

/** An IntersectionObserver whose reports the test sends. */
class DrivenObserver {
  static instances: DrivenObserver[] = [];
  readonly watched = new Set<Element>();
  constructor(private readonly report: IntersectionObserverCallback) {
    DrivenObserver.instances.push(this);
  }
  observe(target: Element) {
    this.watched.add(target);
  }
  unobserve(target: Element) {
    this.watched.delete(target);
  }
  disconnect() {
    this.watched.clear();
  }
  /** Reports `target` as near or far from view, with its height. */
  send(target: Element, near: boolean, height: number) {
    const entry = {
      target,
      isIntersecting: near,
      boundingClientRect: { height } as DOMRectReadOnly,
    } as IntersectionObserverEntry;
    act(() => this.report([entry], this as unknown as IntersectionObserver));
  }
}

const PAGE = 3;
const all = Array.from({ length: 12 }, (_, i) => stored({ id: i + 1, title: `Result ${i + 1}` }));

function props(search: string, mentions = all): ResultListProps {
  return {
    mentions,
    query: parseQuery(search),
    muted: new Set(),
    saved: new Set(),
    selection: NO_SELECTION,
    onSelect: vi.fn(),
    projectName: () => 'Acme',
    now: NOW.getTime(),
    onOpen: vi.fn(),
    pageSize: PAGE,
  };
}

const list = () => screen.getByRole('list', { name: 'Results' });
const pages = () => [...list().children] as HTMLElement[];
const rows = () => [...list().querySelectorAll('li')];
const row = (id: number) => list().querySelector(`li[data-key="1:${id}"]`);
/** The watcher of the pages (the other observer watches the "Show more" sentinel). */
const observer = () => DrivenObserver.instances.find((o) => o.watched.has(pages()[0]))!;

async function showMore(count: number) {
  fireEvent.click(screen.getByRole('button', { name: /^Show \d+ more$/ }));
  await vi.waitFor(() => expect(rows()).toHaveLength(count));
}

beforeEach(() => {
  DrivenObserver.instances = [];
  vi.stubGlobal('IntersectionObserver', DrivenObserver);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('ResultList, as the search changes', () => {
  it('keeps the elements of the rows still in the results', () => {
    const view = render(<ResultList {...props('result')} />);
    const kept = row(3);
    const bodies = vi.spyOn(ResultRowBody.prototype, 'render');
    // The next keystroke: fewer results (the odd ones), the same marks in each.
    const odd = all.filter((m) => m.id % 2 === 1);
    view.rerender(<ResultList {...props('result -x', odd)} />);
    expect(rows().map((li) => li.dataset.key)).toEqual(['1:1', '1:3', '1:5']);
    view.rerender(<ResultList {...props('result -x', all.slice(2))} />);
    expect(rows().map((li) => li.dataset.key)).toEqual(['1:3', '1:4', '1:5']);
    expect(row(3)).toBe(kept);
    expect(kept?.getAttribute('aria-posinset')).toBe('1');
    // Only the rows that were not there before rendered what they show.
    expect(bodies.mock.contexts.map((c) => (c as ResultRowBody).props.mention.id)).toEqual([5, 4]);
  });

  it('starts every new search at its first page, also one it had before', async () => {
    const view = render(<ResultList {...props('')} />);
    await showMore(6);
    await showMore(9);
    view.rerender(<ResultList {...props('r')} />);
    expect(rows()).toHaveLength(PAGE);
    view.rerender(<ResultList {...props('')} />);
    expect(rows()).toHaveLength(PAGE);
    await showMore(6);
  });

  it('forgets the heights its far pages had in the old results', async () => {
    const view = render(<ResultList {...props('')} />);
    await showMore(6);
    await showMore(9);
    // Scrolled down: the first two pages far from view, their heights kept.
    observer().send(pages()[0], false, 900);
    observer().send(pages()[1], false, 700);
    expect(pages()[0].style.height).toBe('900px');
    expect(rows()).toHaveLength(PAGE);
    // A new search: its first page shows its rows, whatever the old one's height was.
    view.rerender(<ResultList {...props('result')} />);
    expect(pages()).toHaveLength(1);
    expect(pages()[0].style.height).toBe('');
    expect(rows()).toHaveLength(PAGE);
    // Paged on again, the second page renders its rows: the old results' height is gone.
    await showMore(6);
    expect(pages()[1].classList.contains('results__page--far')).toBe(false);
    // And a page of the new results that goes far keeps its own height.
    observer().send(pages()[1], false, 333);
    expect(pages()[1].style.height).toBe('333px');
  });
});
