// A menu opened by a button (a mention's "More actions", the toolbar's "Snooze notifications"),
// as the ARIA menu button pattern has it: focus moves into the menu, the arrow keys, Home and End
// move between its items, Enter or Space choose one, Esc and Tab close it; focus then goes back to
// the button. A press outside closes it too. It floats over the page (position: fixed, placed by its
// button, above it when there is no room below), so no list around it clips it or scrolls it away.
// Loaded with the menus that use it, never with the popup's first paint.
import type { ComponentChildren } from 'preact';
import { useLayoutEffect, useRef } from 'preact/hooks';

export interface MenuItem {
  /** What the item does, as it reads (its accessible name). */
  label: ComponentChildren;
  onSelect(): void;
  /** Starts a group of its own (a line above it). */
  section?: boolean;
}

interface MenuProps {
  /** The button that opened it: the menu is named by it, placed by it, and focus returns to it. */
  button: HTMLElement;
  items: readonly MenuItem[];
  /** The item focused on opening (default the first). */
  initialFocus?: number;
  /** Closed without a choice, or before a choice is carried out. `refocus`: give focus back. */
  onClose(refocus: boolean): void;
}

/** Space between the menu and its button, and at least this much to the page's edges (px). */
const GAP = 4;
const EDGE = 8;

function place(menu: HTMLElement, button: HTMLElement): void {
  const b = button.getBoundingClientRect();
  const m = menu.getBoundingClientRect();
  const below = b.bottom + GAP;
  const above = b.top - GAP - m.height;
  const fitsBelow = below + m.height <= innerHeight - EDGE;
  const top = fitsBelow || above < EDGE ? Math.min(below, innerHeight - EDGE - m.height) : above;
  // The menu's end lines up with the button's end: the right edge, or the left one right-to-left.
  const rtl = getComputedStyle(menu).direction === 'rtl';
  const left = rtl ? b.left : b.right - m.width;
  menu.style.top = `${Math.max(EDGE, top)}px`;
  menu.style.left = `${Math.max(EDGE, Math.min(left, innerWidth - EDGE - m.width))}px`;
}

export function Menu({ button, items, initialFocus = 0, onClose }: MenuProps) {
  const menu = useRef<HTMLDivElement>(null);
  const close = useRef(onClose);
  close.current = onClose;

  const itemsOf = () => [
    ...(menu.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []),
  ];

  useLayoutEffect(() => {
    const element = menu.current;
    if (!element) return;
    const follow = () => place(element, button);
    follow();
    itemsOf()[initialFocus]?.focus();
    const outside = (event: Event) => {
      const target = event.target as Node;
      if (!element.contains(target) && !button.contains(target)) close.current(false);
    };
    // The list scrolls under a fixed menu: it follows its button.
    addEventListener('scroll', follow, true);
    addEventListener('resize', follow);
    document.addEventListener('pointerdown', outside, true);
    return () => {
      removeEventListener('scroll', follow, true);
      removeEventListener('resize', follow);
      document.removeEventListener('pointerdown', outside, true);
    };
  }, [button]);

  function onKeyDown(event: KeyboardEvent) {
    const all = itemsOf();
    const at = all.indexOf(document.activeElement as HTMLElement);
    const moveTo = (index: number) => all[(index + all.length) % all.length]?.focus();
    switch (event.key) {
      case 'ArrowDown':
        moveTo(at + 1);
        break;
      case 'ArrowUp':
        moveTo(at - 1);
        break;
      case 'Home':
        moveTo(0);
        break;
      case 'End':
        moveTo(all.length - 1);
        break;
      case 'Escape':
      case 'Tab':
        close.current(true);
        break;
      default:
        // Enter and Space choose the focused item (its button's own keys); the page's shortcuts
        // stay out of the menu.
        event.stopPropagation();
        return;
    }
    event.preventDefault();
    event.stopPropagation();
  }

  return (
    <div
      ref={menu}
      class="menu"
      role="menu"
      aria-labelledby={button.id || undefined}
      onKeyDown={onKeyDown}
    >
      {items.map((item, index) => (
        <button
          key={index}
          type="button"
          role="menuitem"
          tabIndex={-1}
          class={item.section ? 'menu__item menu__item--section' : 'menu__item'}
          onClick={() => {
            close.current(true);
            item.onSelect();
          }}
        >
          {item.label}
        </button>
      ))}
    </div>
  );
}
