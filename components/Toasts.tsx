// What floats over a list to tell the reader something, so it never pushes the rows under their
// eyes: a short report (StatusToast), a report of what was just done with its Undo (UndoBar), and
// the mentions that arrived while the popup is open (NewArrivals).
import { useEffect, useRef, useState } from 'preact/hooks';
import { t, tn } from '@/lib/i18n';

export interface Report {
  text: string;
  tone: 'info' | 'error';
}

/**
 * A refresh's result or a failed command, over the bottom of the popup. The live region is always
 * present, so each new report is announced.
 */
export function StatusToast({ report }: { report: Report | null }) {
  return (
    <div class="toast-region" role="status">
      {report && <div class={`toast toast--${report.tone}`}>{report.text}</div>}
    </div>
  );
}

const UNDO_MS = 8_000;

interface UndoBarProps {
  /** What was done, in words. */
  message: string;
  onUndo(): void;
  onDismiss(): void;
  timeoutMs?: number;
}

/**
 * What was just done ("Marked 12 mentions as read.", "Muted author Jane Doe") with its Undo, for a
 * few seconds; it stays while the pointer or focus is on it.
 */
export function UndoBar({ message, onUndo, onDismiss, timeoutMs = UNDO_MS }: UndoBarProps) {
  const [held, setHeld] = useState(false);
  const dismiss = useRef(onDismiss);
  dismiss.current = onDismiss;

  useEffect(() => {
    if (held) return;
    const timer = setTimeout(() => dismiss.current(), timeoutMs);
    return () => clearTimeout(timer);
  }, [held, timeoutMs, message]);

  return (
    <div
      class="undo"
      onMouseEnter={() => setHeld(true)}
      onMouseLeave={() => setHeld(false)}
      onFocusIn={() => setHeld(true)}
      onFocusOut={() => setHeld(false)}
    >
      <span role="status">{message}</span>
      <button type="button" class="button button--inverse" onClick={onUndo}>
        {t('popupUndo')}
      </button>
    </div>
  );
}

/** Mentions that arrived while the popup is open wait behind this button, over the list's top. */
export function NewArrivals({ count, onShow }: { count: number; onShow(): void }) {
  return (
    <button type="button" class="arrivals" onClick={onShow}>
      <span aria-hidden="true">↑</span> {tn('popupShowNew', count)}
    </button>
  );
}
