// The popup's keyboard shortcuts: lib/mention-view/keyboard.ts says which command a key press means,
// runKeyCommand whether it applies to what is on screen, and carries it out.
import { useEffect, useRef } from 'preact/hooks';
import type { ListControl } from '@/components/MentionList';
import { isField, keyCommand, type KeyCommand } from '@/lib/mention-view/keyboard';

/** What the shortcuts act on, as it is when the key is pressed. */
interface KeyTargets {
  /** The site form covers the list and the filters: only Refresh still applies. */
  formOpen: boolean;
  /** The popup is set up, so there is something to refresh. */
  canRefresh: boolean;
  refresh(): void;
  /** The project filter, when it is on screen. */
  filter: { focus(): void } | null;
  /** The list, when it is on screen. */
  list: ListControl | null;
  /** A dialog is open (the help, a question): it has the keys (Esc closes it), the popup's are off. */
  helpOpen: boolean;
  openHelp(): void;
}

/**
 * Carries out a shortcut pressed with focus in the list (`inList`) or elsewhere. False when it does
 * not apply to what is on screen: the key then does what it would do anyway.
 */
export function runKeyCommand(action: KeyCommand, inList: boolean, on: KeyTargets): boolean {
  if (on.helpOpen) return false;
  if (action === 'help') {
    on.openHelp();
    return true;
  }
  if (on.formOpen && action !== 'refresh') return false;
  switch (action) {
    case 'refresh':
      if (!on.canRefresh) return false;
      on.refresh();
      return true;
    case 'filter':
      if (!on.filter) return false;
      on.filter.focus();
      return true;
    case 'open':
    case 'toggle-read':
    case 'toggle-save':
    case 'menu':
      if (!on.list) return false;
      on.list.act(action);
      return true;
    default:
      if (!on.list) return false;
      on.list.move(action, inList);
      return true;
  }
}

/**
 * Listens to keys on the whole popup. `targets` is asked at each press (the list and the filter
 * are elements that come and go), and the listener itself is bound once.
 */
export function usePopupKeys(targets: () => KeyTargets): void {
  const latest = useRef(targets);
  latest.current = targets;
  useEffect(() => {
    const listener = (event: KeyboardEvent) => {
      const target = event.target instanceof Element ? event.target : null;
      const inList = target?.closest('[data-mention-list]') != null;
      const action = keyCommand(event, { inField: isField(target), inList });
      if (action !== null && runKeyCommand(action, inList, latest.current())) {
        event.preventDefault();
      }
    };
    document.addEventListener('keydown', listener);
    return () => document.removeEventListener('keydown', listener);
  }, []);
}
