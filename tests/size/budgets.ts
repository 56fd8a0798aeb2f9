// Size budgets from issue 8, in bytes gzipped (KB = 1,000 bytes, as Vite prints them). A budget
// covers all the JS its entry loads up front: the entry's own script and every chunk it imports;
// the mentions page's (issue 17) covers what it loads later too, its chart library included.
import type { EntrySize } from './bundle-sizes';

export const GZIP_BUDGETS: Partial<Record<EntrySize['name'], number>> = {
  popup: 30_000,
  background: 30_000,
  mentions: 80_000,
};
