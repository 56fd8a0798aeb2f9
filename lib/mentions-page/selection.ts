// Which rows of the mentions page are selected for a bulk action, as checkboxes in mail apps work:
// a click toggles one row and makes it the anchor; a Shift-click sets every row from the anchor to
// the clicked one to the anchor's state (so it selects a run after a selection, and clears one
// after a clearing), then the clicked row becomes the anchor for the next Shift-click.
// Rows are named by keyString(keyOf(mention)); `order` is the list as shown, top to bottom.

export interface Selection {
  keys: ReadonlySet<string>;
  /** The last row clicked: where a Shift-click's range starts. Null before any click. */
  anchor: string | null;
}

export const NO_SELECTION: Selection = Object.freeze({ keys: new Set<string>(), anchor: null });

/**
 * A click on a row's checkbox: toggles it; with shift, sets the range from the anchor to it (in
 * `order`) to the anchor's state. A Shift-click with no anchor shown (none yet, or filtered out),
 * or on the anchor itself, toggles like a plain click: there is no range to speak of.
 */
export function clickRow(
  sel: Selection,
  key: string,
  shift: boolean,
  order: readonly string[],
): Selection {
  const keys = new Set(sel.keys);
  const from = shift && sel.anchor !== null && sel.anchor !== key ? order.indexOf(sel.anchor) : -1;
  const to = from === -1 ? -1 : order.indexOf(key);
  if (to === -1) {
    if (keys.has(key)) keys.delete(key);
    else keys.add(key);
    return { keys, anchor: key };
  }
  const select = sel.keys.has(sel.anchor!);
  for (let index = Math.min(from, to); index <= Math.max(from, to); index++) {
    if (select) keys.add(order[index]);
    else keys.delete(order[index]);
  }
  return { keys, anchor: key };
}

/** Every row shown, including those on pages not rendered yet ("select all matching"). */
export function selectAll(order: readonly string[]): Selection {
  return { keys: new Set(order), anchor: null };
}

/**
 * Keeps only keys still in `order` (after the results change): a bulk action must never reach a
 * row the person can no longer see. The same object when nothing left, so state stays still.
 */
export function keepShown(sel: Selection, order: readonly string[]): Selection {
  if (sel.keys.size === 0 && sel.anchor === null) return sel;
  const shown = new Set(order);
  const keys = new Set([...sel.keys].filter((key) => shown.has(key)));
  const anchor = sel.anchor !== null && shown.has(sel.anchor) ? sel.anchor : null;
  if (keys.size === sel.keys.size && anchor === sel.anchor) return sel;
  return { keys, anchor };
}
