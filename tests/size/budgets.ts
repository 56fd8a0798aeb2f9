// Size budgets, in bytes gzipped (KB = 1,000 bytes, as Vite prints them). A budget covers all the
// JS its entry loads up front: the entry's own script and every chunk it imports; the mentions
// page's (issue 17) covers what it loads later too, its chart library included.
//
// The background's goal (issue 19) is 27 KB. It is at 28.5 KB: the budget holds what was won
// (from 29.5) so it cannot slip back, and comes down as the rest is found (README, Performance).
import type { EntrySize } from './bundle-sizes';

export const GZIP_BUDGETS: Partial<Record<EntrySize['name'], number>> = {
  popup: 30_000,
  background: 29_000,
  mentions: 80_000,
};
