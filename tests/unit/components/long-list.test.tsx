// @vitest-environment happy-dom
// Pages of the mention list far from view keep their height and give up their rows
// (components/long-list.tsx); they come back when near again, for the keyboard, and never while
// they hold the focus. The browser's intersection observer is replaced by one the test drives.
import { act, cleanup, render, screen } from '@testing-library/preact';
import { createRef } from 'preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MentionList, type ListControl } from '@/components/MentionList';
import { stored } from '../support/mention-factory';

/** The row's commands, each a spy. */
const rowActions = () => ({
  toggleRead: vi.fn(),
  toggleSave: vi.fn(),
  mutePhrase: vi.fn(),
  context: { report: vi.fn(), offerUndo: vi.fn() },
});

/** An IntersectionObserver whose reports the test sends. */
class DrivenObserver {
  static instances: DrivenObserver[] = [];
  readonly watched = new Set<Element>();
  constructor(
    private readonly report: IntersectionObserverCallback,
    readonly options: IntersectionObserverInit,
  ) {
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
  /** Reports `target` as near (intersecting the widened root) or far, with its height. */
  send(target: Element, near: boolean, height: number) {
    const entry = {
      target,
      isIntersecting: near,
      boundingClientRect: { height } as DOMRectReadOnly,
    } as IntersectionObserverEntry;
    act(() => this.report([entry], this as unknown as IntersectionObserver));
  }
}

const PAGE = 4;
const mentions = Array.from({ length: 12 }, (_, i) => stored({ id: i + 1, title: `M${i + 1}` }));

function renderScrolledList(control = createRef<ListControl>(), scrollerClass = 'scroller') {
  const view = render(
    <div class={scrollerClass}>
      <MentionList
        mentions={mentions}
        projectName={() => 'Acme'}
        now={Date.now()}
        onOpen={vi.fn()}
        saved={new Set()}
        actions={rowActions()}
        control={control}
        pageSize={PAGE}
      />
    </div>,
  );
  // Three pages of four rows, all of them rendered.
  act(() => screen.getByRole('button', { name: 'Show 4 more' }).click());
  act(() => screen.getByRole('button', { name: 'Show 4 more' }).click());
  return view;
}

const list = () => screen.getByRole('list', { name: 'Mentions' });
const pages = () => [...list().children] as HTMLElement[];
const titles = () => [...list().querySelectorAll('.mention__title')].map((t) => t.textContent);
/** The watcher of the pages (the list has another observer: its "Show more" sentinel's). */
const observer = () => DrivenObserver.instances.find((o) => o.watched.has(pages()[0]))!;

beforeEach(() => {
  DrivenObserver.instances = [];
  vi.stubGlobal('IntersectionObserver', DrivenObserver);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('far pages of the mention list', () => {
  it('watches every page against the scroller, two popup heights around the view', () => {
    renderScrolledList();
    const watcher = observer();
    expect(watcher.options.root).toBe(document.querySelector('.scroller'));
    expect(watcher.options.rootMargin).toBe('1200px 0px');
    expect(pages().every((page) => watcher.watched.has(page))).toBe(true);
  });

  it('watches against the viewport in a page that scrolls the document (no scroller)', () => {
    renderScrolledList(createRef<ListControl>(), 'page');
    const watcher = observer();
    expect(watcher.options.root).toBeNull();
    observer().send(pages()[0], false, 432);
    expect(pages()[0].querySelectorAll('li')).toHaveLength(0);
  });

  it('a page gone far keeps its height and holds no rows; near again, its rows are back', () => {
    renderScrolledList();
    expect(titles()).toHaveLength(12);
    observer().send(pages()[0], false, 432);

    expect(pages()[0].querySelectorAll('li')).toHaveLength(0);
    expect(pages()[0].style.height).toBe('432px');
    expect(titles()).toEqual(mentions.slice(PAGE).map((m) => `Unread: ${m.title}`));

    observer().send(pages()[0], true, 432);
    expect(pages()[0].querySelectorAll('li')).toHaveLength(PAGE);
    expect(pages()[0].style.height).toBe('');
    expect(titles()).toHaveLength(12);
  });

  it('every row says its place in the whole list, rendered or not', () => {
    renderScrolledList();
    observer().send(pages()[0], false, 432);
    const rows = [...list().querySelectorAll('li')];
    expect(rows.map((row) => row.getAttribute('aria-posinset'))).toEqual([
      '5',
      '6',
      '7',
      '8',
      '9',
      '10',
      '11',
      '12',
    ]);
    expect(rows.every((row) => row.getAttribute('aria-setsize') === '12')).toBe(true);
  });

  it('a page holding the focus stays, however far', () => {
    const control = createRef<ListControl>();
    renderScrolledList(control);
    act(() => control.current!.move('next', false));
    expect(document.activeElement?.textContent).toContain('M1');
    observer().send(pages()[0], false, 432);
    expect(pages()[0].querySelectorAll('li')).toHaveLength(PAGE);
    expect(document.activeElement?.textContent).toContain('M1');
  });

  it('the keyboard moving onto a far page brings its rows back and focuses the row', () => {
    const control = createRef<ListControl>();
    renderScrolledList(control);
    observer().send(pages()[0], false, 432);
    act(() => control.current!.move('first', true));
    expect(pages()[0].querySelectorAll('li')).toHaveLength(PAGE);
    expect(document.activeElement?.textContent).toContain('M1');
  });

  it('an empty page is not taken for a far one (nothing measured yet)', () => {
    renderScrolledList();
    observer().send(pages()[1], false, 0);
    expect(pages()[1].querySelectorAll('li')).toHaveLength(PAGE);
  });
});
