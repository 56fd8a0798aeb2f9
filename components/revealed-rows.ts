// How many rows a long list renders now. Rows appended to a list (a page after "Show more" or a
// scroll) arrive REVEAL_STEP a frame, so their style and layout stay well inside one frame instead
// of making a long task of it. Both the popup's list and the mentions page's results pace so.
import { useEffect } from 'preact/hooks';

/**
 * Rows added per frame. Measured on a 2-core machine: 50 clamped rows cost 30-40 ms of style and
 * layout plus their render, a long task (over 50 ms) with the frame's other work; 25 still made one
 * now and then; 10 keep scrolling to row 5,000 free of them (`npm run bench -- interaction`). A page
 * is still 5 frames, under 0.1 s, and arrives before it scrolls into view.
 */
export const REVEAL_STEP = 10;

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
