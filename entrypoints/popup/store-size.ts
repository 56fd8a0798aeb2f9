// How many mentions the popup's first read said the store holds (its preview's count; null before
// that read, or without a preview). Taking in a large store is spread over several tasks (the read
// in slices, the view, the render); a small one is taken in at once, as soon as it is read.
let known: number | null = null;

/** Notes the store's size from the first read. */
export function noteStoreSize(mentions: number | null): void {
  known = mentions;
}

export function storeSize(): number | null {
  return known;
}
