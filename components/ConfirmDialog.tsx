// A modal question before something that cannot be undone (or, in the popup, before opening many
// tabs). The native <dialog> traps focus, closes on Escape and makes the rest of the page inert; the
// first focus goes to the safe choice. Where focus goes after it closes is the caller's to say.
import type { ComponentChildren } from 'preact';
import { useRef } from 'preact/hooks';
import { useModalDialog } from '@/components/use-modal-dialog';
import { t } from '@/lib/i18n';

export interface ConfirmDialogProps {
  title: string;
  message: string;
  confirmLabel: string;
  /** The safe choice's words (default: the options page's "Cancel"). */
  cancelLabel?: string;
  onConfirm(): void;
  onCancel(): void;
  /** A question of its own inside the dialog (a checkbox), between the message and the buttons. */
  children?: ComponentChildren;
  /** While the action runs: buttons stay but do nothing. */
  busy?: boolean;
  /** The action failed: said inside the dialog, which stays open for another try. */
  error?: string;
  danger?: boolean;
}

export function ConfirmDialog(props: ConfirmDialogProps) {
  const cancel = useRef<HTMLButtonElement>(null);
  const dialog = useModalDialog(() => cancel.current?.focus());

  return (
    <dialog
      ref={dialog}
      class="confirm-dialog"
      aria-labelledby="confirm-title"
      aria-describedby="confirm-message"
      onCancel={(event) => {
        event.preventDefault();
        if (!props.busy) props.onCancel();
      }}
      onKeyDown={(event) => {
        // Handled here, so the toolbar popup does not take Esc as "close the popup".
        if (event.key !== 'Escape') return;
        event.preventDefault();
        if (!props.busy) props.onCancel();
      }}
    >
      <h2 id="confirm-title">{props.title}</h2>
      <p id="confirm-message">{props.message}</p>
      {props.children}
      {props.error && (
        <p class="form-error" role="alert">
          {props.error}
        </p>
      )}
      <div class="actions">
        <button
          type="button"
          ref={cancel}
          class="secondary"
          onClick={() => {
            if (!props.busy) props.onCancel();
          }}
        >
          {props.cancelLabel ?? t('optionsCancel')}
        </button>
        <button
          type="button"
          class={props.danger ? 'danger' : 'primary'}
          aria-disabled={props.busy ? 'true' : undefined}
          onClick={() => {
            if (!props.busy) props.onConfirm();
          }}
        >
          {props.busy ? t('optionsWorking') : props.confirmLabel}
        </button>
      </div>
    </dialog>
  );
}
