// @vitest-environment happy-dom
// The one way our dialogs open: modal on mount with the first focus where the dialog puts it,
// closed on unmount, and focus given back to the opener only when the dialog asks for that.
import { cleanup, fireEvent, render, screen } from '@testing-library/preact';
import { useRef, useState } from 'preact/hooks';
import { afterEach, describe, expect, it } from 'vitest';
import { useModalDialog } from '@/components/use-modal-dialog';

afterEach(cleanup);

function Dialog({ restoreFocus, onClose }: { restoreFocus: boolean; onClose(): void }) {
  const first = useRef<HTMLButtonElement>(null);
  const dialog = useModalDialog(() => first.current?.focus(), { restoreFocus });
  return (
    <dialog ref={dialog} aria-label="A dialog">
      <button type="button" ref={first} onClick={onClose}>
        Close
      </button>
    </dialog>
  );
}

function Page({ restoreFocus }: { restoreFocus: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <main>
      <button type="button" onClick={() => setOpen(true)}>
        Opener
      </button>
      {open && <Dialog restoreFocus={restoreFocus} onClose={() => setOpen(false)} />}
    </main>
  );
}

function open(restoreFocus: boolean): HTMLElement {
  render(<Page restoreFocus={restoreFocus} />);
  const opener = screen.getByRole('button', { name: 'Opener' });
  opener.focus();
  fireEvent.click(opener);
  return opener;
}

describe('useModalDialog', () => {
  it('opens the dialog on mount and puts the first focus where the dialog says', () => {
    open(false);
    const dialog = screen.getByRole('dialog', { name: 'A dialog' }) as HTMLDialogElement;
    expect(dialog.open).toBe(true);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Close' }));
  });

  it('gives focus back to the opener on close when asked', () => {
    const opener = open(true);
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it('leaves focus to the caller otherwise', () => {
    const opener = open(false);
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).not.toBe(opener);
  });
});
