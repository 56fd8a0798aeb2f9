// The popup's keyboard shortcuts. SHORTCUTS is the one table of every key: keyCommand maps a key
// press to a command through it, the "Keys: …" line under the list (shortcutHint) and the help
// overlay (components/ShortcutHelp.tsx) list it, so what is said and what is done cannot drift.
// Enter and Esc are listed but not mapped (`native`): Enter activates the focused link or button
// itself, Esc closes the help dialog or a menu (their own key).
import { t, type MessageKey } from '@/lib/i18n';

export type KeyCommand =
  | 'next'
  | 'previous'
  | 'first'
  | 'last'
  | 'open'
  | 'toggle-read'
  | 'toggle-save'
  | 'menu'
  | 'refresh'
  | 'filter'
  | 'help';

/** A row of the table: a command, or a key only a dialog or a menu handles (Esc). */
type ShortcutAction = KeyCommand | 'close';

interface ShortcutKey {
  /** KeyboardEvent.key. */
  key: string;
  /** As the help shows it (the key itself when absent). */
  shown?: string;
  /** Only with focus on a mention: elsewhere the key keeps its usual meaning (scrolling). */
  inList?: true;
  /** Listed, but the browser (Enter on a link) or the open dialog (Esc) does it. */
  native?: true;
}

interface Shortcut {
  action: ShortcutAction;
  keys: readonly ShortcutKey[];
  /** What it does, in the help overlay. */
  does: MessageKey;
}

export const SHORTCUTS: readonly Shortcut[] = [
  { action: 'next', keys: [{ key: 'j' }, { key: 'ArrowDown', shown: '↓' }], does: 'popupKeyNext' },
  {
    action: 'previous',
    keys: [{ key: 'k' }, { key: 'ArrowUp', shown: '↑', inList: true }],
    does: 'popupKeyPrevious',
  },
  { action: 'first', keys: [{ key: 'Home', inList: true }], does: 'popupKeyFirst' },
  { action: 'last', keys: [{ key: 'End', inList: true }], does: 'popupKeyLast' },
  {
    action: 'open',
    keys: [
      { key: 'Enter', native: true },
      { key: 'o', inList: true },
    ],
    does: 'popupKeyOpen',
  },
  { action: 'toggle-read', keys: [{ key: 'm', inList: true }], does: 'popupKeyToggleRead' },
  { action: 'toggle-save', keys: [{ key: 's', inList: true }], does: 'popupKeyToggleSave' },
  { action: 'menu', keys: [{ key: 'x', inList: true }], does: 'popupKeyMenu' },
  { action: 'refresh', keys: [{ key: 'r' }], does: 'popupKeyRefresh' },
  // Some layouts need Shift for "/" and "?": keyCommand does not look at Shift.
  { action: 'filter', keys: [{ key: '/' }], does: 'popupKeyFilter' },
  { action: 'help', keys: [{ key: '?' }], does: 'popupKeyHelp' },
  { action: 'close', keys: [{ key: 'Escape', shown: 'Esc', native: true }], does: 'popupKeyClose' },
];

/** The short line under the list: these rows' first keys, each group with its verb. */
const HINT: readonly { actions: readonly ShortcutAction[]; brief: MessageKey }[] = [
  { actions: ['next', 'previous'], brief: 'popupHintMove' },
  { actions: ['open'], brief: 'popupHintOpen' },
  { actions: ['toggle-read'], brief: 'popupHintToggleRead' },
  { actions: ['toggle-save'], brief: 'popupHintToggleSave' },
  { actions: ['refresh'], brief: 'popupHintRefresh' },
  { actions: ['filter'], brief: 'popupHintFilter' },
  { actions: ['help'], brief: 'popupHintHelp' },
];

/** How a key reads on screen. */
export function shownKey(key: ShortcutKey): string {
  return key.shown ?? key.key;
}

/** Every action of HINT has its row in SHORTCUTS (keyboard.test.ts). */
function shortcutOf(action: ShortcutAction): Shortcut {
  return SHORTCUTS.find((s) => s.action === action)!;
}

/** "Keys: j/k move, Enter opens, …": the keys read from SHORTCUTS. */
export function shortcutHint(): string {
  const items = HINT.map(({ actions, brief }) =>
    t('popupHintItem', [actions.map((a) => shownKey(shortcutOf(a).keys[0])).join('/'), t(brief)]),
  );
  return t('popupShortcuts', items.join(', '));
}

interface KeyPress {
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
  for (const { action, keys } of SHORTCUTS) {
    const key = keys.find((k) => k.key === press.key);
    if (key) return key.native || (key.inList && !where.inList) ? null : (action as KeyCommand);
  }
  return null;
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
