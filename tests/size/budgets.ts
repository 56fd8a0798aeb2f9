// Size budgets, in bytes gzipped (KB = 1,000 bytes, as Vite prints them). A budget covers all the
// JS its entry loads up front: the entry's own script and every chunk it imports; the mentions
// page's covers what it loads later too, its chart library included.
//
// These are generous ceilings that catch an accident (a page pulling in another page's code, a
// library bundled twice, a dependency far heavier than expected), not targets to build down to.
import type { EntrySize } from './bundle-sizes';

export const GZIP_BUDGETS: Partial<Record<EntrySize['name'], number>> = {
  popup: 56_000,
  background: 56_000,
  mentions: 80_000,
};
