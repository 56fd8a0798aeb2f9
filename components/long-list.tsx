// A long list of rows (the popup's mentions, the mentions page's results), built to cost what
// changed rather than what it holds. Four parts, each for one of the ways 5,000 rows would hurt:
// - pages (pageOfRows): appending a page renders that page alone (Preact walks the pages above it,
//   not their thousands of rows), and the browser skips the style, layout and paint of pages out of
//   view (content-visibility on the page's class, one box per page rather than per row);
// - far pages (useFarPages): a page far from view holds no rows at all, only its height;
// - revealed rows (useRevealedRows): rows appended arrive a few a frame, never as one long task;
// - stable callbacks (useStableCallback): rows compare their props to skip rendering, so the
//   callbacks they get must not be new closures on every render.
import type { JSX, RefObject } from 'preact';
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'preact/hooks';

// --- Pages -----------------------------------------------------------------------------------

/** One page of the list: the rows from `start` to `end` (MentionPage, ResultPage). */
export interface RowPageProps {
  start: number;
  end: number;
  /** Far from view: no rows, this height in their place (px). Null renders the rows. */
  farHeight: number | null;
}

/**
 * For a page's shouldComponentUpdate: any prop that differs renders the page, and its rows then
 * decide one by one whether what they show changed.
 */
export function samePage<P extends RowPageProps>(before: P, after: P): boolean {
  return (Object.keys(after) as (keyof P)[]).every((name) => Object.is(before[name], after[name]));
}

/**
 * The page's element, of class `pageClass` ('mentions__page'): its rows, `row(index)` for each
 * index of the whole list it holds, or when far from view an empty one of its height.
 */
export function pageOfRows(
  pageClass: string,
  props: RowPageProps,
  row: (index: number) => JSX.Element,
): JSX.Element {
  // data-start names the page to the list's watcher of far pages (useFarPages).
  if (props.farHeight !== null) {
    return (
      <ul
        class={`${pageClass} ${pageClass}--far`}
        role="none"
        data-start={props.start}
        style={{ height: `${props.farHeight}px` }}
      />
    );
  }
  const rows = [];
  for (let index = props.start; index < props.end; index++) rows.push(row(index));
  // The rows are the list's items: the page is no list of its own to assistive technology.
  return (
    <ul class={pageClass} role="none" data-start={props.start}>
      {rows}
    </ul>
  );
}

// --- Far pages -------------------------------------------------------------------------------
// Scrolled to row 5,000, the list would otherwise keep 5,000 rows (some 150,000 DOM nodes and their
// Preact trees) alive: the garbage collector marks all of them on every major collection, and those
// collections came as tasks of 50 to 90 ms in the middle of a scroll (`npm run bench --
// interaction`). A far page keeps the height it had when it left, so nothing on screen moves; when
// it comes near again it renders its rows before it is in view, and scroll anchoring keeps the
// visible rows still if its height changed meanwhile.

/** Near is within this distance of the visible part of the list: two popup heights. */
const NEAR_MARGIN_PX = 1200;

export interface FarPages {
  /** The height of each far page, by its first row's index; pages not listed render their rows. */
  heights: ReadonlyMap<number, number>;
  /** Renders a far page's rows again now (the keyboard is about to move onto one of them). */
  bringNear(start: number): void;
}

/** A page element's first row: its key among the pages (its data-start). */
function pageStart(element: Element): number {
  return Number((element as HTMLElement).dataset.start);
}

/**
 * Watches the page elements of `list` (its children, each with data-start) against
 * its scroller: the popup's `.scroller`, or the viewport for a page that scrolls the document (the
 * mentions page). A page that leaves the near zone gives up its rows, unless it holds the focus; one
 * that enters it gets them back. The intersection observer reports sizes it has measured already,
 * so this forces no layout of its own.
 */
export function useFarPages(list: RefObject<HTMLElement | null>): FarPages {
  const [heights, setHeights] = useState<ReadonlyMap<number, number>>(() => new Map());
  const observer = useRef<IntersectionObserver | null>(null);

  // A layout effect, declared before the one below, so the watcher exists when that one first runs.
  useLayoutEffect(() => {
    if (!list.current || typeof IntersectionObserver === 'undefined') return;
    const scroller = list.current.closest('.scroller'); // null: the viewport
    const watcher = new IntersectionObserver(
      (entries) =>
        setHeights((current) => {
          let next: Map<number, number> | null = null;
          for (const entry of entries) {
            const start = pageStart(entry.target);
            const far = current.has(start);
            const height = entry.boundingClientRect.height;
            if (entry.isIntersecting && far) {
              (next ??= new Map(current)).delete(start);
            } else if (!entry.isIntersecting && !far && height > 0) {
              if (entry.target.contains(document.activeElement)) continue;
              (next ??= new Map(current)).set(start, height);
            }
          }
          return next ?? current;
        }),
      { root: scroller, rootMargin: `${NEAR_MARGIN_PX}px 0px` },
    );
    observer.current = watcher;
    return () => {
      watcher.disconnect();
      observer.current = null;
    };
  }, [list]);

  // After every render: watch the pages (observing a page already watched does nothing). A page
  // that left the document reports a height of 0, which never makes it far.
  useLayoutEffect(() => {
    for (const page of list.current?.children ?? []) observer.current?.observe(page);
  });

  const bringNear = useCallback((start: number) => {
    setHeights((current) => {
      if (!current.has(start)) return current;
      const next = new Map(current);
      next.delete(start);
      return next;
    });
  }, []);

  return { heights, bringNear };
}

// --- Revealed rows ---------------------------------------------------------------------------

/**
 * Rows added per frame. Measured on a 2-core machine: 50 clamped rows cost 30-40 ms of style and
 * layout plus their render, a long task (over 50 ms) with the frame's other work; 25 still made one
 * now and then; 10 keep scrolling to row 5,000 free of them (`npm run bench -- interaction`). A page
 * is still 5 frames, under 0.1 s, and arrives before it scrolls into view.
 */
const REVEAL_STEP = 10;

/**
 * The rows of the popup's first frame: those the browser lays out in it, the 3 or 4 on screen and
 * those within its content-visibility margin below (Chromium's: 1.5 times the view, 900 px in a
 * 600 px popup, which rows of 80 px and more fill from the list's top at about 300 px). The others
 * it would skip: their room, kept for them until the next frame, is the height they take then, so
 * nothing changes when they arrive, the scrollbar included.
 */
export const FIRST_SCREEN = 15;

/**
 * Of `target` rows, those to render now: `revealed` (the state the list keeps) and REVEAL_STEP more,
 * then as many again each frame until all are there. `revealing` while some are still to come.
 */
export function useRevealedRows(
  target: number,
  revealed: number,
  setRevealed: (shown: number) => void,
): { shown: number; revealing: boolean } {
  const shown = Math.min(target, revealed + REVEAL_STEP);
  useEffect(() => {
    if (revealed >= shown) return;
    const frame = requestAnimationFrame(() => setRevealed(shown));
    return () => cancelAnimationFrame(frame);
  }, [revealed, shown]);
  return { shown, revealing: shown < target };
}

// --- Stable callbacks ------------------------------------------------------------------------

/**
 * A function that stays the same across renders and always calls the latest `fn`: rows compare
 * their callbacks to decide whether to render again, and a new closure per render would render
 * every row.
 */
export function useStableCallback<A extends unknown[], R>(
  fn: (...args: A) => R,
): (...args: A) => R {
  const latest = useRef(fn);
  latest.current = fn;
  return useCallback((...args: A) => latest.current(...args), []);
}
