// The popup's keyboard shortcuts, as a pure mapping from a key press to a command. Enter needs no
// entry: it activates the focused link or button natively.

export type KeyCommand =
  'next' | 'previous' | 'first' | 'last' | 'toggle-read' | 'refresh' | 'filter';

export interface KeyPress {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
}

/**
 * `inField`: focus is in a text field or a select, where letters and arrows belong to the field.
 * `inList`: focus is on a mention, where arrows and Home/End move between mentions.
 */
export function keyCommand(
  press: KeyPress,
  where: { inField: boolean; inList: boolean },
): KeyCommand | null {
  // Ctrl+R reloads, Alt+letters are menu keys: shortcuts are plain keys only.
  if (press.ctrlKey || press.metaKey || press.altKey || where.inField) return null;
  switch (press.key) {
    case 'j':
      return 'next';
    case 'k':
      return 'previous';
    case 'ArrowDown':
      return 'next';
    case 'ArrowUp':
      return where.inList ? 'previous' : null;
    case 'Home':
      return where.inList ? 'first' : null;
    case 'End':
      return where.inList ? 'last' : null;
    case 'm':
      return where.inList ? 'toggle-read' : null;
    case 'r':
      return 'refresh';
    case '/':
      // Some layouts need Shift for "/": Shift is allowed here.
      return 'filter';
    default:
      return null;
  }
}

/** Whether an element takes typed keys itself (text fields, selects, editable content). */
export function isField(target: EventTarget | null): boolean {
  if (!(target instanceof Element)) return false;
  if (target instanceof HTMLSelectElement || target instanceof HTMLTextAreaElement) return true;
  if (target instanceof HTMLInputElement) {
    return !['button', 'checkbox', 'radio', 'submit', 'reset'].includes(target.type);
  }
  return target instanceof HTMLElement && target.isContentEditable;
}
