// Our modal dialogs: the frame every one of them opens in (ModalDialog), and the one that asks a
// question before something that cannot be undone (ConfirmDialog; in the popup, before opening
// many tabs). The native <dialog> traps focus, closes on Escape and makes the rest of the page
// inert.
import type { ComponentChildren } from 'preact';
import { useEffect, useRef } from 'preact/hooks';
import { t } from '@/lib/i18n';

/**
 * A <dialog> shown modal while its component is mounted: opened on mount (or marked open where
 * showModal is missing, as in the test DOM), the first focus put where the dialog wants it, closed
 * on unmount. With `restoreFocus`, focus goes back to what had it before, if that is still on the
 * page (the popup's help and phrase dialogs); the confirm dialog leaves that to its caller.
 */
export function useModalDialog(
  focusFirst: () => void,
  { restoreFocus = false }: { restoreFocus?: boolean } = {},
): { current: HTMLDialogElement | null } {
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const element = dialog.current;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (element && !element.open) {
      if (typeof element.showModal === 'function') element.showModal();
      else element.setAttribute('open', '');
    }
    focusFirst();
    return () => {
      if (element?.open) element.close();
      if (restoreFocus && opener?.isConnected) opener.focus();
    };
    // Once, on mount: the dialog opens once and closes when it unmounts.
  }, []);
  return dialog;
}

interface ModalDialogProps {
  /** The dialog's class ('confirm-dialog' unless it has a look of its own). */
  class?: string;
  /** The ids of the element that names the dialog and of the one that describes it. */
  titleId: string;
  textId?: string;
  /** Where the first focus goes. */
  focusFirst(): void;
  restoreFocus?: boolean;
  /** Esc or the browser's own cancel. */
  onCancel(): void;
  /** Keeps every key inside the dialog: the popup's shortcuts must not act behind it. */
  ownKeys?: boolean;
  children: ComponentChildren;
}

export function ModalDialog(props: ModalDialogProps) {
  const dialog = useModalDialog(props.focusFirst, { restoreFocus: props.restoreFocus });
  return (
    <dialog
      ref={dialog}
      class={props.class ?? 'confirm-dialog'}
      aria-labelledby={props.titleId}
      aria-describedby={props.textId}
      onCancel={(event) => {
        event.preventDefault();
        props.onCancel();
      }}
      onKeyDown={(event) => {
        if (props.ownKeys) event.stopPropagation();
        // Handled here, so the toolbar popup does not take Esc as "close the popup".
        if (event.key !== 'Escape') return;
        event.preventDefault();
        props.onCancel();
      }}
    >
      {props.children}
    </dialog>
  );
}

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

/**
 * The first focus goes to the safe choice. Where focus goes after it closes is the caller's to say.
 */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const cancel = useRef<HTMLButtonElement>(null);
  const onCancel = () => {
    if (!props.busy) props.onCancel();
  };

  return (
    <ModalDialog
      titleId="confirm-title"
      textId="confirm-message"
      focusFirst={() => cancel.current?.focus()}
      onCancel={onCancel}
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
        <button type="button" ref={cancel} class="secondary" onClick={onCancel}>
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
    </ModalDialog>
  );
}
