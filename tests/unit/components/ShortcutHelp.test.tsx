// @vitest-environment happy-dom
// The keyboard help: every key of the one table, focus in on opening, Esc or Close closes it, and
// focus goes back where it was. (axe runs over it in the real popup: tests/e2e/shortcuts.test.ts.)
import { cleanup, fireEvent, render, screen, within } from '@testing-library/preact';
import { useState } from 'preact/hooks';
import { afterEach, describe, expect, it } from 'vitest';
import { ShortcutHelp } from '@/components/ShortcutHelp';
import { SHORTCUTS } from '@/lib/mention-view/keyboard';

afterEach(cleanup);

/** A page with a button that opens the help, as ? does in the popup. */
function Page() {
  const [open, setOpen] = useState(false);
  return (
    <main>
      <button type="button" onClick={() => setOpen(true)}>
        Opener
      </button>
      {open && <ShortcutHelp onClose={() => setOpen(false)} />}
    </main>
  );
}

function openHelp(): HTMLElement {
  render(<Page />);
  const opener = screen.getByRole('button', { name: 'Opener' });
  opener.focus();
  fireEvent.click(opener);
  return opener;
}

const dialog = () => screen.queryByRole('dialog', { name: 'Keyboard shortcuts' });

describe('ShortcutHelp', () => {
  it('is a dialog named by its heading, listing every key and what it does', () => {
    openHelp();
    const help = dialog()!;
    expect(help).toBeTruthy();
    expect(within(help).getByRole('heading', { name: 'Keyboard shortcuts' })).toBeTruthy();
    const rows = within(help).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(SHORTCUTS.length);
    const text = rows.map((row) => row.textContent);
    expect(text).toEqual([
      'j or ↓Next mention',
      'k or ↑Previous mention',
      'HomeFirst mention',
      'EndLast mention',
      'Enter or oOpen the mention',
      'mMark the mention read or unread',
      'sSave the mention for later, or remove it from Saved',
      'xMore actions for the mention (mute…)',
      'rCheck for new mentions now',
      '/Choose a project to show',
      '?Show this help',
      'EscClose this help',
    ]);
    expect(
      within(help)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Keys', 'What it does']);
  });

  it('takes focus, and Esc closes it and gives focus back', () => {
    const opener = openHelp();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Close' }));
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    expect(dialog()).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it('closes with Close too, and with the dialog’s own cancel', () => {
    const opener = openHelp();
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(dialog()).toBeNull();
    expect(document.activeElement).toBe(opener);

    fireEvent.click(opener);
    fireEvent(dialog()!, new Event('cancel', { cancelable: true }));
    expect(dialog()).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it('leaves other keys alone', () => {
    openHelp();
    fireEvent.keyDown(document.activeElement!, { key: 'j' });
    fireEvent.keyDown(document.activeElement!, { key: '?' });
    expect(dialog()).toBeTruthy();
  });
});
