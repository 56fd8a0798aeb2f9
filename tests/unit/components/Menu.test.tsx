// @vitest-environment happy-dom
// The menu of a menu button: named by its button, focus in on opening (the item asked for), the
// arrows wrap, Home/End, Esc and Tab close with focus back on the button, a press outside closes
// without taking focus, and a choice closes first, then acts.
import { cleanup, fireEvent, render, screen } from '@testing-library/preact';
import { useRef, useState } from 'preact/hooks';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Menu } from '@/components/Menu';

afterEach(cleanup);

function Page({
  onSelect,
  initialFocus,
}: {
  onSelect: (item: string) => void;
  initialFocus?: number;
}) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const items = ['One', 'Two', 'Three'].map((label, i) => ({
    label,
    onSelect: () => onSelect(label),
    section: i === 2,
  }));
  return (
    <main>
      <button type="button" id="opener" ref={button} onClick={() => setOpen(true)}>
        Actions
      </button>
      <button type="button">Elsewhere</button>
      {open && button.current && (
        <Menu
          button={button.current}
          items={items}
          initialFocus={initialFocus}
          onClose={(refocus) => {
            setOpen(false);
            if (refocus) button.current?.focus();
          }}
        />
      )}
    </main>
  );
}

function open(props: Partial<Parameters<typeof Page>[0]> = {}) {
  const onSelect = vi.fn();
  render(<Page onSelect={onSelect} {...props} />);
  const opener = screen.getByRole('button', { name: 'Actions' });
  fireEvent.click(opener);
  return { opener, onSelect, menu: screen.getByRole('menu', { name: 'Actions' }) };
}

const focused = () => document.activeElement?.textContent;
const key = (k: string) => fireEvent.keyDown(document.activeElement!, { key: k });

describe('Menu', () => {
  it('is named by its button, floats, and focuses the item asked for', () => {
    const { menu } = open({ initialFocus: 1 });
    expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual([
      'One',
      'Two',
      'Three',
    ]);
    expect(menu.style.top).not.toBe('');
    expect(focused()).toBe('Two');
    expect(screen.getByRole('menuitem', { name: 'Three' }).className).toContain('section');
  });

  it('arrows wrap, Home and End jump, and other keys stay inside', () => {
    const outside = vi.fn();
    document.addEventListener('keydown', outside);
    open();
    key('ArrowUp');
    expect(focused()).toBe('Three');
    key('ArrowDown');
    expect(focused()).toBe('One');
    key('End');
    expect(focused()).toBe('Three');
    key('Home');
    expect(focused()).toBe('One');
    key('j');
    expect(outside).not.toHaveBeenCalled();
    document.removeEventListener('keydown', outside);
  });

  for (const closing of ['Escape', 'Tab']) {
    it(`${closing} closes it; focus goes back to the button`, () => {
      const { opener, onSelect } = open();
      key(closing);
      expect(screen.queryByRole('menu')).toBeNull();
      expect(document.activeElement).toBe(opener);
      expect(onSelect).not.toHaveBeenCalled();
    });
  }

  it('a choice closes it, focus on the button, then acts', () => {
    const { opener, onSelect } = open();
    fireEvent.click(screen.getByRole('menuitem', { name: 'Two' }));
    expect(onSelect).toHaveBeenCalledWith('Two');
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it('a press outside closes it and leaves the focus where it goes', () => {
    const { onSelect } = open();
    const elsewhere = screen.getByRole('button', { name: 'Elsewhere' });
    fireEvent.pointerDown(elsewhere);
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).not.toBe(screen.getByRole('button', { name: 'Actions' }));
    expect(onSelect).not.toHaveBeenCalled();
  });
});
