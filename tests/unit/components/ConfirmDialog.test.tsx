// @vitest-environment happy-dom
// The shared question dialog (options: disconnect, remove a project; popup: Open all above 10):
// named by its title, the safe choice focused first, Esc and Cancel answer no, busy ignores both.
// And the one way our dialogs open (useModalDialog): modal on mount with the first focus where the
// dialog puts it, closed on unmount, and focus given back to the opener only when the dialog asks.
import { cleanup, fireEvent, render, screen } from '@testing-library/preact';
import { useRef, useState } from 'preact/hooks';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ConfirmDialog, useModalDialog } from '@/components/ConfirmDialog';

afterEach(() => cleanup());

function renderDialog(props: Partial<Parameters<typeof ConfirmDialog>[0]> = {}) {
  const onConfirm = vi.fn();
  const onCancel = vi.fn();
  render(
    <ConfirmDialog
      title="Open 23 mentions?"
      message="Each opens in a background tab."
      confirmLabel="Open 23 tabs"
      onConfirm={onConfirm}
      onCancel={onCancel}
      {...props}
    />,
  );
  return { onConfirm, onCancel, dialog: screen.getByRole('dialog', { name: 'Open 23 mentions?' }) };
}

describe('ConfirmDialog', () => {
  it('is named by its title, described by its message, and focuses the safe choice', () => {
    const { dialog } = renderDialog();
    expect(dialog.getAttribute('aria-describedby')).toBe('confirm-message');
    expect(document.getElementById('confirm-message')?.textContent).toBe(
      'Each opens in a background tab.',
    );
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Cancel' }));
  });

  it('says Cancel in the caller’s words when given', () => {
    renderDialog({ cancelLabel: 'Not now' });
    expect(screen.getByRole('button', { name: 'Not now' })).toBe(document.activeElement);
    expect(screen.queryByRole('button', { name: 'Cancel' })).toBeNull();
  });

  it('the confirm button confirms; Cancel and Esc cancel', () => {
    const { onConfirm, onCancel, dialog } = renderDialog();
    fireEvent.click(screen.getByRole('button', { name: 'Open 23 tabs' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(onCancel).toHaveBeenCalledTimes(2);
  });

  it('while busy, neither answer does anything', () => {
    const { onConfirm, onCancel, dialog } = renderDialog({ busy: true });
    fireEvent.click(screen.getByRole('button', { name: 'Working…' }));
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(onConfirm).not.toHaveBeenCalled();
    expect(onCancel).not.toHaveBeenCalled();
  });
});

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
