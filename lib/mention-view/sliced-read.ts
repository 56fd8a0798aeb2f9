// Everything storage.local holds, read in slices of keys. One get(null) of a 5,000-mention store
// (3.3 MB) comes back as one reply, and turning it into script values was one task of 50 to 90 ms
// on a 2-core machine, in the popup's first second (`npm run bench -- first-paint`). Asked for in
// slices of SLICE_KEYS keys, the replies arrive as tasks of a few milliseconds each, between which
// the page can paint and answer input. What the slices miss or read twice while the background
// writes is what a reader following the store already handles: it watches changes from before the
// read and applies them after it (lib/mentions/mention-storage.ts followMentionStore).

/** About 250 KB of records a slice at the caps: a reply of a few milliseconds. */
export const SLICE_KEYS = 400;

export interface SliceableArea {
  get(keys: string[] | null): Promise<Record<string, unknown>>;
  /** Chrome 130+, Firefox 143+; without it the area is read in one call. */
  getKeys?: () => Promise<string[]>;
}

export async function readAllInSlices(
  area: SliceableArea,
  sliceKeys = SLICE_KEYS,
): Promise<Record<string, unknown>> {
  if (typeof area.getKeys !== 'function') return area.get(null);
  const keys = await area.getKeys();
  const slices: string[][] = [];
  for (let at = 0; at < keys.length; at += sliceKeys) slices.push(keys.slice(at, at + sliceKeys));
  const replies = await Promise.all(slices.map((slice) => area.get(slice)));
  return Object.assign({}, ...replies) as Record<string, unknown>;
}
