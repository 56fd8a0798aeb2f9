// A <dialog> shown modal while its component is mounted: opened on mount (or marked open where
// showModal is missing, as in the test DOM), the first focus put where the dialog wants it, closed on
// unmount. With `restoreFocus`, focus goes back to what had it before, if that is still on the page
// (the popup's help and phrase dialogs); the confirm dialog leaves that to its caller.
import { useEffect, useRef } from 'preact/hooks';

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
