// Where the popup's first paint comes from: the reads of popup-data.ts, started as early as
// possible (lib/storage/early-read.ts says why): main.tsx starts them while the page's script is
// still evaluating.
import { readFirstPaint, watchPopupData, type PopupData } from '@/lib/mention-view/popup-data';
import { earlyReader, startEarlyRead, type EarlyRead } from '@/lib/storage/early-read';

type Change = Partial<Omit<PopupData, 'store' | 'triage'>>;

export type FirstPaintSource = EarlyRead<PopupData, Change>;

const reader = earlyReader(() => startEarlyRead(readFirstPaint, watchPopupData));

/** Starts the first paint's reads and watches now (the popup's entry point calls it first). */
export const prefetchFirstPaint: () => void = reader.prefetch;

/** The prefetched source, once; a fresh one for every later mount. */
export const takeFirstPaint: () => FirstPaintSource = reader.take;
