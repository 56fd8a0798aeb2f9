// Pages of the mention list far from view hold no rows, only their height. Scrolled to row 5,000,
// the list would otherwise keep 5,000 rows (some 150,000 DOM nodes and their Preact trees) alive:
// the garbage collector marks all of them on every major collection, and those collections came
// as tasks of 50 to 90 ms in the middle of a scroll (`npm run bench -- interaction`). A far page
// keeps the height it had when it left, so nothing on screen moves; when it comes near again it
// renders its rows before it is in view, and scroll anchoring keeps the visible rows still if its
// height changed meanwhile.
import type { RefObject } from 'preact';
import { useCallback, useLayoutEffect, useRef, useState } from 'preact/hooks';

/** Near is within this distance of the visible part of the list: two popup heights. */
export const NEAR_MARGIN_PX = 1200;

export interface FarPages {
  /** The height of each far page, by its first row's index; pages not listed render their rows. */
  heights: ReadonlyMap<number, number>;
  /** Renders a far page's rows again now (the keyboard is about to move onto one of them). */
  bringNear(start: number): void;
}

/** A page element's first row: its key among the pages (MentionPage's data-start). */
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
