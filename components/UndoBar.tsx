// A short report of what was just done ("Marked 12 mentions as read.", "Muted author Jane Doe") with
// its Undo, for a few seconds; it stays while the pointer or focus is on it.
import { useEffect, useRef, useState } from 'preact/hooks';
import { t } from '@/lib/i18n';

const UNDO_MS = 8_000;

export interface UndoBarProps {
  /** What was done, in words. */
  message: string;
  onUndo(): void;
  onDismiss(): void;
  timeoutMs?: number;
}

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
